// The socket side of talking to the daemon: connect if something answers,
// and wrap the socket in a vscode-jsonrpc connection typed by protocol.ts.
import * as net from 'node:net';
import { createMessageConnection, SocketMessageReader, SocketMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

export { tryConnect } from '../daemon/client';

export function openConnection(socket: net.Socket): MessageConnection {
  const conn = createMessageConnection(new SocketMessageReader(socket), new SocketMessageWriter(socket));
  // A dropped socket surfaces through onClose; these would otherwise be unhandled.
  conn.onError(() => undefined);
  socket.on('error', () => undefined);
  conn.listen();
  return conn;
}

/** Rejects after `ms`; a heartbeat must not wait forever on a wedged daemon. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} got no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
