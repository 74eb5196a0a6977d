// The two memory hooks Claude Code and Codex run at every session boundary. Each reads
// the hook's JSON from stdin, talks only to a daemon that is already running,
// gives up after a short deadline, prints nothing on any failure, and always
// exits 0.
//  - `scry memory orient --hook`: SessionStart. The orientation block as
//    {"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":…}}.
//  - `scry hook session-end`: SessionEnd. Hands transcript_path to the daemon,
//    which answers at once and ingests in the background; with no daemon in
//    time, the path goes into $SCRY_HOME/memory/inbox.jsonl for the next start.
import * as path from 'node:path';
import { appendInbox, inboxFile } from '../inbox';
import { ask, deadlineMs, hookInput, type HookIo } from './io';

/** The memory declarations, evaluated only by these two hooks (a search hook never needs them). */
const memory = (): typeof import('../protocol/memory') => require('../protocol/memory') as typeof import('../protocol/memory');

/**
 * The agent whose SessionEnd hook this is; the daemon's source registry says
 * which transcripts it writes. Both clients send the same input, so the hook
 * command says which one runs it: Codex's carries SCRY_HOOK_AGENT=codex,
 * Gemini CLI's SCRY_HOOK_AGENT=gemini-cli.
 */
const AGENTS = new Set(['claude-code', 'codex', 'gemini-cli']);
export const agentOf = (env: NodeJS.ProcessEnv): string => (env.SCRY_HOOK_AGENT && AGENTS.has(env.SCRY_HOOK_AGENT) ? env.SCRY_HOOK_AGENT : 'claude-code');

export interface SessionStartOutput {
  hookSpecificOutput: { hookEventName: 'SessionStart'; additionalContext: string };
}

export const sessionStartOutput = (text: string): SessionStartOutput => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: text } });

/** `scry memory orient --hook`. */
export async function runSessionStartHook(io: HookIo, params: { cwd?: string; budget?: number }): Promise<number> {
  const started = Date.now();
  const total = deadlineMs(io.env);
  const input = await hookInput(io.stdin, total);
  const cwd = typeof input.cwd === 'string' && input.cwd.length > 0 ? path.resolve(input.cwd) : (params.cwd ?? io.cwd);
  const left = Math.max(1, total - (Date.now() - started));
  const r = await ask(io.home, (c) => c.request(memory().MemoryOrient.type, { cwd, hook: true, ...(params.budget ? { budget: params.budget } : {}) }), left);
  if (r && r.text.trim() !== '') io.write(`${JSON.stringify(sessionStartOutput(r.text))}\n`);
  return 0;
}

/** `scry hook session-end`. */
export async function runSessionEndHook(io: HookIo): Promise<number> {
  const started = Date.now();
  const total = deadlineMs(io.env);
  const input = await hookInput(io.stdin, total);
  const transcript = input.transcript_path;
  if (typeof transcript !== 'string' || transcript.length === 0) return 0;
  await handOver(io, agentOf(io.env), path.resolve(io.cwd, transcript), Math.max(1, total - (Date.now() - started)));
  return 0;
}

/** Gives a finished transcript to a running daemon within `left` ms, else to the inbox its next start reads. */
export async function handOver(io: HookIo, agent: string, file: string, left: number): Promise<void> {
  const r = await ask(io.home, (c) => c.request(memory().MemoryQueueFile.type, { agent, path: file, hook: true }), left);
  if (r !== undefined) return;
  try {
    appendInbox(inboxFile(io.home), { agent, path: file, at: new Date().toISOString() });
  } catch {
    // A session must end cleanly even when SCRY_HOME is not writable; the next sweep finds the transcript anyway.
  }
}
