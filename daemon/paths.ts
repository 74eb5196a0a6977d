// Where Scry keeps its state. Everything lives under SCRY_HOME so a test (or a
// second user) can run a fully separate daemon by pointing it elsewhere.
import * as fs from 'node:fs';
import * as path from 'node:path';

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
  return path.join(home, 'scryd.sock');
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

export const repoDir = (home: string, realRepoPath: string): string =>
  path.join(home, 'repos', repoKey(realRepoPath));

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
