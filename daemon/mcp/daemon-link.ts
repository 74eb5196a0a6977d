// The MCP server's one connection to the daemon, opened on the first tool call
// (so `initialize` and `tools/list` never wait for a daemon) and reopened when
// the daemon went away between calls (scry stop, a crash, an upgrade).
import { RpcClient, RpcError, type Method } from '../client';
import { ErrorCode, ScryError } from '../errors';

export class DaemonMethodMissingError extends ScryError {
  override readonly code = ErrorCode.MethodNotFound;
  constructor(readonly method: string) {
    super(
      `the scry daemon does not answer '${method}' (method not found)`,
      'An older daemon may still be running: run scry stop (the next call starts the current one), or update scry',
    );
  }
}

export class DaemonLink {
  private conn: Promise<RpcClient> | undefined;

  constructor(private readonly connect: () => Promise<RpcClient>) {}

  async request<P, R>(type: Method<P, R>, params: P): Promise<R> {
    try {
      return await this.send(type, params);
    } catch (err) {
      // The daemon went away since the last call: start (or find) a new one, once.
      if (!(err instanceof RpcError && err.code === ErrorCode.ConnectionClosed)) throw err;
      this.drop();
      return this.send(type, params);
    }
  }

  dispose(): void {
    const conn = this.conn;
    this.conn = undefined;
    void conn?.then(
      (c) => c.dispose(),
      () => undefined,
    );
  }

  private async send<P, R>(type: Method<P, R>, params: P): Promise<R> {
    const conn = await this.connection();
    try {
      return await conn.request(type, params);
    } catch (err) {
      if (err instanceof RpcError && err.code === ErrorCode.MethodNotFound) throw new DaemonMethodMissingError(type.method);
      throw err;
    }
  }

  private connection(): Promise<RpcClient> {
    if (!this.conn) {
      const pending = this.connect().then(
        (c) => {
          c.onClose(() => {
            if (this.conn === pending) this.conn = undefined;
          });
          return c;
        },
        (err: unknown) => {
          this.conn = undefined;
          throw err;
        },
      );
      this.conn = pending;
    }
    return this.conn;
  }

  private drop(): void {
    this.dispose();
  }
}
