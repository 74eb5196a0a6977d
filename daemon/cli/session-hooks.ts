// The two memory commands Claude Code runs at every session boundary. They
// must never delay or break a session: each reads the hook's JSON from stdin,
// talks only to a daemon that is already running, gives up after a short
// deadline, prints nothing on any failure, and always exits 0.
//  - `scry memory orient --hook`: SessionStart. The orientation block as
//    {"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":…}}.
//  - `scry hook session-end`: SessionEnd. Hands transcript_path to the daemon,
//    which answers at once and ingests in the background; with no daemon in
//    time, the path goes into $SCRY_HOME/memory/inbox.jsonl for the next start.
import * as path from 'node:path';
import { connectRunning, type RpcClient } from '../client';
import { appendInbox, inboxFile } from '../inbox';
import { memoryProtocol } from './methods';

/** The agent whose SessionEnd hook this is; the daemon's source registry says which transcripts it writes. */
const AGENT = 'claude-code';

/** A few hundred ms: Claude Code waits for SessionStart hooks before the session starts, and gives all SessionEnd hooks ~1.5 s together. */
export const HOOK_DEADLINE_MS = 400;

const deadlineMs = (env: NodeJS.ProcessEnv): number => {
  const n = Number(env.SCRY_HOOK_DEADLINE_MS);
  return Number.isFinite(n) && n > 0 ? n : HOOK_DEADLINE_MS;
};

export interface SessionStartOutput {
  hookSpecificOutput: { hookEventName: 'SessionStart'; additionalContext: string };
}

export const sessionStartOutput = (text: string): SessionStartOutput => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: text } });

/** Resolves to undefined after `ms`, whatever `work` does. */
function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    work.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });
}

/** The hook's input JSON; nothing when stdin is a terminal, empty or not JSON. */
async function hookInput(stdin: NodeJS.ReadStream, ms: number): Promise<Record<string, unknown>> {
  if (stdin.isTTY) return {};
  const read = (async () => {
    let text = '';
    for await (const chunk of stdin) text += String(chunk);
    return text;
  })();
  const text = await within(read, ms);
  try {
    const v: unknown = JSON.parse(text ?? '');
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function ask<R>(home: string, work: (c: RpcClient) => Promise<R>, ms: number): Promise<R | undefined> {
  let client: RpcClient | undefined;
  const attempt = (async () => {
    client = await connectRunning(home);
    return client ? await work(client) : undefined;
  })();
  const r = await within(attempt, ms);
  client?.dispose();
  return r;
}

export interface HookIo {
  home: string;
  stdin: NodeJS.ReadStream;
  write: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** `scry memory orient --hook`. */
export async function runSessionStartHook(io: HookIo, params: { cwd?: string; budget?: number }): Promise<number> {
  const started = Date.now();
  const total = deadlineMs(io.env);
  const input = await hookInput(io.stdin, total);
  const cwd = typeof input.cwd === 'string' && input.cwd.length > 0 ? path.resolve(input.cwd) : (params.cwd ?? io.cwd);
  const left = Math.max(1, total - (Date.now() - started));
  const r = await ask(io.home, (c) => c.request(memoryProtocol().MemoryOrient.type, { cwd, hook: true, ...(params.budget ? { budget: params.budget } : {}) }), left);
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
  const file = path.resolve(io.cwd, transcript);
  const left = Math.max(1, total - (Date.now() - started));
  const r = await ask(io.home, (c) => c.request(memoryProtocol().MemoryQueueFile.type, { agent: AGENT, path: file, hook: true }), left);
  if (r === undefined) {
    try {
      appendInbox(inboxFile(io.home), { agent: AGENT, path: file, at: new Date().toISOString() });
    } catch {
      // A session must end cleanly even when SCRY_HOME is not writable; the next sweep finds the transcript anyway.
    }
  }
  return 0;
}
