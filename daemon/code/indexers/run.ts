// Runs an indexer as a child process, keeping the tail of its output for the
// one-line error and the status report.
import { spawn } from 'node:child_process';
import * as os from 'node:os';

/** An indexer yields the CPU to the daemon's queries (and to the agent's own work): nice 10. */
export const INDEXER_NICE = 10;

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

export function runProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal; onOutput?: (text: string) => void; onSpawn?: (pid: number) => void },
): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    if (child.pid !== undefined) {
      lowerPriority(child.pid);
      options.onSpawn?.(child.pid);
    }
    let tail = '';
    const keep = (chunk: Buffer): void => {
      const text = chunk.toString('utf8');
      options.onOutput?.(text);
      tail = (tail + text).slice(-TAIL_BYTES);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code === 'ABORT_ERR') resolve({ code: null, signal: 'SIGTERM', outputTail: tail, durationMs: performance.now() - started });
      else reject(err);
    });
    child.on('close', (code, signal) => resolve({ code, signal, outputTail: tail, durationMs: performance.now() - started }));
  });
}
