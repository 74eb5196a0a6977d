// A minimal JSON-RPC 2.0 client for the CLI's hot path. It speaks the same
// wire format as vscode-jsonrpc (Content-Length framed JSON) but loads in a
// fraction of the time, which matters when every agent call spawns a CLI.
import type * as net from 'node:net';
import { ErrorCode, RemoteError, type ErrorData } from '../protocol/errors';

/** Anything with a method name and phantom param/result types: protocol.ts's RequestTypes. */
export interface Method<P, R> {
  readonly method: string;
  readonly _: [P, R, ...unknown[]] | undefined;
}

export interface Notification<P> {
  readonly method: string;
  readonly _: [P, ...unknown[]] | undefined;
}

/** An error answer from the daemon (or a closed connection), with the daemon's code and remedy. */
export class RpcError extends RemoteError {}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

export class RpcClient {
  private nextId = 1;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, (params: unknown) => void>();
  private readonly closeHandlers: Array<() => void> = [];
  private closed = false;

  constructor(private readonly socket: net.Socket) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('close', () => this.handleClose());
    socket.on('error', () => this.handleClose());
  }

  request<P, R>(type: Method<P, R>, params: P): Promise<R> {
    if (this.closed) return Promise.reject(new RpcError(ErrorCode.ConnectionClosed, 'the connection to the daemon is closed'));
    const id = this.nextId++;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: type.method, params });
    this.socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    return new Promise<R>((resolve, reject) => this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject }));
  }

  onNotification<P>(type: Notification<P>, handler: (params: P) => void): { dispose(): void } {
    this.handlers.set(type.method, handler as (p: unknown) => void);
    return { dispose: () => this.handlers.delete(type.method) };
  }

  onClose(handler: () => void): { dispose(): void } {
    this.closeHandlers.push(handler);
    return { dispose: () => this.closeHandlers.splice(this.closeHandlers.indexOf(handler) >>> 0, 1) };
  }

  dispose(): void {
    this.socket.end();
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString('ascii');
      const match = /Content-Length:\s*(\d+)/i.exec(header);
      if (!match) {
        this.fail(new RpcError(ErrorCode.Internal, `malformed message header from the daemon: ${header.slice(0, 80)}`));
        return;
      }
      const length = Number(match[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const body = this.buffer.subarray(start, start + length).toString('utf8');
      this.buffer = this.buffer.subarray(start + length);
      this.dispatch(
        JSON.parse(body) as { id?: number; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string; data?: ErrorData } },
      );
    }
  }

  private dispatch(msg: {
    id?: number;
    method?: string;
    params?: unknown;
    result?: unknown;
    error?: { code: number; message: string; data?: ErrorData };
  }): void {
    if (msg.method !== undefined) {
      this.handlers.get(msg.method)?.(msg.params);
      return;
    }
    if (typeof msg.id !== 'number') return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.error) p.reject(new RpcError(msg.error.code, msg.error.message, msg.error.data?.remedy));
    else p.resolve(msg.result);
  }

  private handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.fail(new RpcError(ErrorCode.ConnectionClosed, 'the daemon closed the connection before answering'));
    for (const h of this.closeHandlers) h();
  }

  private fail(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }
}
