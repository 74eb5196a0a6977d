// Keeps one daemon answering for the editor. Adopts a daemon that already
// listens on the socket (the CLI may have started it), else starts
// dist/daemon.js with a real Node, detached, so it outlives the editor and
// keeps serving the terminal. A heartbeat notices a dead or wedged daemon;
// restarts back off. No vscode import: tested under plain Node.
import { Emitter, type Disposable, type Event, type MessageConnection, type NotificationType, type RequestParam, type RequestType } from 'vscode-jsonrpc/node';
import { DaemonStartError, isAlive, socketPath, spawnDaemon, stopDaemon, waitForSocket } from '../daemon/client';
import { errorMessage, ScryError } from '../daemon/protocol/errors';
import * as P from '../daemon/protocol';
import { Backoff } from './backoff';
import { openConnection, tryConnect, withTimeout } from './daemonSocket';
import type { NodeInfo } from './nodeDiscovery';

export type SupervisorState =
  | { kind: 'starting' }
  | { kind: 'running'; info: P.DaemonInfo; adopted: boolean }
  | { kind: 'down'; reason: string; retryInMs: number }
  | { kind: 'no-node'; reason: string }
  | { kind: 'stopped' };

export type LogLevel = 'error' | 'info' | 'debug';

export interface SupervisorOptions {
  home: string;
  /** dist/daemon.js: the same file the CLI spawns. */
  daemonScript: string;
  /** Finds the Node to start the daemon with; throws when there is none. */
  resolveNode: () => Promise<NodeInfo>;
  log?: (level: LogLevel, line: string) => void;
  heartbeatMs?: number;
  /** How long one start may take before it counts as failed. */
  startTimeoutMs?: number;
  backoff?: Backoff;
  /** Extra environment for a daemon this supervisor starts. */
  env?: NodeJS.ProcessEnv;
}

export { DaemonStartError };

/** A request made while no daemon answers. */
export class DaemonNotRunningError extends ScryError {}

export class Supervisor implements Disposable {
  private readonly stateEmitter = new Emitter<SupervisorState>();
  private readonly connectedEmitter = new Emitter<MessageConnection>();
  readonly onDidChangeState: Event<SupervisorState> = this.stateEmitter.event;
  /** Fires with each new connection, so listeners can (re)subscribe and (re)index. */
  readonly onDidConnect: Event<MessageConnection> = this.connectedEmitter.event;
  private readonly notificationHandlers: Array<{ method: string; handler: (params: unknown) => void }> = [];
  private current: SupervisorState = { kind: 'stopped' };
  private conn: MessageConnection | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private connectedAt = 0;
  private generation = 0;
  private missedBeats = 0;
  private disposed = false;
  private starting: Promise<void> | undefined;
  readonly backoff: Backoff;
  readonly socket: string;

  constructor(private readonly options: SupervisorOptions) {
    this.backoff = options.backoff ?? new Backoff();
    this.socket = socketPath(options.home);
  }

  get state(): SupervisorState {
    return this.current;
  }

  get connection(): MessageConnection | undefined {
    return this.conn;
  }

  /** Adopts or starts the daemon; resolves once it answers (or the attempt failed). */
  start(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.starting) return this.starting;
    this.clearRetry();
    this.starting = this.attempt().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  /** Asks the daemon to stop (the same stop as `scry stop`), waits for it to go, and starts a fresh one. */
  async restart(): Promise<void> {
    // Detached first, so the close that follows is not taken for a crash.
    this.detach();
    const r = await stopDaemon(this.options.home);
    if (r.forced) this.log('info', `daemon ${r.stopped} did not stop on request; sent SIGTERM`);
    this.backoff.reset();
    await this.start();
  }

  request<Params, Result>(type: RequestType<Params, Result, void>, params: RequestParam<Params>): Promise<Result> {
    if (!this.conn) return Promise.reject(new DaemonNotRunningError(`the Scry daemon is not running (${describe(this.current)})`));
    return this.conn.sendRequest(type, params);
  }

  /** Subscribes across reconnects: the handler stays attached to every future connection. */
  onNotification<Params>(type: NotificationType<Params>, handler: (params: Params) => void): Disposable {
    const entry = { method: type.method, handler: handler as (p: unknown) => void };
    // vscode-jsonrpc keeps one handler per method: the connection gets one dispatcher per method, fanning out to every subscriber.
    const first = !this.notificationHandlers.some((h) => h.method === type.method);
    this.notificationHandlers.push(entry);
    if (first) this.conn?.onNotification(type.method, this.dispatcher(type.method));
    return {
      dispose: () => {
        const i = this.notificationHandlers.indexOf(entry);
        if (i >= 0) this.notificationHandlers.splice(i, 1);
      },
    };
  }

