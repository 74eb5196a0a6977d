// `scry`: the command-line client. Thin: parse, ask the daemon, print.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { DaemonUnavailableError, ScryError } from '../errors';
import { scryHome, socketPath } from '../paths';
import * as P from '../protocol';
import { findRepoRoot } from '../code/repos';
import { VERSION } from '../version';
import { parseCommand, USAGE, UsageError, type Command } from './args';
import { connectDaemon } from './client';
import { formatIndex, formatQuery, formatStatus } from './format';

export async function run(argv: string[]): Promise<number> {
  let cmd: Command;
  try {
    cmd = parseCommand(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`scry: ${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const home = scryHome();
  const json = cmd.json || !process.stdout.isTTY;
  switch (cmd.name) {
    case 'help':
      process.stdout.write(USAGE);
      return 0;
    case 'version':
      process.stdout.write(`scry ${VERSION}\n`);
      return 0;
    case 'start':
      return cmd.foreground ? runForeground() : withDaemon(home, true, async (c) => print(json, await c.sendRequest(P.Ping.type, {}), (d) => `scry daemon running, pid ${d.pid}\n`));
    case 'stop':
      return stop(home);
    case 'status':
      return withDaemon(home, false, async (c) => {
        const repo = cmd.repo ? path.resolve(cmd.repo) : undefined;
        return print(json, await c.sendRequest(P.Status.type, repo ? { repo } : {}), formatStatus);
      });
    case 'index': {
      const repo = path.resolve(cmd.arg ?? cmd.repo ?? findRepoRoot(process.cwd()));
      const scip = cmd.scip ? path.resolve(cmd.scip) : undefined;
      return withDaemon(home, true, async (c) => print(json, await c.sendRequest(P.IndexRepo.type, { repo, force: cmd.force || scip !== undefined, scip }), formatIndex));
    }
    case 'refs':
    case 'defs': {
      const repo = path.resolve(cmd.repo ?? findRepoRoot(process.cwd()));
      const type = cmd.name === 'refs' ? P.Refs.type : P.Defs.type;
      return withDaemon(home, true, async (c) => print(json, await c.sendRequest(type, { repo, name: cmd.arg!, limit: cmd.limit }), (r) => formatQuery(r, cmd.name === 'defs')));
    }
  }
}

async function withDaemon(home: string, spawnIfNeeded: boolean, fn: (c: MessageConnection) => Promise<number>): Promise<number> {
  const conn = await connectDaemon({ home, spawn: spawnIfNeeded });
  const tty = process.stderr.isTTY;
  let open = false;
  const progress = conn.onNotification(P.Progress.type, (e) => {
    // On a terminal one line is rewritten in place; elsewhere each event is a line.
    if (tty) {
      process.stderr.write(`\r\x1b[2Kscry: ${e.phase}: ${e.message}`);
      open = true;
    } else process.stderr.write(`scry: ${e.phase}: ${e.message}\n`);
  });
  // A daemon that dies mid-request (killed, crashed) must not leave the CLI exiting 0 with no answer.
  let closedListener: { dispose(): void } | undefined;
  const closed = new Promise<never>((_, reject) => {
    closedListener = conn.onClose(() => reject(new DaemonUnavailableError(socketPath(home), 'the daemon closed the connection before answering')));
  });
  closed.catch(() => undefined);
  try {
    return await Promise.race([fn(conn), closed]);
  } finally {
    closedListener?.dispose();
    if (open) process.stderr.write('\n');
    progress.dispose();
    conn.dispose();
  }
}

function print<T>(json: boolean, value: T, human: (v: T) => string): number {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : human(value));
  return 0;
}

async function stop(home: string): Promise<number> {
  let conn: MessageConnection;
  try {
    conn = await connectDaemon({ home, spawn: false });
  } catch {
    process.stderr.write('scry: no daemon is running\n');
    return 0;
  }
  const info = await conn.sendRequest(P.Ping.type, {});
  const closed = new Promise<void>((resolve) => conn.onClose(() => resolve()));
  // The daemon may close the socket before its answer arrives; either one means it is going.
  await Promise.race([conn.sendRequest(P.Shutdown.type, {}).catch(() => undefined), closed]);
  conn.dispose();
  // Wait until the process is gone, so `scry stop && scry start` is safe.
  for (let i = 0; i < 200 && alive(info.pid); i++) await new Promise((r) => setTimeout(r, 25));
  process.stderr.write(`scry: daemon ${info.pid} stopped\n`);
  return 0;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (exited, not yet reaped by its adoptive parent) is not alive.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z') return true;
    // Its main thread exits first; until the other threads have, its files (the socket) stay open.
    return fs.readdirSync(`/proc/${pid}/task`).length > 1;
  } catch {
    return true;
  }
}

function runForeground(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'daemon.js'), '--foreground'], { stdio: 'inherit' });
    const forward = (sig: NodeJS.Signals): void => void child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code) => resolve(code ?? 0));
  });
}

/** Runs the CLI on process.argv and sets the exit code; bin/scry calls this. */
export function cliMain(): void {
  run(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      const message = err instanceof ScryError || err instanceof Error ? err.message : String(err);
      process.stderr.write(`scry: ${message}\n`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) cliMain();
