// Seed files: markdown a user writes under $SCRY_HOME/seeds to teach memory
// what no transcript says (see distill/seed.ts for the format).
import * as path from 'node:path';
import { distillSeed } from '../distill/seed';
import type { TranscriptSource } from './source';
import { filesUnder } from './walk';

export const seed = {
  id: 'seed',
  holds: 'a markdown seed file or a folder of them',
  configKey: 'seeds',
  conversational: false,
  defaultRoots: ({ scryHome }) => [path.join(scryHome, 'seeds')],
  discover: (root) => filesUnder(root, (name) => /\.(md|markdown)$/i.test(name)),
  distill: distillSeed,
} as const satisfies TranscriptSource<'seed'>;