  private dispatcher(method: string): (params: unknown) => void {
    return (params) => {
      for (const h of [...this.notificationHandlers]) if (h.method === method) h.handler(params);
    };
  }

  /** Stops watching; the daemon itself keeps running for the terminal and other editors. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.detach();
    this.setState({ kind: 'stopped' });
    this.stateEmitter.dispose();
    this.connectedEmitter.dispose();
  }

  private async attempt(): Promise<void> {
    const generation = ++this.generation;
    this.setState({ kind: 'starting' });
    try {
      let socket = await tryConnect(this.socket);
      let adopted = socket !== undefined;
      if (!socket) {
        let node: NodeInfo;
        try {
          node = await this.options.resolveNode();
        } catch (err) {
          // Retrying cannot help until the user installs Node or sets scry.nodePath.
          this.setState({ kind: 'no-node', reason: message(err) });
          this.log('error', message(err));
          return;
        }
        socket = await this.spawnDaemon(node);
        // Lost a start race to a CLI: its daemon answered, ours left quietly.
        adopted = false;
      }
      if (this.disposed || generation !== this.generation) {
        socket.destroy();
        return;
      }
      const conn = openConnection(socket);
      for (const method of new Set(this.notificationHandlers.map((h) => h.method))) conn.onNotification(method, this.dispatcher(method));
      const info = await withTimeout(conn.sendRequest(P.Ping.type, {}), this.options.startTimeoutMs ?? 30_000, 'scry/ping');
      this.conn = conn;
      this.connectedAt = Date.now();
      this.missedBeats = 0;
      conn.onClose(() => {
        if (this.conn === conn) this.lost('the daemon closed the connection');
      });
      this.startHeartbeat(conn);
      this.log('info', `${adopted ? 'adopted the running daemon' : 'started the daemon'}: pid ${info.pid}, node ${info.node}, socket ${info.socket}`);
      this.setState({ kind: 'running', info, adopted });
      this.connectedEmitter.fire(conn);
    } catch (err) {
      if (this.disposed || generation !== this.generation) return;
      this.lost(message(err));
    }
  }

  private async spawnDaemon(node: NodeInfo): Promise<import('node:net').Socket> {
    this.log('info', `starting the daemon: ${node.path} (${node.version}, from ${node.source}) ${this.options.daemonScript}`);
    const launch = {
      home: this.options.home,
      daemonScript: this.options.daemonScript,
      nodePath: node.path,
      env: this.options.env,
      timeoutMs: this.options.startTimeoutMs,
    };
    return waitForSocket(launch, spawnDaemon(launch));
  }

  private startHeartbeat(conn: MessageConnection): void {
    const every = this.options.heartbeatMs ?? 5_000;
    this.heartbeat = setInterval(() => {
      withTimeout(conn.sendRequest(P.Ping.type, {}), every * 2, 'heartbeat').then(
        (info) => {
          this.missedBeats = 0;
          this.log('debug', `heartbeat: pid ${info.pid}, up ${Math.round(info.uptime_ms / 1000)} s`);
        },
        (err: unknown) => {
          if (this.conn !== conn) return;
          this.missedBeats++;
          this.log('info', `heartbeat missed (${this.missedBeats}): ${message(err)}`);
          // Two misses: a daemon that is alive but wedged is as good as dead to the editor.
          if (this.missedBeats >= 2) this.lost(`the daemon stopped answering (${message(err)})`);
        },
      );
    }, every);
    this.heartbeat.unref?.();
  }

  private lost(reason: string): void {
    if (this.disposed) return;
    const upMs = this.connectedAt ? Date.now() - this.connectedAt : 0;
    this.detach();
    this.backoff.wentDownAfter(upMs);
    const retryInMs = this.backoff.next();
    this.log('error', `daemon down: ${reason}; restarting in ${retryInMs} ms`);
    this.setState({ kind: 'down', reason, retryInMs });
    this.retry = setTimeout(() => void this.start(), retryInMs);
  }

  private detach(disposeConnection = true): void {
    this.generation++;
    this.clearRetry();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const conn = this.conn;
    this.conn = undefined;
    this.connectedAt = 0;
    if (disposeConnection) conn?.dispose();
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = undefined;
  }

  private setState(state: SupervisorState): void {
    this.current = state;
    if (!this.disposed || state.kind === 'stopped') this.stateEmitter.fire(state);
  }

  private log(level: LogLevel, line: string): void {
    this.options.log?.(level, line);
  }
}

export function describe(state: SupervisorState): string {
  switch (state.kind) {
    case 'starting':
      return 'starting';
    case 'running':
      return `running, pid ${state.info.pid}${state.adopted ? ' (adopted)' : ''}`;
    case 'down':
      return `down: ${state.reason}`;
    case 'no-node':
      return state.reason;
    case 'stopped':
      return 'stopped';
  }
}

export { isAlive };

const message = errorMessage;
