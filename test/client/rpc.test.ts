// RpcClient.requestJson: the CLI prints a JSON answer as the bytes the daemon
// sent, so those bytes must be exactly what JSON.stringify of the parsed
// result gives, and any answer of another shape must still come out right.
import assert from 'node:assert/strict';
import * as net from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createMessageConnection, SocketMessageReader } from 'vscode-jsonrpc/node';
import { RpcClient, RpcError } from '../../daemon/client/rpc';
import { SocketFrameWriter } from '../../daemon/server/frame-writer';
import { tempDir } from '../helpers';

const method = { method: 'code/refs', _: undefined };
/** A result whose JSON text has escapes, a non-ASCII letter, an exponent, and integer-like keys (which JSON.parse reorders). */
const RESULT = { symbol: 'hé\u2028"x"', n: -1.5e-7, list: [1, null, { '10': 1, '2': 'b', a: '\\' }], empty: {} };
const frame = (body: string): string => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe('RpcClient.requestJson', () => {
  let server: net.Server;
  let sock: string;
  /** Answers as the daemon does (daemon/server/daemon.ts): vscode-jsonrpc's connection over the daemon's frame writer. */
  let daemon: net.Server;
  let daemonSock: string;
  /** What the server answers to the next request, given its id; each string is written as one chunk. */
  let answer: (id: number) => string[] = () => [];

  before(async () => {
    sock = path.join(tempDir('rpc'), 's.sock');
    server = net.createServer((s) => {
      let buf = '';
      s.on('data', (c: Buffer) => {
        buf += c.toString('utf8');
        const end = buf.indexOf('\r\n\r\n');
        const length = Number(/Content-Length: (\d+)/.exec(buf)?.[1]);
        if (end < 0 || buf.length < end + 4 + length) return;
        const { id } = JSON.parse(buf.slice(end + 4, end + 4 + length)) as { id: number };
        buf = buf.slice(end + 4 + length);
        for (const chunk of answer(id)) s.write(chunk);
      });
    });
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    daemonSock = path.join(path.dirname(sock), 'd.sock');
    daemon = net.createServer((s) => {
      const conn = createMessageConnection(new SocketMessageReader(s), new SocketFrameWriter(s));
      conn.onRequest(method.method, () => {
        void conn.sendNotification('code/progress', { phase: 'a' });
        return RESULT;
      });
      conn.listen();
    });
    await new Promise<void>((resolve) => daemon.listen(daemonSock, resolve));
  });
  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => daemon.close(() => resolve()));
  });

  const ask = async <T>(fn: (c: RpcClient) => Promise<T>, to = sock): Promise<T> => {
    const socket = net.createConnection(to);
    await new Promise((resolve) => socket.once('connect', resolve));
    const c = new RpcClient(socket);
    try {
      return await fn(c);
    } finally {
      c.dispose();
    }
  };

  it("gives the daemon's result bytes, exactly JSON.stringify of the result", async () => {
    const got = await ask((c) => c.requestJson(method, {}), daemonSock);
    assert.equal(got.toString('utf8'), JSON.stringify(RESULT));
    assert.equal(got.toString('utf8'), JSON.stringify(JSON.parse(got.toString('utf8'))));
  });

  it('cuts the result from an answer split across chunks, after a notification', async () => {
    const text = JSON.stringify(RESULT);
    answer = (id) => {
      const whole = frame(`{"jsonrpc":"2.0","method":"code/progress","params":{"phase":"a"}}`) + frame(`{"jsonrpc":"2.0","id":${id},"result":${text}}`);
      return [whole.slice(0, 70), whole.slice(70, 75), whole.slice(75)];
    };
    const got = await ask((c) => c.requestJson(method, {}));
    assert.equal(got.toString('utf8'), text);
    assert.equal(got.toString('utf8'), JSON.stringify(JSON.parse(text)));
  });

  it('parses and writes out again an answer of another shape', async () => {
    answer = (id) => [frame(`{"id":${id},"jsonrpc":"2.0","result":{"b":1, "a":[ 2 ]}}`)];
    assert.equal((await ask((c) => c.requestJson(method, {}))).toString('utf8'), '{"b":1,"a":[2]}');
    answer = (id) => [frame(`{"jsonrpc":"2.0","id":${id},"result":null}`)];
    assert.equal((await ask((c) => c.requestJson(method, {}))).toString('utf8'), 'null');
  });

  it("rejects with the daemon's error, and leaves request() answers parsed", async () => {
    answer = (id) => [frame(`{"jsonrpc":"2.0","id":${id},"error":{"code":-32010,"message":"no such repo","data":{"remedy":"pass --repo"}}}`)];
    await assert.rejects(
      ask((c) => c.requestJson(method, {})),
      (err: unknown) => err instanceof RpcError && err.code === -32010 && err.remedy === 'pass --repo',
    );
    answer = (id) => [frame(`{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(RESULT)}}`)];
    assert.deepEqual(await ask((c) => c.request<object, unknown>(method, {})), RESULT);
  });
});
