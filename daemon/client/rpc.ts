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
  /** Resolve with the result's JSON text as bytes (requestJson) instead of its value. */
  json?: boolean;
}

/**
 * How the daemon's answers begin, up to the id (vscode-jsonrpc builds a
 * response as { jsonrpc, id, result } and the daemon writes JSON.stringify of
 * it): an answer that begins so and has `,"result":` after its id carries the
 * result's JSON text whole up to its closing brace.
 */
const ANSWER_HEAD = Buffer.from('{"jsonrpc":"2.0","id":');
const RESULT_KEY = Buffer.from(',"result":');

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
    return this.send(type, params, false) as Promise<R>;
  }

  /**
   * The result as JSON text (UTF-8 bytes), as JSON.stringify would write it:
   * the bytes the daemon sent, unparsed, when its answer has the usual shape.
   * A CLI printing JSON skips parsing and writing out again what it prints.
   */
  requestJson<P>(type: Method<P, unknown>, params: P): Promise<Buffer> {
    return this.send(type, params, true) as Promise<Buffer>;
  }

  private send(type: { method: string }, params: unknown, json: boolean): Promise<unknown> {
    if (this.closed) return Promise.reject(new RpcError(ErrorCode.ConnectionClosed, 'the connection to the daemon is closed'));
    const id = this.nextId++;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: type.method, params });
    this.socket.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, json }));
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
      const body = this.buffer.subarray(start, start + length);
      this.buffer = this.buffer.subarray(start + length);
      if (this.resolveJson(body)) continue;
      this.dispatch(
        JSON.parse(body.toString('utf8')) as {
          id?: number;
          method?: string;
          params?: unknown;
          result?: unknown;
          error?: { code: number; message: string; data?: ErrorData };
        },
      );
    }
  }

  /** Answers a requestJson with the result's bytes cut from the body, when the body has the usual shape; false leaves the body to be parsed. */
  private resolveJson(body: Buffer): boolean {
    if (body.length === 0 || body[body.length - 1] !== 0x7d || !body.subarray(0, ANSWER_HEAD.length).equals(ANSWER_HEAD)) return false;
    let end = ANSWER_HEAD.length;
    while (end < body.length && body[end]! >= 0x30 && body[end]! <= 0x39) end++;
    if (end === ANSWER_HEAD.length || !body.subarray(end, end + RESULT_KEY.length).equals(RESULT_KEY)) return false;
    const id = Number(body.subarray(ANSWER_HEAD.length, end).toString('latin1'));
    const p = this.pending.get(id);
    if (!p?.json) return false;
    this.pending.delete(id);
    p.resolve(body.subarray(end + RESULT_KEY.length, body.length - 1));
    return true;
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
    else p.resolve(p.json ? Buffer.from(JSON.stringify(msg.result ?? null)) : msg.result);
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
