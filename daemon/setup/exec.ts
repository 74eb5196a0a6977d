// Running the agents' own CLIs (claude, codex). They are found on PATH like a
// user would run them; a missing one is an answer, not an error.
import { spawnSync } from 'node:child_process';
import { findOnPath } from '../which';

export interface ToolRun {
  found: boolean;
  code: number | null;
  stdout: string;
  stderr: string;
}

export type Runner = (bin: string, args: readonly string[]) => ToolRun;

export function runTool(bin: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): ToolRun {
  const r = spawnSync(bin, args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
  const err = r.error as NodeJS.ErrnoException | undefined;
  if (err?.code === 'ENOENT') return { found: false, code: null, stdout: '', stderr: '' };
  return { found: true, code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? (err ? err.message : '') };
}

/** A command line as a person would type it (for printing, never for running). */
export function shellLine(bin: string, args: readonly string[]): string {
  return [bin, ...args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** Whether an executable of that name is on PATH (without running it). */
export const onPath = (bin: string, env: NodeJS.ProcessEnv = process.env): boolean => findOnPath(bin, env) !== undefined;
