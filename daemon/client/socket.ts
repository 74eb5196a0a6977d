// Connecting to the daemon's socket, shared by the CLI and the extension.
import * as fs from 'node:fs';
import * as net from 'node:net';

/**
 * A socket to the daemon that takes writes at once: they wait in the socket
 * until it connects, so a first request costs no round trip of its own.
 * `connected` is false when nothing listens (stale file, refused); then
 * nothing written was sent. undefined when there is no socket file.
 */
export function openSocket(sock: string): { socket: net.Socket; connected: Promise<boolean> } | undefined {
  if (process.platform !== 'win32' && !fs.existsSync(sock)) return undefined;
  const socket = net.createConnection(sock);
  const connected = new Promise<boolean>((resolve) => {
    const failed = (): void => resolve(false);
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.removeListener('error', failed);
      resolve(true);
    });
  });
  return { socket, connected };
}

/** A connected socket, or undefined when nothing listens (no file, stale file, refused). */
export async function tryConnect(sock: string): Promise<net.Socket | undefined> {
  const opened = openSocket(sock);
  return opened && (await opened.connected) ? opened.socket : undefined;
}
