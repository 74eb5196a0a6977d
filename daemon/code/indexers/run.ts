// Runs an indexer as a child process, keeping the tail of its output for the
// one-line error and the status report.
import { spawn } from 'node:child_process';

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
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
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
