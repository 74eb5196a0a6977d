// Starting, finding and stopping the daemon: one implementation for the CLI,
// `scry mcp` and the editor's supervisor. A daemon is spawned detached (it
// outlives its client), recorded under SCRY_HOME/starting/<pid> until it
// serves (so `scry stop` finds one still booting, whoever started it), and
// its early stderr kept in logs/scryd.stderr for the start error.
import * as fs from 'node:fs';
import type * as net from 'node:net';
import * as path from 'node:path';
import { DaemonUnavailableError, ErrorCode, ScryError } from '../errors';
import { daemonEnv } from '../malloc-env';
import { ensureHome, logDir, socketPath, startingDir } from '../paths';
import { Ping, Shutdown } from '../protocol/daemon';
import { isAlive } from './process';
import { RpcClient } from './rpc';
import { tryConnect } from './socket';

export interface LaunchOptions {
  home: string;
  /** dist/daemon.js; defaults to the file beside the running bundle. */
  daemonScript?: string;
  /** The Node that runs the daemon; defaults to this process's. */
  nodePath?: string;
  /** Extra environment for the daemon. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export class DaemonStartError extends ScryError {
  override readonly code = ErrorCode.DaemonUnavailable;
  constructor(message: string) {
    super(message, 'See the daemon log under SCRY_HOME/logs, or run scry start --foreground to see why it does not start');
  }
}

export interface SpawnedDaemon {
  readonly pid: number | undefined;
  /** undefined while it runs; how it ended once it has. */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined;
  spawnError(): Error | undefined;
}

/**
 * glibc's allocator settings for the daemon, so its RSS comes back near where
 * it started once builds end and stores close (test/bench/idle-memory.bench.ts
 * measures each against the others). MALLOC_ARENA_MAX: every thread that
 * allocates (the build worker, libuv's pool) otherwise gets an arena of its
 * own, which keeps what it freed; two, not one, so the main thread does not
 * wait on a worker's allocations (with the idle GC, 1 and 2 measured the
 * same, 1.06-1.10x). MALLOC_MMAP_THRESHOLD_: blocks of 32 KiB
 * and more get pages of their own, returned when freed, instead of sitting
 * in the arena where one live block left above them pins everything below;
 * that alone took the idle daemon from 1.36x to 1.05x its starting RSS.
 * MALLOC_TRIM_THRESHOLD_: setting these turns off glibc's sliding
 * thresholds, which after one large block is freed let an arena keep up to
 * 32 MB of free memory at its top; 128 KiB is glibc's own starting value.
 * The user's environment wins over each; SCRY_GLIBC_DEFAULTS=1 leaves glibc
 * to its own (the benchmark's baseline). The daemon keeps them to itself
 * (malloc-env.ts): the processes it starts get the user's own.
 */
export { DAEMON_MALLOC_ENV } from '../malloc-env';

export const stderrFile = (home: string): string => path.join(logDir(home), 'scryd.stderr');

