// `scry`: the command-line client. Thin: parse, ask the daemon, print.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ScryError } from '../errors';
import { isAlive } from '../process';
import { scryHome, startingDir } from '../paths';
import * as P from '../protocol';
import { findRepoRoot } from '../code/repos';
import { VERSION } from '../version';
import { parseCommand, USAGE, UsageError, type Command } from './args';
import { connectDaemon, connectRunning, spawnDaemon, waitForDaemon } from './client';
import type { Method, RpcClient } from './rpc';
import { formatImpact, formatIndex, formatQuery, formatSearch, formatStatus, formatSymbols } from './format';
import { runPretoolUseHook } from '../setup/nudge';

// Loaded only for their own commands, so every other command starts small.
const loadMcp = (): typeof import('../mcp') => require(path.join(__dirname, 'mcp.js')) as typeof import('../mcp');
const loadDirect = (): typeof import('./direct') => require(path.join(__dirname, 'direct.js')) as typeof import('./direct');
const loadSetup = (): typeof import('../setup') => require(path.join(__dirname, 'setup.js')) as typeof import('../setup');

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
      return cmd.foreground ? runForeground() : withDaemon(home, true, async (c) => print(json, await c.request(P.Ping.type, {}), (d) => `scry daemon running, pid ${d.pid}\n`));
    case 'stop':
      return stop(home);
    case 'status':
      return withDaemon(home, false, async (c) => {
        const repo = cmd.repo ? path.resolve(cmd.repo) : undefined;
        return print(json, await c.request(P.Status.type, repo ? { repo } : {}), formatStatus);
      });
    case 'index': {
      const repo = path.resolve(cmd.arg ?? cmd.repo ?? findRepoRoot(process.cwd()));
      const scip = cmd.scip ? path.resolve(cmd.scip) : undefined;
      return withDaemon(home, true, async (c) => print(json, await c.request(P.IndexRepo.type, { repo, force: cmd.force || scip !== undefined, scip }), formatIndex));
    }
    case 'mcp':
      await loadMcp().mcpMain();
      return 0;
    case 'setup':
      return loadSetup().setupMain({ uninstall: cmd.uninstall, dryRun: cmd.dryRun, yes: cmd.yes, force: cmd.force }, scryLauncher());
    case 'doctor':
      return loadSetup().doctorMain(scryLauncher(), cmd.repo ? path.resolve(cmd.repo) : findRepoRoot(process.cwd()));
    case 'hook':
      return runPretoolUseHook(process.stdin, (s) => process.stdout.write(s));
    case 'refs':
    case 'defs':
    case 'impls': {
      const type = { refs: P.Refs.type, defs: P.Defs.type, impls: P.Impls.type }[cmd.name];
      const what = ({ refs: 'references', defs: 'definitions', impls: 'implementations' } as const)[cmd.name];
      return query(home, type, { repo: repoOf(cmd), name: cmd.arg!, limit: cmd.limit }, json, (r) => formatQuery(r, what));
    }
    case 'callers':
    case 'callees': {
      const what = cmd.name;
      const type = what === 'callers' ? P.Callers.type : P.Callees.type;
      return query(home, type, { repo: repoOf(cmd), name: cmd.arg!, limit: cmd.limit, all_refs: cmd.allRefs }, json, (r) => formatQuery(r, what));
    }
    case 'search':
      return query(home, P.Search.type, { repo: repoOf(cmd), pattern: cmd.arg!, kind: cmd.kind, limit: cmd.limit }, json, formatSearch);
    case 'symbols': {
      // A file is relative to where the user stands, like any shell argument.
      const file = path.resolve(cmd.arg!);
      return query(home, P.Symbols.type, { repo: repoOf(cmd), file: fs.existsSync(file) ? file : cmd.arg! }, json, formatSymbols);
    }
    case 'impact':
      return query(home, P.Impact.type, { repo: repoOf(cmd), name: cmd.arg!, depth: cmd.depth, limit: cmd.limit }, json, formatImpact);
  }
}

/** How agents should start this scry: this Node (its ABI matches the daemon's native modules) and bin/scry, both absolute. */
function scryLauncher(): { command: string; args: string[] } {
  return { command: process.execPath, args: [path.resolve(__dirname, '..', 'bin', 'scry')] };
}

const repoOf = (cmd: Command): string => path.resolve(cmd.repo ?? findRepoRoot(process.cwd()));

/**
 * A read-only query. With a daemon running, it answers. Without one, the CLI
 * starts one and, while it boots, answers from the index file itself (see
 * direct.ts); with no index yet it waits for the daemon, which builds one.
 */
async function query<Params extends P.RepoParams, T>(home: string, type: Method<Params, T>, params: Params, json: boolean, human: (v: T) => string): Promise<number> {
  const running = await connectRunning(home);
  if (running) return withConnection(running, async (c) => print(json, await c.request(type, params), human));
  const spawned = spawnDaemon({ home });
  if (process.env.SCRY_NO_DIRECT !== '1') {
    const direct = loadDirect().answerDirect(home, type.method, params);
    if (direct !== undefined) return print(json, direct as T, human);
  }
  return withConnection(await waitForDaemon({ home }, spawned), async (c) => print(json, await c.request(type, params), human));
}

async function withDaemon(home: string, spawnIfNeeded: boolean, fn: (c: RpcClient) => Promise<number>): Promise<number> {
  return withConnection(await connectDaemon({ home, spawn: spawnIfNeeded }), fn);
}

async function withConnection(conn: RpcClient, fn: (c: RpcClient) => Promise<number>): Promise<number> {
  const tty = process.stderr.isTTY;
  let open = false;
  const progress = conn.onNotification(P.Progress.type, (e) => {
    // On a terminal one line is rewritten in place; elsewhere each event is a line.
    if (tty) {
      process.stderr.write(`\r\x1b[2Kscry: ${e.phase}: ${e.message}`);
      open = true;
    } else process.stderr.write(`scry: ${e.phase}: ${e.message}\n`);
  });
  // A daemon that dies mid-request rejects the request (RpcClient fails every
  // pending one on close), so the CLI exits 1 with that error, never 0 silently.
  try {
    return await fn(conn);
  } finally {
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
  const booting = await stopBooting(home);
  let conn: RpcClient;
  try {
    conn = await connectDaemon({ home, spawn: false });
  } catch {
    process.stderr.write(booting > 0 ? `scry: stopped ${booting} daemon${booting === 1 ? '' : 's'} that were starting\n` : 'scry: no daemon is running\n');
    return 0;
  }
  const info = await conn.request(P.Ping.type, {});
  const closed = new Promise<void>((resolve) => conn.onClose(() => resolve()));
  // The daemon may close the socket before its answer arrives; either one means it is going.
  await Promise.race([conn.request(P.Shutdown.type, {}).catch(() => undefined), closed]);
  conn.dispose();
  // Wait until the process is gone, so `scry stop && scry start` is safe.
  for (let i = 0; i < 200 && isAlive(info.pid); i++) await new Promise((r) => setTimeout(r, 25));
  process.stderr.write(`scry: daemon ${info.pid} stopped\n`);
  return 0;
}


/** Stops daemons a client spawned that are not serving yet (see startingDir); returns how many. */
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
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      continue;
    }
    for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 25));
    fs.rmSync(file, { force: true });
    stopped++;
  }
  return stopped;
}

function runForeground(): Promise<number> {
  return new Promise((resolve) => {
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
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
