// Runs an indexer as a child process, keeping the tail of its output for the
// one-line error and the status report.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';

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

/**
 * Linux: puts the calling thread under SCHED_IDLE (chrt, util-linux), where it
 * runs only on a CPU nothing else wants and is preempted at once. For the
 * build worker's ingest while an indexer runs beside it: at nice 10 or even 19
 * it still cost scip-typescript on rxjs ~11% of its wall time on 2 cores
 * (wake-up latency of the indexer's own threads), under SCHED_IDLE ~3%. An
 * unprivileged thread cannot leave SCHED_IDLE, so this is for a thread that
 * ends with its build. Best effort: without chrt the thread stays as it is.
 */
export function idleThisThread(): void {
  if (process.platform !== 'linux') return;
  let tid: string | undefined;
  try {
    tid = fs.readlinkSync('/proc/thread-self').split('/').pop();
  } catch {
    return;
  }
  if (!tid) return;
  const chrt = spawn('chrt', ['--idle', '-p', '0', tid], { stdio: 'ignore' });
  chrt.on('error', () => undefined);
  chrt.unref();
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  outputTail: string;
  durationMs: number;
}

const TAIL_BYTES = 4096;

/**
 * The guard every indexer runs under on POSIX: `sh -c GUARD_SCRIPT scry-indexer
 * COMMAND ARGS...`, started as the leader of a process group of its own with
 * the read end of a pipe as its stdin. A watcher forked off the shell reads
 * that pipe, which is never written: its end means the daemon is gone,
 * however it went (a SIGKILL included), and the watcher kills the whole group.
 * The shell then execs the indexer, which keeps the group's pid, so its exit
 * code or signal is the run's own. Node has no PR_SET_PDEATHSIG; a pipe a
 * process of the group watches is the portable form of it, and a shell starts
 * it in a millisecond where a Node guard took ~40.
 */
export const GUARD_SCRIPT = [
  // Keep the lifeline on fd 3: an asynchronous list's stdin is /dev/null in a shell without job control.
  'exec 3<&0 </dev/null',
  '(while read -r _; do :; done <&3; kill -KILL 0) >/dev/null 2>&1 &',
  'exec 3<&- "$@"',
].join('\n');

/** The guard's argv[0], as `ps` shows it until the exec. */
export const GUARD_NAME = 'scry-indexer-guard';

/**
 * Runs an indexer in a process group of its own, under the guard (see
 * GUARD_SCRIPT), whose stdin is a pipe from this process: the group is killed
 * when this process ends, however it ends, and on abort. onSpawn gets the
 * group's id (the indexer's pid), which is what a pid file records.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal; onOutput?: (text: string) => void; onSpawn?: (pid: number) => void },
): Promise<RunResult> {
  const started = performance.now();
  // Process groups are POSIX: on Windows the indexer runs as a plain child, stopped by itself on abort.
  const posix = process.platform !== 'win32';
  return new Promise((resolve, reject) => {
    const child = posix
      ? spawn('/bin/sh', ['-c', GUARD_SCRIPT, GUARD_NAME, command, ...args], {
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
