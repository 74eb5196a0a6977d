// Runs an indexer as a child process, keeping the tail of its output for the
// one-line error and the status report.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** An indexer yields the CPU to the daemon's queries (and to the agent's own work): nice 10. */
export const INDEXER_NICE = 10;

/** Holds the running indexer's pid during a build (see live/known.ts). */
export const INDEXER_PID_FILE = 'indexer.pid';

/** Lowers a process's (or, with pid 0 on Linux, the calling thread's) scheduling priority; best effort. */
export function lowerPriority(pid: number, nice = INDEXER_NICE): void {
  try {
    if (os.getPriority(pid) < nice) os.setPriority(pid, nice);
  } catch {
    // Not permitted or not supported here: the build still runs, at normal priority.
  }
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  outputTail: string;
  durationMs: number;
}

const TAIL_BYTES = 4096;

/**
 * dist/indexer-guard.js (see guard-main.ts): beside the running bundle (the
 * build worker), or in dist/ when this runs from the sources.
 */
export function guardFile(): string | undefined {
  const candidates = [path.join(__dirname, 'indexer-guard.js'), path.resolve(__dirname, '..', '..', '..', 'dist', 'indexer-guard.js')];
  return candidates.find((f) => fs.existsSync(f));
}

/**
 * Runs an indexer in a process group of its own, led by the guard, whose
 * stdin is a pipe from this process: the group is killed when this process
 * ends, however it ends, and on abort. onSpawn gets the group's id (the
 * guard's pid), which is what a pid file records.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal; onOutput?: (text: string) => void; onSpawn?: (pid: number) => void },
): Promise<RunResult> {
  const started = performance.now();
  // Process groups are POSIX: on Windows the indexer runs as a plain child, stopped by itself on abort.
  const posix = process.platform !== 'win32';
  const guard = posix ? guardFile() : undefined;
  return new Promise((resolve, reject) => {
    const child = guard
      ? spawn(process.execPath, [guard, command, ...args], {
          cwd: options.cwd,
          env: options.env ?? process.env,
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: true,
        })
      : spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: posix });
    const group = child.pid;
    const killGroup = (): void => {
      if (group === undefined) return;
      try {
        if (posix) process.kill(-group, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // already gone
      }
    };
    if (group !== undefined) {
      lowerPriority(group);
      options.onSpawn?.(group);
    }
    options.signal?.addEventListener('abort', killGroup, { once: true });
    if (options.signal?.aborted) killGroup();
    let tail = '';
    const keep = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      options.onOutput?.(text);
      tail = (tail + text).slice(-TAIL_BYTES);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // The lifeline is never written; an error on it means the guard is gone, which 'close' reports.
    child.stdin?.on('error', () => undefined);
    child.on('error', (err) => {
      options.signal?.removeEventListener('abort', killGroup);
      reject(err);
    });
    child.on('close', (code, signal) => {
      options.signal?.removeEventListener('abort', killGroup);
      resolve({ code, signal, outputTail: tail, durationMs: performance.now() - started });
    });
  });
}
