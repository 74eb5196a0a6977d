// Where Scry keeps its state. Everything lives under SCRY_HOME so a test (or a
// second user) can run a fully separate daemon by pointing it elsewhere.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ScryError } from './protocol/errors';

// node:crypto and node:os are loaded on demand: the CLI's hot path needs neither when SCRY_HOME is set.
const sha256 = (text: string): string => (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(text).digest('hex');
const os = (): typeof import('node:os') => require('node:os') as typeof import('node:os');

export function scryHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.SCRY_HOME;
  return path.resolve(fromEnv && fromEnv.length > 0 ? fromEnv : path.join(os().homedir(), '.scry'));
}

/** The socket path; on Windows the same logic yields a per-user named pipe. */
export function socketPath(home: string): string {
  if (process.platform === 'win32') {
    const id = sha256(home).slice(0, 12);
    return `\\\\.\\pipe\\scry-${os().userInfo().username}-${id}`;
  }
  const inHome = path.join(home, 'scryd.sock');
  if (Buffer.byteLength(inHome) <= SOCKET_PATH_MAX) return inHome;
  // A SCRY_HOME too deep for a socket: a short path that depends only on the
  // home, so the daemon and every client (CLI, MCP, editor) agree on it.
  return path.join(shortSocketDir(), `${sha256(home).slice(0, 16)}.sock`);
}

/** The longest socket path the OS binds: sun_path (108 bytes on Linux, 104 on macOS and the BSDs) less its NUL. */
export const SOCKET_PATH_MAX = process.platform === 'linux' ? 107 : 103;

/** Where sockets go whose SCRY_HOME is too long: /tmp/scry-<uid>, private to its user (see ensureSocketDir). */
export function shortSocketDir(): string {
  const uid = typeof process.getuid === 'function' ? String(process.getuid()) : os().userInfo().username;
  return path.join('/tmp', `scry-${uid}`);
}

export class SocketDirError extends ScryError {
  constructor(
    readonly dir: string,
    detail: string,
  ) {
    super(
      `cannot put the daemon's socket in '${dir}': ${detail}`,
      'SCRY_HOME is too long for a socket path, so the socket goes there; remove that folder (or make it yours, mode 0700), or use a shorter SCRY_HOME',
    );
  }
}

/**
 * Makes the socket's folder ready before the daemon binds. SCRY_HOME is made
 * elsewhere; the short folder in /tmp is shared ground, so it must be a real
 * folder owned by this user that nobody else can enter.
 */
export function ensureSocketDir(sock: string, home: string): void {
  const dir = path.dirname(sock);
  if (process.platform === 'win32' || dir === home) return;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(dir);
  if (!st.isDirectory()) throw new SocketDirError(dir, 'it is not a folder');
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) throw new SocketDirError(dir, `it belongs to uid ${st.uid}`);
  if ((st.mode & 0o077) !== 0) throw new SocketDirError(dir, `its mode is ${(st.mode & 0o777).toString(8)}, not 700`);
}

export const pidFile = (home: string): string => path.join(home, 'scryd.pid');
export const lockFile = (home: string): string => path.join(home, 'scryd.lock');
export const logDir = (home: string): string => path.join(home, 'logs');
/**
 * One empty file per daemon a client has spawned that is not serving yet
 * (named by its pid), so `scry stop` can find a daemon that is still booting.
 * The daemon removes its own entry once it serves, or leaves.
 */
export const startingDir = (home: string): string => path.join(home, 'starting');

export function repoKey(realRepoPath: string): string {
  return sha256(realRepoPath);
}

export const repoDir = (home: string, realRepoPath: string): string => path.join(home, 'repos', repoKey(realRepoPath));

/** Creates SCRY_HOME private to its user (0700), tightening it if it exists. */
export function ensureHome(home: string): void {
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  if (process.platform !== 'win32') {
    const mode = fs.statSync(home).mode & 0o777;
    if (mode !== 0o700) fs.chmodSync(home, 0o700);
  }
}

/** Repo-relative, '/'-separated: the only path form that appears in answers. */
export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}
