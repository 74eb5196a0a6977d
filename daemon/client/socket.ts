// Connecting to the daemon's socket, shared by the CLI and the extension.
import * as fs from 'node:fs';
import * as net from 'node:net';

/** A connected socket, or undefined when nothing listens (no file, stale file, refused). */
export function tryConnect(sock: string): Promise<net.Socket | undefined> {
  if (process.platform !== 'win32' && !fs.existsSync(sock)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const socket = net.createConnection(sock);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => resolve(undefined));
  });
}
