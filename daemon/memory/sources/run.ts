// Autonomous runs: a directory holding state.json (RUN_FORMAT.md), under
// $SCRY_HOME/runs. A run is tracked by its state.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distillRun } from '../distill/run';
import type { TranscriptSource } from './source';
import { isDir, walk } from './walk';

export const run = {
  id: 'run',
  holds: 'a run directory or a folder of them',
  configKey: 'runs',
  conversational: false,
  defaultRoots: ({ scryHome }) => [path.join(scryHome, 'runs')],
  discover: (root) => {
    const out: Array<{ path: string }> = [];
    walk(root, (p, name) => name === 'state.json' && void out.push({ path: path.dirname(p) }));
    return out;
  },
  isSource: (dir) => fs.existsSync(path.join(dir, 'state.json')),
  trackedFile: (p) => (isDir(p) ? path.join(p, 'state.json') : p),
  distill: distillRun,
} as const satisfies TranscriptSource<'run'>;
