// The MCP server's one connection to the daemon, opened on the first tool call
// (so `initialize` and `tools/list` never wait for a daemon) and reopened when
// the daemon went away between calls (scry stop, a crash, an upgrade).
import { ConnectionError, ResponseError, type RequestParam, type RequestType } from 'vscode-jsonrpc';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { ScryError } from '../errors';

export class DaemonMethodMissingError extends ScryError {
  constructor(readonly method: string) {
    super(
      `the scry daemon does not answer '${method}' (method not found)`,
      'An older daemon may still be running: run scry stop (the next call starts the current one), or update scry',
    );
  }
}

export class DaemonLink {
  private conn: Promise<MessageConnection> | undefined;

  constructor(private readonly connect: () => Promise<MessageConnection>) {}

  async request<P, R>(type: RequestType<P, R, void>, params: P): Promise<R> {
    try {
      return await this.send(type, params);
    } catch (err) {
      // The daemon went away since the last call: start (or find) a new one, once.
      if (!(err instanceof ConnectionError)) throw err;
      this.drop();
      return this.send(type, params);
    }
  }

  dispose(): void {
    const conn = this.conn;
    this.conn = undefined;
    void conn?.then((c) => c.dispose(), () => undefined);
  }

  private async send<P, R>(type: RequestType<P, R, void>, params: P): Promise<R> {
    const conn = await this.connection();
    try {
      // Widened once here: every caller passes a params object, never null.
      return await conn.sendRequest(type, params as RequestParam<P>);
    } catch (err) {
      if (err instanceof ResponseError && err.code === -32601) throw new DaemonMethodMissingError(type.method);
      throw err;
    }
  }

  private connection(): Promise<MessageConnection> {
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
