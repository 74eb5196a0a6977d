// `scry`: the command-line client. Thin: parse, ask the daemon, print. A
// command that is a daemon method is dispatched from its declaration; the
// only per-method code here is how its answer reads on a terminal.
import * as path from 'node:path';
import { connectDaemon, spawnDaemon, stopDaemon, waitForSocket, RpcClient, type Method } from '../client';
import { daemonEnv } from '../malloc-env';
import { errorMessage, UsageError } from '../errors';
import { scryHome, socketPath } from '../paths';
import * as P from '../protocol/code';
import { Ping, Status } from '../protocol/daemon';
import type { MethodDecl } from '../protocol/method';
import { plural } from '../protocol/plural';
import { findRepoRoot } from '../repos';
import { VERSION } from '../version';
import { intro, parseCommand, usage, type Command, type OutputFormat } from './args';
import { paramsOf } from './parse';
import { askRunning, defaultFormat, print, withConnection } from './answer';
import { memoryProtocol } from './methods';

// Loaded only for their own commands, so every other command starts small.
const loadMcp = (): typeof import('../mcp') => require(path.join(__dirname, 'mcp.js')) as typeof import('../mcp');
const loadDirect = (): typeof import('./direct') => require(path.join(__dirname, 'direct.js')) as typeof import('./direct');
const loadHooks = (): typeof import('../hooks') => require(path.join(__dirname, 'hook.js')) as typeof import('../hooks');
const loadSetup = (): typeof import('../setup') => require(path.join(__dirname, 'setup.js')) as typeof import('../setup');

export async function run(argv: string[]): Promise<number> {
  let cmd: Command;
  try {
    cmd = parseCommand(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      // A message that already starts with the command (`scry refs needs …`) needs no `scry:` before it.
      process.stderr.write(`${err.message.startsWith('scry ') ? '' : 'scry: '}${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const home = scryHome();
  const format: OutputFormat = cmd.format ?? defaultFormat();
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
      if (cmd.foreground) return runForeground();
      return withDaemon(home, true, async (c) => {
        const d = await c.request(Ping.type, {});
        process.stdout.write(format === 'json' ? `${JSON.stringify(d)}\n` : `scry daemon running, pid ${d.pid}\n`);
        return 0;
      });
    case 'stop':
      return stop(home);
    case 'mcp':
      await loadMcp().mcpMain();
      return 0;
    case 'setup':
      return loadSetup().setupMain(
        { uninstall: cmd.uninstall, dryRun: cmd.dryRun, yes: cmd.yes, force: cmd.force, ...(cmd.searchHook ? { searchHook: cmd.searchHook } : {}) },
        scryLauncher(),
      );
    case 'doctor':
      return loadSetup().doctorMain(scryLauncher(), cmd.repo ? path.resolve(cmd.repo) : findRepoRoot(process.cwd()));
    case 'hook':
      return exitSoon(await loadHooks().runHook(cmd.arg ?? 'pretooluse', hookIo(home)));
    default:
      throw new UsageError(`unknown command '${cmd.name}'`);
  }
}

/** What a session hook reads and writes. */
const hookIo = (home: string) => ({ home, stdin: process.stdin, write: (s: string) => void process.stdout.write(s), env: process.env, cwd: process.cwd() });

/** A hook is done once it has answered: a connect or a stdin read it gave up on must not keep the process (and the session) waiting. */
function exitSoon(code: number): number {
  setTimeout(() => process.exit(code), 50).unref();
  return code;
}

async function runMethod(home: string, cmd: Command, decl: MethodDecl, format: OutputFormat): Promise<number> {
  const params = paramsOf(cmd, cmd.spec!);
  // A given index is taken as is: --scip rebuilds.
  if (decl === P.IndexRepo && params.scip !== undefined) params.force = true;
  // Typed by the user: the one way a folder that is no git root becomes a repo (agents and queries never do this).
  if (decl === P.IndexRepo) params.explicit = true;
  const isMemory = decl.cli?.group === 'memory';
  if (isMemory && decl === memoryProtocol().MemoryOrient) {
    params.cwd ??= process.cwd();
    if (params.hook === true)
      return exitSoon(await loadHooks().runSessionStartHook(hookIo(home), { cwd: params.cwd as string, budget: params.budget as number | undefined }));
    // The block is text for whoever runs it (an AGENTS.md line, a script): JSON only when asked for.
    format = cmd.format ?? (cmd.json ? 'json' : 'human');
  }
  if (decl === Status) return withDaemon(home, false, async (c) => print(decl.method, format, await c.request(decl.type, params)));
  if (cmd.spec!.query) return query(home, decl.type, params, format);
  return withDaemon(home, true, async (c) => print(decl.method, format, await c.request(decl.type, params)), isMemory);
}

/** How agents should start this scry: this Node (its ABI matches the daemon's native modules) and bin/scry, both absolute. */
function scryLauncher(): { command: string; args: string[] } {
  return { command: process.execPath, args: [path.resolve(__dirname, '..', 'bin', 'scry')] };
}

/**
 * A read-only query. With a daemon running, it answers. Without one, the CLI
 * starts one and, while it boots, answers from the index file itself (see
 * direct.ts); with no index yet it waits for the daemon, which builds one.
 */
async function query(home: string, type: Method<Record<string, unknown>, unknown>, params: Record<string, unknown>, format: OutputFormat): Promise<number> {
  const running = await askRunning(socketPath(home), type.method, params, format, { code: P.Progress.type });
  if (running !== undefined) return running;
  const spawned = spawnDaemon({ home });
  if (process.env.SCRY_NO_DIRECT !== '1') {
    const direct = loadDirect().answerDirect(home, type.method, params);
    if (direct !== undefined) return print(type.method, format, direct);
  }
  return withConnection(new RpcClient(await waitForSocket({ home }, spawned)), async (c) => print(type.method, format, await c.request(type, params)), {
    code: P.Progress.type,
  });
}

/** memoryProgress: draw memory's ingest bar (a memory command; others never get those events). */
async function withDaemon(home: string, spawnIfNeeded: boolean, fn: (c: RpcClient) => Promise<number>, memoryProgress = false): Promise<number> {
  return withConnection(await connectDaemon({ home, spawn: spawnIfNeeded }), fn, {
    code: P.Progress.type,
    ...(memoryProgress ? { memory: memoryProtocol().MemoryProgressNotification.type } : {}),
  });
}

async function stop(home: string): Promise<number> {
  const r = await stopDaemon(home);
  const booting = r.booting > 0 ? `stopped ${plural(r.booting, 'daemon')} that were starting` : '';
  if (r.stopped !== undefined)
    process.stderr.write(`scry: daemon ${r.stopped} stopped${r.forced ? ' (it did not stop on request: sent SIGTERM)' : ''}${booting ? `; ${booting}` : ''}\n`);
  else process.stderr.write(`scry: ${booting || 'no daemon is running'}\n`);
  return 0;
}

function runForeground(): Promise<number> {
  return new Promise((resolve) => {
    const { spawn } = require('node:child_process') as typeof import('node:child_process');
    const child = spawn(process.execPath, [path.join(__dirname, 'daemon.js'), '--foreground'], {
      stdio: 'inherit',
      env: daemonEnv(process.env),
    });
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
