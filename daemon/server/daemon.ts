// The daemon: one per SCRY_HOME, serving JSON-RPC over a private Unix socket.
// Handlers are thin adapters over the domains; errors cross as one-line
// ResponseErrors and never take the process down.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMessageConnection, ResponseError, SocketMessageReader, SocketMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { CodeIndex } from '../code';
import { READ_QUERIES } from '../code/query';
import { ScryError } from '../errors';
import { ensureHome, lockFile, logDir, pidFile, socketPath } from '../paths';
import * as P from '../protocol';
import { DaemonLock } from './lock';
import { Logger } from './log';
import { VERSION } from '../version';

export interface Daemon {
  readonly socket: string;
  readonly logger: Logger;
  /** Resolves when the daemon has been asked to stop (scry stop, a signal). */
  readonly stopped: Promise<void>;
  dispose(): Promise<void>;
}

/** SCRY_DEBOUNCE_MS / SCRY_COOLDOWN_MS tune rebuild scheduling (tests and benchmarks shorten the cooldown). */
function scheduleFromEnv(): { debounceMs?: number; cooldownMs?: number } {
  const num = (v: string | undefined): number | undefined => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const out: { debounceMs?: number; cooldownMs?: number } = {};
  const debounce = num(process.env.SCRY_DEBOUNCE_MS);
  const cooldown = num(process.env.SCRY_COOLDOWN_MS);
  if (debounce !== undefined) out.debounceMs = debounce;
  if (cooldown !== undefined) out.cooldownMs = cooldown;
  return out;
}

export class AlreadyRunningError extends ScryError {
  constructor(readonly home: string) {
    super(`a scry daemon is already running for SCRY_HOME '${home}'`);
  }
}

export async function createDaemon(home: string, options: { echoLog?: boolean; watch?: boolean } = {}): Promise<Daemon> {
  ensureHome(home);
  const lock = DaemonLock.tryAcquire(lockFile(home));
  if (!lock) throw new AlreadyRunningError(home);
  const logger = new Logger(path.join(logDir(home), 'scryd.log'), options.echoLog);
  const sock = socketPath(home);
  const startedAt = new Date();
  const code = new CodeIndex({ home, log: (l) => logger.log(l), watch: options.watch ?? true, schedule: scheduleFromEnv() });
  const connections = new Set<MessageConnection>();
  let stopRequested: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stopRequested = resolve));

  const info = (): P.DaemonInfo => ({
    pid: process.pid,
    version: VERSION,
    protocol: P.PROTOCOL_VERSION,
    home,
    socket: sock,
    started_at: startedAt.toISOString(),
    uptime_ms: Date.now() - startedAt.getTime(),
    log_file: logger.file,
    node: process.version,
  });

  const progressSub = code.onProgress((event) => {
    for (const c of connections) void c.sendNotification(P.Progress.type, event).catch(() => undefined);
  });
  // How long the event loop stalls while builds run and swap: queries wait that long.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const swapSub = code.onSwapped((result) => {
    for (const c of connections) void c.sendNotification(P.IndexSwapped.type, result).catch(() => undefined);
    logger.log(`event loop delay since the previous swap: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms`);
    loopDelay.reset();
  });

  const serve = (socket: net.Socket): void => {
    const conn = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
    connections.add(conn);
    const handle = <Params, Result>(type: { method: string }, fn: (params: Params) => Result | Promise<Result>): void => {
      conn.onRequest(type.method, async (params: Params) => {
        try {
          return await fn(params ?? ({} as Params));
        } catch (err) {
          const scry = err instanceof ScryError;
          if (!scry) logger.log(`error in ${type.method}: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
          return new ResponseError(scry ? err.code : -32603, err instanceof Error ? err.message : String(err));
        }
      });
    };
    handle<Record<string, never>, P.DaemonInfo>(P.Ping.type, () => info());
    handle<P.StatusParams, P.StatusResult>(P.Status.type, (p) => ({ daemon: info(), repos: code.status(p.repo) }));
    handle<P.IndexParams, P.IndexResult>(P.IndexRepo.type, (p) => code.index(p.repo, { force: p.force, scip: p.scip }));
    for (const q of READ_QUERIES) handle<P.RepoParams, object>(q, (p) => code.query(q, p));
    handle<Record<string, never>, { stopping: true }>(P.Shutdown.type, () => {
      logger.log('shutdown requested');
      // Let the answer reach the client before the connections close.
      setTimeout(stopRequested, 20);
      return { stopping: true };
    });
    conn.onClose(() => connections.delete(conn));
    conn.onError(() => undefined);
    socket.on('error', () => undefined);
    conn.listen();
  };

  // We hold the lock, so any socket file left here belongs to a dead daemon.
  if (process.platform !== 'win32') fs.rmSync(sock, { force: true });
  const server = net.createServer(serve);
  const oldMask = process.umask(0o177); // the socket is born 0600
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(sock, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(oldMask);
  }
  if (process.platform !== 'win32') fs.chmodSync(sock, 0o600);
  fs.writeFileSync(pidFile(home), `${process.pid}\n`, { mode: 0o600 });
  logger.log(`scryd ${VERSION} listening on ${sock} (node ${process.version})`);
  // Every repo indexed before keeps being watched across daemon restarts.
  const restored = code.restoreKnownRepos();
  if (restored > 0) logger.log(`watching ${restored} known repo${restored === 1 ? '' : 's'}`);

  let disposed = false;
  return {
    socket: sock,
    logger,
    stopped,
    async dispose() {
      if (disposed) return;
      disposed = true;
      progressSub.dispose();
      swapSub.dispose();
      loopDelay.disable();
      for (const c of connections) c.dispose();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await code.dispose();
      if (process.platform !== 'win32') fs.rmSync(sock, { force: true });
      fs.rmSync(pidFile(home), { force: true });
      logger.log('scryd stopped');
      lock.release();
    },
  };
}
