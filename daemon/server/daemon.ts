// The daemon: one per SCRY_HOME, serving JSON-RPC over a private Unix socket.
// It knows its domains only through the Domain seam (domain.ts): it checks
// each request's params against the method's declaration, runs the domain's
// handler, and turns failures into one-line ResponseErrors that never take
// the process down.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { createMessageConnection, ResponseError, SocketMessageReader, type MessageConnection } from 'vscode-jsonrpc/node';
import { SocketFrameWriter } from './frame-writer';
import { AlreadyRunningError, ErrorCode, ScryError } from '../errors';
import { ensureHome, ensureSocketDir, lockFile, logDir, pidFile, socketPath } from '../paths';
import * as P from '../protocol';
import type { Domain, DomainContext, DomainFactory, Handler } from '../domain';
import { handler } from '../domain';
import { compactAnswer } from './compact-answer';
import { DaemonLock } from './lock';
import { Logger, type LogLevel } from './log';
import { VERSION } from '../version';

export interface Daemon {
  readonly socket: string;
  readonly logger: Logger;
  readonly domains: readonly Domain[];
  /** Resolves when the daemon has been asked to stop (scry stop, a signal). */
  readonly stopped: Promise<void>;
  dispose(): Promise<void>;
}

export interface DaemonOptions {
  echoLog?: boolean;
  logLevel?: LogLevel;
}

export async function createDaemon(home: string, domainFactories: readonly DomainFactory[], options: DaemonOptions = {}): Promise<Daemon> {
  ensureHome(home);
  const lock = DaemonLock.tryAcquire(lockFile(home));
  if (!lock) throw new AlreadyRunningError(home);
  const logger = new Logger(path.join(logDir(home), 'scryd.log'), { echo: options.echoLog, level: options.logLevel });
  const sock = socketPath(home);
  const startedAt = new Date();
  const connections = new Set<MessageConnection>();
  let stopRequested: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stopRequested = resolve));

  const ctx: DomainContext = {
    home,
    log: (line) => logger.log(line),
    debug: (line) => logger.debug(line),
    error: (line) => logger.error(line),
    notify: (n, params) => {
      for (const c of connections) void c.sendNotification(n.type, params).catch(() => undefined);
    },
  };
  const domains = domainFactories.map((f) => f(ctx));

  const info = (): P.DaemonInfo => {
    const mem = process.memoryUsage();
    return {
      pid: process.pid,
      version: VERSION,
      protocol: P.PROTOCOL_VERSION,
      home,
      socket: sock,
      started_at: startedAt.toISOString(),
      uptime_ms: Date.now() - startedAt.getTime(),
      log_file: logger.file,
      node: process.version,
      rss_bytes: mem.rss,
      heap_used_bytes: mem.heapUsed,
      heap_total_bytes: mem.heapTotal,
      external_bytes: mem.external,
    };
  };

  const own: Handler[] = [
    handler(P.Ping, () => info()),
    handler(P.Status, async (p) => {
      const parts = await Promise.all(domains.map((d) => d.status(p)));
      return Object.assign({ daemon: info(), repos: [] }, ...parts) as P.StatusResult;
    }),
    handler(P.Shutdown, () => {
      logger.log('shutdown requested');
      // Let the answer reach the client before the connections close.
      setTimeout(stopRequested, 20);
      return { stopping: true as const };
    }),
    handler(P.Compact, (p) => compactAnswer(table, p)),
  ];
  const table = new Map<string, Handler>();
  for (const h of [...own, ...domains.flatMap((d) => d.methods)]) {
    if (table.has(h.decl.method))
      throw new ScryError(`method ${h.decl.method} is declared by two domains`, 'Each method belongs to one domain: rename one of them in daemon/protocol/');
    table.set(h.decl.method, h);
  }

  const debug = logger.level === 'debug';
  const serve = (socket: net.Socket): void => {
    const conn = createMessageConnection(new SocketMessageReader(socket), new SocketFrameWriter(socket));
    connections.add(conn);
    for (const [method, h] of table) {
      conn.onRequest(method, async (raw: unknown) => {
        const checked = P.checkParams(h.decl, raw);
        if (!checked.ok) return new ResponseError(ErrorCode.InvalidParams, checked.message);
        const started = debug ? performance.now() : 0;
        try {
          const result = await h.run(checked.params);
          if (debug) logger.debug(`${method} answered in ${(performance.now() - started).toFixed(2)} ms`);
          return result;
        } catch (err) {
          if (err instanceof ScryError) return new ResponseError<P.ErrorData>(err.code, err.message, err.remedy ? { remedy: err.remedy } : undefined);
          logger.error(`error in ${method}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          return new ResponseError(ErrorCode.Internal, err instanceof Error ? err.message : String(err));
        }
      });
    }
    conn.onClose(() => connections.delete(conn));
    conn.onError(() => undefined);
    socket.on('error', () => undefined);
    conn.listen();
  };

  ensureSocketDir(sock, home);
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
  logger.log(`scryd ${VERSION} listening on ${sock} (node ${process.version}; domains ${domains.map((d) => d.name).join(', ')})`);
  for (const d of domains) {
    try {
      await d.restore();
    } catch (err) {
      logger.error(`${d.name}: restore failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  }

  let disposed = false;
  return {
    socket: sock,
    logger,
    domains,
    stopped,
    async dispose() {
      if (disposed) return;
      disposed = true;
      for (const c of connections) c.dispose();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled(domains.map((d) => d.dispose()));
      if (process.platform !== 'win32') fs.rmSync(sock, { force: true });
      fs.rmSync(pidFile(home), { force: true });
      logger.log('scryd stopped');
      lock.release();
    },
  };
}
