// A SCRY_HOME too long for a Unix socket path (sun_path is 108 bytes): the
// daemon binds a short private path the client computes the same way, never a
// truncated one, and the CLI answers.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { StatusResult } from '../../daemon/protocol';
import { SOCKET_PATH_MAX, socketPath, shortSocketDir } from '../../daemon/paths';
import { scry, stopDaemon, tempDir } from '../helpers';

describe('a SCRY_HOME too long for a socket path', () => {
  const base = tempDir('long-home');
  // 130+ bytes: past sun_path on every platform.
  const home = path.join(base, 'a-very-long-folder-name-'.repeat(5), 'scry-home');
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(base, { recursive: true, force: true });
  });

  it('puts the socket in a private short folder that CLI and daemon agree on', async () => {
    assert.ok(Buffer.byteLength(path.join(home, 'scryd.sock')) > 108, `home is ${home.length} characters`);
    const sock = socketPath(home);
    assert.ok(Buffer.byteLength(sock) <= SOCKET_PATH_MAX, sock);
    assert.equal(path.dirname(sock), shortSocketDir());

    const started = await scry(['start'], { home });
    assert.equal(started.code, 0, started.stderr);
    const r = await scry(['status', '--json'], { home });
    assert.equal(r.code, 0, r.stderr);
    const status = JSON.parse(r.stdout) as StatusResult;
    assert.equal(status.daemon.socket, sock, 'the daemon listens where the client looks');
    assert.equal(status.daemon.home, home);
    const dir = fs.lstatSync(path.dirname(sock));
    assert.ok(dir.isDirectory());
    assert.equal(dir.mode & 0o777, 0o700, 'the short folder is private');
    assert.equal(fs.statSync(sock).mode & 0o777, 0o600);
    // Nothing bound at the path the kernel would have cut the long one to.
    const truncated = path.join(home, 'scryd.sock').slice(0, 107);
    assert.ok(!fs.existsSync(truncated), `no socket at ${truncated}`);

    const again = await scry(['status', '--json'], { home });
    assert.equal(again.code, 0, again.stderr);
    assert.equal((JSON.parse(again.stdout) as StatusResult).daemon.pid, status.daemon.pid, 'a second client finds the same daemon');
  });

  it('refuses, in one line, a short folder that is not private', async () => {
    // A second long home whose short folder another process made world-writable.
    const other = path.join(base, 'b-very-long-folder-name-'.repeat(5), 'scry-home');
    const sock = socketPath(other);
    const dir = path.dirname(sock);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const before = fs.statSync(dir).mode & 0o777;
    fs.chmodSync(dir, 0o777);
    try {
      const r = await scry(['start'], { home: other });
      assert.notEqual(r.code, 0);
      assert.match(r.stderr, /cannot put the daemon's socket in '\/tmp\/scry-\d+': its mode is 777, not 700/);
      console.log(`refused: ${r.stderr.trim()}`);
    } finally {
      fs.chmodSync(dir, before);
      await stopDaemon(other);
    }
  });
});
