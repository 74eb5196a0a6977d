// `scry`: the command-line client. Thin: parse, ask the daemon, print. A
// command that is a daemon method is dispatched from its declaration; the
// only per-method code here is how its answer reads on a terminal.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { connectDaemon, openSocket, spawnDaemon, stopDaemon, waitForSocket, RpcClient, type Method } from '../client';
import { errorMessage, UsageError } from '../errors';
import { scryHome, socketPath } from '../paths';
import * as P from '../protocol/code';
import { Ping, Status } from '../protocol/daemon';
import { fieldsOf, type MethodDecl } from '../protocol/method';
import { findRepoRoot } from '../repos';
import { VERSION } from '../version';
import { intro, parseCommand, usage, type Command, type OutputFormat } from './args';
import { memoryProtocol } from './methods';
import { runPretoolUseHook } from '../setup/nudge';
import { runSessionEndHook, runSessionStartHook } from './session-hooks';

// Loaded only for their own commands, so every other command starts small.
const loadMcp = (): typeof import('../mcp') => require(path.join(__dirname, 'mcp.js')) as typeof import('../mcp');
const loadDirect = (): typeof import('./direct') => require(path.join(__dirname, 'direct.js')) as typeof import('./direct');
const loadFormatters = (): typeof import('./formatters') => require(path.join(__dirname, 'formatters.js')) as typeof import('./formatters');
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
  const format: OutputFormat = cmd.format ?? (process.stdout.isTTY ? 'human' : 'json');
  const json = format === 'json';
  if (cmd.method) return runMethod(home, cmd, cmd.method, format);
  switch (cmd.name) {
    case 'intro':
      process.stdout.write(intro() + usage());
      return 0;
    case 'help':
      process.stdout.write(usage());
      return 0;
    case 'version':
      process.stdout.write(`scry ${VERSION}\n`);
      return 0;
    case 'start':
      return cmd.foreground ? runForeground() : withDaemon(home, true, async (c) => print(json, await c.request(Ping.type, {}), (d) => `scry daemon running, pid ${d.pid}\n`));
    case 'stop':
      return stop(home);
    case 'mcp':
      await loadMcp().mcpMain();
      return 0;
    case 'setup':
      return loadSetup().setupMain({ uninstall: cmd.uninstall, dryRun: cmd.dryRun, yes: cmd.yes, force: cmd.force }, scryLauncher());
    case 'doctor':
      return loadSetup().doctorMain(scryLauncher(), cmd.repo ? path.resolve(cmd.repo) : findRepoRoot(process.cwd()));
    case 'hook':
      if (cmd.arg === 'session-end') return exitSoon(await runSessionEndHook(hookIo(home)));
      return runPretoolUseHook(process.stdin, (s) => process.stdout.write(s));
    default:
      throw new UsageError(`unknown command '${cmd.name}'`);
  }
}

/** Params for a method command: its flags, its argument, and the repo (which every code method names). */
function paramsOf(cmd: Command, decl: MethodDecl): Record<string, unknown> {
  const params: Record<string, unknown> = { ...cmd.params };
  const arg = decl.cli?.arg;
  if (arg && cmd.arg !== undefined) params[arg.field] = cmd.arg;
  const takesRepo = fieldsOf(decl.params).some((f) => f.name === 'repo');
  if (takesRepo && params.repo === undefined) {
    // status without --repo means every repo; every other method means this one.
    if (cmd.repo !== undefined) params.repo = path.resolve(cmd.repo);
    else if (decl !== Status) params.repo = path.resolve(findRepoRoot(process.cwd()));
  } else if (typeof params.repo === 'string') params.repo = path.resolve(params.repo);
  for (const field of decl.cli?.paths ?? []) if (typeof params[field] === 'string') params[field] = path.resolve(params[field]);
  if (decl === P.IndexRepo && typeof params.scip === 'string') {
    params.scip = path.resolve(params.scip);
    params.force = true;
  }
  if (decl === P.Symbols && typeof params.file === 'string') {
    // A file is relative to where the user stands, like any shell argument.
    const file = path.resolve(params.file);
    if (fs.existsSync(file)) params.file = file;
  }
  return params;
}

/** What a session hook reads and writes. */
const hookIo = (home: string) => ({ home, stdin: process.stdin, write: (s: string) => void process.stdout.write(s), env: process.env, cwd: process.cwd() });

/** A hook is done once it has answered: a connect or a stdin read it gave up on must not keep the process (and the session) waiting. */
function exitSoon(code: number): number {
  setTimeout(() => process.exit(code), 50).unref();
  return code;
}