/** Starts a daemon, detached so it outlives this process; does not wait for it. */
export function spawnDaemon(options: LaunchOptions): SpawnedDaemon {
  ensureHome(options.home);
  const logs = logDir(options.home);
  fs.mkdirSync(logs, { recursive: true, mode: 0o700 });
  // The daemon writes its own log; stderr only carries what happens before the
  // log opens (a native module that does not load, a syntax error).
  const stderr = fs.openSync(stderrFile(options.home), 'w', 0o600);
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  let spawnError: Error | undefined;
  let pid: number | undefined;
  try {
    const child = childProcess().spawn(options.nodePath ?? process.execPath, [options.daemonScript ?? path.join(__dirname, 'daemon.js')], {
      detached: true,
      stdio: ['ignore', 'ignore', stderr],
      cwd: options.home,
      // ELECTRON_RUN_AS_NODE would leak from an editor's extension host into a Node that is not Electron.
      env: { ...daemonEnv({ ...process.env, ...options.env }), SCRY_HOME: options.home, ELECTRON_RUN_AS_NODE: undefined },
    });
    child.on('exit', (code, signal) => (exit = { code, signal }));
    child.on('error', (err) => (spawnError = err));
    child.unref();
    pid = child.pid;
  } finally {
    fs.closeSync(stderr);
  }
  if (pid !== undefined) {
    try {
      fs.mkdirSync(startingDir(options.home), { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(startingDir(options.home), String(pid)), '');
    } catch {
      // Only `scry stop` during the daemon's boot relies on this; never fail a start over it.
    }
  }
  return { pid, exit: () => exit, spawnError: () => spawnError };
}

/** Polls the socket until the spawned daemon (or the one that won the start race) answers. */
export async function waitForSocket(options: LaunchOptions, spawned: SpawnedDaemon): Promise<net.Socket> {
  const sock = socketPath(options.home);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  while (Date.now() < deadline) {
    await sleep(delay);
    delay = Math.min(delay * 2, 50);
    const socket = await tryConnect(sock);
    if (socket) return socket;
    const err = spawned.spawnError();
    if (err) throw new DaemonStartError(`could not start ${options.nodePath ?? process.execPath}: ${err.message}`);
    // Exit code 0 means it lost the start race: another daemon is coming up.
    const exit = spawned.exit();
    if (exit && exit.code !== 0) {
      const tail = readTail(stderrFile(options.home));
      throw new DaemonStartError(`the daemon exited (${exit.signal ?? `code ${exit.code}`}) while starting${tail ? `: ${tail}` : ''}`);
    }
  }
  throw new DaemonStartError(`the daemon did not answer on ${sock} within ${timeoutMs} ms`);
}

/** The running daemon, or undefined when nothing answers on the socket. */
export async function connectRunning(home: string): Promise<RpcClient | undefined> {
  const socket = await tryConnect(socketPath(home));
  return socket ? new RpcClient(socket) : undefined;
}

/** Connects to the daemon, starting one when none answers (unless spawn is false). */
export async function connectDaemon(options: LaunchOptions & { spawn?: boolean }): Promise<RpcClient> {
  const running = await connectRunning(options.home);
  if (running) return running;
  if (options.spawn === false) throw new DaemonUnavailableError(socketPath(options.home), 'no daemon is running');
  return new RpcClient(await waitForSocket(options, spawnDaemon(options)));
}

export interface StopResult {
  /** The pid of the serving daemon that was stopped. */
  stopped?: number;
  /** Daemons stopped while still booting. */
  booting: number;
  /** The serving daemon did not go on request and was sent SIGTERM. */
  forced: boolean;
}

/**
 * Stops this SCRY_HOME's daemon: asks the serving one to shut down and waits
 * until its process is gone (SIGTERM after `timeoutMs`), and terminates any a
 * client spawned that is not serving yet.
 */
export async function stopDaemon(home: string, timeoutMs = 10_000): Promise<StopResult> {
  const result: StopResult = { booting: await stopBooting(home), forced: false };
  const conn = await connectRunning(home);
  if (!conn) return result;
  let pid: number;
  try {
    pid = (await conn.request(Ping.type, {})).pid;
    const closed = new Promise<void>((resolve) => conn.onClose(() => resolve()));
    // The daemon may close the socket before its answer arrives; either one means it is going.
    await Promise.race([conn.request(Shutdown.type, {}).catch(() => undefined), closed]);
  } finally {
    conn.dispose();
  }
  if (!(await waitForExit(pid, timeoutMs))) {
    result.forced = true;
    killQuietly(pid, 'SIGTERM');
    await waitForExit(pid, 5_000);
  }
  result.stopped = pid;
  return result;
}

/** Terminates daemons a client spawned that are not serving yet (see startingDir); returns how many. */
async function stopBooting(home: string): Promise<number> {
  let entries: string[];
  try {
    entries = fs.readdirSync(startingDir(home));
  } catch {
    return 0;
  }
  let stopped = 0;
  for (const name of entries) {
    const pid = Number(name);
    const file = path.join(startingDir(home), name);
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    if (!killQuietly(pid, 'SIGTERM')) continue;
    await waitForExit(pid, 5_000);
    fs.rmSync(file, { force: true });
    stopped++;
  }
  return stopped;
}

export async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await sleep(25);
  }
  return !isAlive(pid);
}

function killQuietly(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

function readTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-3).join(' | ').slice(-500);
  } catch {
    return '';
  }
}

// Loaded only when a daemon must be started: node:child_process costs a few
// milliseconds to load, and the warm path (a daemon answers) never needs it.
const childProcess = (): typeof import('node:child_process') => require('node:child_process') as typeof import('node:child_process');

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
