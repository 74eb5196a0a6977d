// What every hook shares: its input JSON on stdin, read within a deadline,
// and a daemon asked only if it is already running, given up on after that
// deadline. A hook never delays or breaks the agent: on any failure it prints
// nothing and exits 0.
import { connectRunning, type RpcClient } from '../client';

export interface HookIo {
  home: string;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  write: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** A few hundred ms: Claude Code waits for SessionStart and PreToolUse hooks, and gives all SessionEnd hooks ~1.5 s together. */
export const HOOK_DEADLINE_MS = 400;

/** SCRY_HOOK_DEADLINE_MS, else the default. */
export const deadlineMs = (env: NodeJS.ProcessEnv, fallback = HOOK_DEADLINE_MS): number => {
  const n = Number(env.SCRY_HOOK_DEADLINE_MS);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Resolves to undefined after `ms`, whatever `work` does. */
export function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
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

/** The hook's input JSON object; {} when stdin is a terminal, empty, not JSON or not an object. */
export async function hookInput(stdin: HookIo['stdin'], ms: number): Promise<Record<string, unknown>> {
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

/** Runs `work` on a running daemon within `ms`; undefined when none answers in time (nothing is started). */
export async function ask<R>(home: string, work: (c: RpcClient) => Promise<R>, ms: number): Promise<R | undefined> {
  let client: RpcClient | undefined;
  const attempt = (async () => {
    client = await connectRunning(home);
    return client ? await work(client) : undefined;
  })();
  const r = await within(attempt, ms);
  client?.dispose();
  return r;
}

/** A string field of the input, or undefined. */
export const field = (o: unknown, key: string): string | undefined => {
  const v = typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
};