async function runMethod(home: string, cmd: Command, decl: MethodDecl, format: OutputFormat): Promise<number> {
  const params = paramsOf(cmd, decl);
  const isMemory = decl.cli?.group === 'memory';
  if (isMemory && decl === memoryProtocol().MemoryOrient) {
    params.cwd ??= process.cwd();
    if (params.hook === true) return exitSoon(await runSessionStartHook(hookIo(home), { cwd: params.cwd as string, budget: params.budget as number | undefined }));
    // The block is text for whoever runs it (an AGENTS.md line, a script): JSON only when asked for.
    format = cmd.format ?? (cmd.json ? 'json' : 'human');
  }
  const json = format === 'json';
  const human = (v: unknown): string => {
    const { FORMATTERS, COMPACT_FORMATTERS } = loadFormatters();
    const humanForm = (FORMATTERS[decl.method] ?? ((x: unknown) => `${JSON.stringify(x, null, 2)}\n`)) as (x: unknown) => string;
    return (format === 'compact' ? ((COMPACT_FORMATTERS[decl.method] ?? humanForm) as (x: unknown) => string) : humanForm)(v);
  };
  if (decl === Status) return withDaemon(home, false, async (c) => print(json, await c.request(decl.type, params), human));
  if (readOnlyQuery(decl)) return query(home, decl.type, params, json, human);
  return withDaemon(home, true, async (c) => print(json, await c.request(decl.type, params), human), isMemory);
}

/** The code queries the cold path can answer from an index file. */
const readOnlyQuery = (decl: MethodDecl): boolean => (P.CODE_QUERIES as readonly MethodDecl[]).includes(decl);

/** How agents should start this scry: this Node (its ABI matches the daemon's native modules) and bin/scry, both absolute. */
function scryLauncher(): { command: string; args: string[] } {
  return { command: process.execPath, args: [path.resolve(__dirname, '..', 'bin', 'scry')] };
}

/**
 * A read-only query. With a daemon running, it answers. Without one, the CLI
 * starts one and, while it boots, answers from the index file itself (see
 * direct.ts); with no index yet it waits for the daemon, which builds one.
 */
async function query<T>(home: string, type: Method<Record<string, unknown>, T>, params: Record<string, unknown>, json: boolean, human: (v: T) => string): Promise<number> {
  // The request goes out with the connect: a warm daemon answers with no round trip spent on connecting first.
  const opened = openSocket(socketPath(home));
  if (opened) {
    const answer = withConnection(new RpcClient(opened.socket), async (c) => print(json, await c.request(type, params), human));
    if (await opened.connected) return answer;
    answer.catch(() => undefined); // nothing listened, so nothing was sent: start a daemon below
  }
  const spawned = spawnDaemon({ home });
  if (process.env.SCRY_NO_DIRECT !== '1') {
    const direct = loadDirect().answerDirect(home, type.method, params);
    if (direct !== undefined) return print(json, direct as T, human);
  }
  return withConnection(new RpcClient(await waitForSocket({ home }, spawned)), async (c) => print(json, await c.request(type, params), human));
}

async function withDaemon(home: string, spawnIfNeeded: boolean, fn: (c: RpcClient) => Promise<number>, memoryProgress = false): Promise<number> {
  return withConnection(await connectDaemon({ home, spawn: spawnIfNeeded }), fn, memoryProgress);
}

/** memoryProgress: draw memory's ingest bar (a memory command; others never get those events). */
async function withConnection(conn: RpcClient, fn: (c: RpcClient) => Promise<number>, memoryProgress = false): Promise<number> {
  const tty = process.stderr.isTTY;
  let open = false;
  const progress = conn.onNotification(P.Progress.type, (e) => {
    // On a terminal one line is rewritten in place; elsewhere each event is a line.
    if (tty) {
      process.stderr.write(`\r\x1b[2Kscry: ${e.phase}: ${e.message}`);
      open = true;
    } else process.stderr.write(`scry: ${e.phase}: ${e.message}\n`);
  });
  let bar = false;
  const memory = memoryProgress ? conn.onNotification(memoryProtocol().MemoryProgressNotification.type, (e) => {
    // A bar on a terminal only: a sweep of a long history is thousands of files.
    if (!tty || e.total === 0) return;
    const width = 24;
    const filled = Math.round((e.done / e.total) * width);
    process.stderr.write(`\r\x1b[2Kscry: ${e.phase} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${e.done}/${e.total} ${e.message.slice(0, 40)}`);
    bar = true;
  }) : undefined;
  // A daemon that dies mid-request rejects the request (RpcClient fails every
  // pending one on close), so the CLI exits 1 with that error, never 0 silently.
  try {
    return await fn(conn);
  } finally {
    if (open || bar) process.stderr.write('\n');
    progress.dispose();
    memory?.dispose();
    conn.dispose();
  }
}

function print<T>(json: boolean, value: T, human: (v: T) => string): number {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : human(value));
  return 0;
}

async function stop(home: string): Promise<number> {
  const r = await stopDaemon(home);
  const booting = r.booting > 0 ? `stopped ${r.booting} daemon${r.booting === 1 ? '' : 's'} that were starting` : '';
  if (r.stopped !== undefined) process.stderr.write(`scry: daemon ${r.stopped} stopped${r.forced ? ' (it did not stop on request: sent SIGTERM)' : ''}${booting ? `; ${booting}` : ''}\n`);
  else process.stderr.write(`scry: ${booting || 'no daemon is running'}\n`);
  return 0;
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
      process.stderr.write(`scry: ${errorMessage(err)}\n`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) cliMain();
