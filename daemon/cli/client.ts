// Connects to the daemon, spawning it (detached, outliving this process) when
// nothing answers on the socket. Two clients racing both spawn; the daemon's
// lock lets one win and both clients connect to it.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { DaemonUnavailableError } from '../errors';
import { ensureHome, logDir, socketPath, startingDir } from '../paths';
import { tryConnect } from '../socket';
import { RpcClient } from './rpc';

export interface ConnectOptions {
  home: string;
  /** Start the daemon when none answers (default true). */
  spawn?: boolean;
  /** dist/daemon.js; defaults to the file beside this bundle. */
  daemonScript?: string;
  nodePath?: string;
  timeoutMs?: number;
}

export async function connectDaemon(options: ConnectOptions): Promise<RpcClient> {
  const running = await connectRunning(options.home);
  if (running) return running;
  if (options.spawn === false) throw new DaemonUnavailableError(socketPath(options.home), 'no daemon is running');
  return waitForDaemon(options, spawnDaemon(options));
}

/** The running daemon, or undefined when nothing answers on the socket. */
export async function connectRunning(home: string): Promise<RpcClient | undefined> {
  const socket = await tryConnect(socketPath(home));
  return socket ? wrap(socket) : undefined;
}

export interface SpawnedDaemon {
  /** undefined while it runs; its exit code once it has exited. */
  exitCode(): number | null | undefined;
}

/** Starts a daemon, detached so it outlives this process; does not wait for it. */
export function spawnDaemon(options: ConnectOptions): SpawnedDaemon {
  ensureHome(options.home);
  const script = options.daemonScript ?? path.join(__dirname, 'daemon.js');
  const child = childProcess().spawn(options.nodePath ?? process.execPath, [script], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, SCRY_HOME: options.home },
  });
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));
  child.on('error', () => (exited = -1));
  child.unref();
  if (child.pid !== undefined) {
    try {
      fs.mkdirSync(startingDir(options.home), { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(startingDir(options.home), String(child.pid)), '');
    } catch {
      // Only `scry stop` during the daemon's boot relies on this; never fail a query over it.
    }
  }
  return { exitCode: () => exited };
}

/** Polls the socket until the spawned daemon (or the one that won the start race) answers. */
export async function waitForDaemon(options: ConnectOptions, spawned: SpawnedDaemon): Promise<RpcClient> {
  const sock = socketPath(options.home);
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  let delay = 2;
  while (Date.now() < deadline) {
    await sleep(delay);
    delay = Math.min(delay * 2, 50);
    const socket = await tryConnect(sock);
    if (socket) return wrap(socket);
    // Exit code 0 means it lost the start race: another daemon is coming up.
    const exited = spawned.exitCode();
    if (exited !== undefined && exited !== 0) {
      throw new DaemonUnavailableError(sock, `the daemon exited with code ${exited} while starting; see ${path.join(logDir(options.home), 'scryd.log')}`);
    }
  }
  throw new DaemonUnavailableError(sock, `no answer within ${options.timeoutMs ?? 30_000} ms`);
}


function wrap(socket: net.Socket): RpcClient {
  return new RpcClient(socket);
}

// Loaded only when a daemon must be started: node:child_process costs a few
// milliseconds to load, and the warm path (a daemon answers) never needs it.
const childProcess = (): typeof import('node:child_process') => require('node:child_process') as typeof import('node:child_process');

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
