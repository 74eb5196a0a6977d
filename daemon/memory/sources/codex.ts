// Codex CLI rollouts: ~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl (and
// archived_sessions), under $CODEX_HOME when it is set.
import * as path from 'node:path';
import { distillCodex } from '../distill/codex';
import type { TranscriptSource } from './source';
import { filesUnder } from './walk';

export const codex = {
  id: 'codex',
  holds: 'a Codex rollout .jsonl or a sessions folder',
  configKey: 'codex',
  conversational: true,
  sessionEnd: 'codex',
  defaultRoots: ({ home, env }) => {
    const codexHome = env.CODEX_HOME ?? path.join(home, '.codex');
    return [path.join(codexHome, 'sessions'), path.join(codexHome, 'archived_sessions')];
  },
  discover: (root) => filesUnder(root, (name) => name.startsWith('rollout-') && name.endsWith('.jsonl')),
  distill: distillCodex,
} as const satisfies TranscriptSource<'codex'>;
