// Every agent hook's runtime: what runs inside the agent's session when it
// searches (PreToolUse on Bash, Grep, Glob), reads a file (PostToolUse on
// Read), starts and ends. The agent-side wiring (which hooks, in which
// settings file) is setup's. Entry of dist/hook.js, loaded by `scry hook …`
// and run directly by bin/scry-hook, the shell step before it.
import { scryHome } from '../paths';
import { deadlineMs, hookInput, type HookIo } from './io';
import { runPreToolUse } from './pretool';
import { runReadHook } from './read';
import { runClineTaskHook } from './cline';
import { runSessionEndHook } from './session';

export { runSessionEndHook, runSessionStartHook, sessionStartOutput, type SessionStartOutput } from './session';
export { candidatesOf, preToolOutput, runPreToolUse, type PreToolOutput } from './pretool';
export { runReadHook } from './read';
export type { HookIo } from './io';

export const HOOK_EVENTS = ['pretooluse', 'posttooluse', 'session-end', 'cline-task-complete'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Runs one hook; always 0, whatever the input: the agent's call goes ahead. */
export async function runHook(event: string, io: HookIo): Promise<number> {
  try {
    if (event === 'session-end') return await runSessionEndHook(io);
    if (event === 'cline-task-complete') return await runClineTaskHook(io);
    const input = await hookInput(io.stdin, deadlineMs(io.env));
    if (event === 'pretooluse') return await runPreToolUse(io, input);
    if (event === 'posttooluse') return await runReadHook(io, input);
  } catch {
    // A hook never fails the agent's tool call.
  }
  return 0;
}

/** dist/hook.js as a program: `node dist/hook.js EVENT`, the hook input on stdin. */
export function hookMain(argv: readonly string[] = process.argv.slice(2)): void {
  const io: HookIo = { home: scryHome(), stdin: process.stdin, write: (s) => void process.stdout.write(s), env: process.env, cwd: process.cwd() };
  void runHook(argv[0] ?? '', io).then((code) => {
    process.exitCode = code;
    // A connect or a read given up on must not keep the agent waiting.
    setTimeout(() => process.exit(code), 30).unref();
  });
}

if (require.main === module) hookMain();
