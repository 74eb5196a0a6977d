// Cline (saoudrizwan.claude-dev) and Roo Code (rooveterinaryinc.roo-cline):
// one folder per task under the extension's globalStorage,
// `<User>/globalStorage/<extension id>/tasks/<task id>/ui_messages.json`,
// for VS Code, VS Code Insiders, Cursor, VSCodium and code-server on Linux,
// macOS and Windows (editors.ts has each `User` folder); Cline's CLI keeps
// the same layout under ~/.cline/data. A task folder is one source, tracked
// by its ui_messages.json. The sweep picks tasks up; Cline's TaskComplete
// hook, when `scry setup` wired it (setup/cline-hooks.ts), hands a finished
// task over at once. Roo Code has no hooks: the sweep alone reads it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distillTask, type TaskAgent } from '../distill/cline';
import { CLINE_EXTENSION, clineTaskRoots, ROO_EXTENSION } from './cline-roots';
import { globalStorageDirs } from './editors';
import type { SourceHome, TranscriptSource } from './source';
import { entries } from './walk';

const UI_MESSAGES = 'ui_messages.json';
export { CLINE_EXTENSION, ROO_EXTENSION } from './cline-roots';

function taskSource<const Id extends TaskAgent>(id: Id, name: string, extensionId: string, extraRoots: (where: SourceHome) => string[]) {
  return {
    id,
    holds: `a ${name} task folder (tasks/<id>/ui_messages.json) or a tasks folder`,
    configKey: id,
    conversational: true,
    defaultRoots: (where: SourceHome) => {
      const roots = globalStorageDirs(where, extensionId).map((d) => path.join(d, 'tasks'));
      for (const s of where.editorStorage?.() ?? []) roots.push(path.join(s.userDir, 'globalStorage', extensionId, 'tasks'));
      return [...new Set([...roots, ...extraRoots(where)])];
    },
    discover: (root: string) => {
      if (path.basename(root) === UI_MESSAGES) return [{ path: root }];
      if (fs.existsSync(path.join(root, UI_MESSAGES))) return [{ path: path.join(root, UI_MESSAGES) }];
      const tasks = fs.existsSync(path.join(root, 'tasks')) ? path.join(root, 'tasks') : root;
      return entries(tasks)
        .filter((e) => e.isDirectory() && fs.existsSync(path.join(tasks, e.name, UI_MESSAGES)))
        .map((e) => ({ path: path.join(tasks, e.name, UI_MESSAGES) }));
    },
    isSource: (dir: string) => fs.existsSync(path.join(dir, UI_MESSAGES)),
    trackedFile: (p: string) => (fs.existsSync(path.join(p, UI_MESSAGES)) ? path.join(p, UI_MESSAGES) : p),
    distill: distillTask(id),
  } as const satisfies TranscriptSource<Id>;
}

/** Cline's TaskComplete hook hands its task over as agent `cline`. */
export const cline = { ...taskSource('cline', 'Cline', CLINE_EXTENSION, (where) => clineTaskRoots(where).slice(-1)), sessionEnd: 'cline' } as const;
export const roo = taskSource('roo', 'Roo Code', ROO_EXTENSION, () => []);
