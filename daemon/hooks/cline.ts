// `scry hook cline-task-complete`: what Cline's TaskComplete hook runs (the
// executable setup/cline-hooks.ts writes). Cline sends {clineVersion,
// hookName, timestamp, taskId, workspaceRoots, userId, taskComplete} on
// stdin and no transcript path, so the hook finds the task folder by its id
// (each editor's globalStorage, then ~/.cline/data/tasks) and hands its
// ui_messages.json over like session-end does. It prints nothing: the
// executable around it answers Cline.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { clineTaskRoots } from '../memory/sources/cline-roots';
import { deadlineMs, hookInput, type HookIo } from './io';
import { handOver } from './session';

/** A task id is one folder name (Cline uses the start time in ms); anything with a separator or dots is not one. */
const TASK_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The task's ui_messages.json, in the first root that has the task, or undefined. */
export function clineTaskFile(taskId: string, where: { home: string; env: NodeJS.ProcessEnv }): string | undefined {
  if (!TASK_ID.test(taskId)) return undefined;
  for (const root of clineTaskRoots(where)) {
    const file = path.join(root, taskId, 'ui_messages.json');
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

export async function runClineTaskHook(io: HookIo): Promise<number> {
  const started = Date.now();
  const total = deadlineMs(io.env);
  const input = await hookInput(io.stdin, total);
  if (typeof input.taskId !== 'string') return 0;
  const file = clineTaskFile(input.taskId, { home: io.env.HOME || os.homedir(), env: io.env });
  if (file === undefined) return 0;
  await handOver(io, 'cline', file, Math.max(1, total - (Date.now() - started)));
  return 0;
}
