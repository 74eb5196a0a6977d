// Aider: `.aider.chat.history.md` in the folder Aider ran in (its git root
// by default), on every OS alike. Found through the repos Scry indexes, and
// under any folder config.yaml names (memory.sources.aider), searched a few
// levels deep. Aider has no session-end hook: the sweep picks histories up.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distillAider } from '../distill/aider';
import type { TranscriptSource } from './source';
import { entries } from './walk';

export const AIDER_HISTORY = '.aider.chat.history.md';
const SKIP = new Set(['node_modules', '.git', 'dist', 'build', 'target', 'vendor', '.venv', 'venv']);

export const aider = {
  id: 'aider',
  holds: `an Aider ${AIDER_HISTORY} or a folder holding repos with one`,
  configKey: 'aider',
  conversational: true,
  defaultRoots: ({ repos }) => [...(repos?.() ?? [])],
  discover: (root) => {
    if (path.basename(root) === AIDER_HISTORY && isFile(root)) return [{ path: root }];
    const out: Array<{ path: string }> = [];
    const visit = (dir: string, depth: number): void => {
      const here = path.join(dir, AIDER_HISTORY);
      if (isFile(here)) out.push({ path: here });
      if (depth >= 3) return;
      for (const e of entries(dir)) if (e.isDirectory() && !SKIP.has(e.name) && !e.name.startsWith('.')) visit(path.join(dir, e.name), depth + 1);
    };
    visit(root, 0);
    return out;
  },
  distill: distillAider,
} as const satisfies TranscriptSource<'aider'>;

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}
