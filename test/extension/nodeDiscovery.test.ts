import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { findNode, nodeCandidates, NodeNotFoundError } from '../../extension/nodeDiscovery';
import { tempDir } from '../helpers';

describe('finding a Node for the daemon', () => {
  const dir = tempDir('nodes');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const fakeNode = (sub: string, version: string): string => {
    const d = path.join(dir, sub);
    fs.mkdirSync(d, { recursive: true });
    const file = path.join(d, 'node');
    fs.writeFileSync(file, `#!/bin/sh\necho "${version}"\n`, { mode: 0o755 });
    return d;
  };
  const realNodeDir = path.dirname(process.execPath);

  it('uses scry.nodePath when set, and reports its version and ABI', async () => {
    const n = await findNode({ configured: process.execPath, pathEnv: '' });
    assert.deepEqual([n.path, n.version, n.abi, n.source], [process.execPath, process.version, process.versions.modules, 'setting']);
  });

  it('takes the first usable node on PATH, skipping ones too old', async () => {
    const old = fakeNode('old', 'v18.20.0 108');
    const n = await findNode({ pathEnv: [path.join(dir, 'missing'), old, realNodeDir].join(':') });
    assert.equal(n.path, path.join(realNodeDir, 'node'));
    assert.equal(n.source, 'PATH');
  });

  it('explains when PATH has no node at all', async () => {
    await assert.rejects(
      findNode({ pathEnv: path.join(dir, 'empty') }),
      (e: unknown) => e instanceof NodeNotFoundError && /no `node` was found on PATH/.test(e.message) && /scry\.nodePath/.test(e.message),
    );
  });

  it('explains when every node on PATH is too old', async () => {
    const old = fakeNode('old2', 'v16.0.0 93');
    await assert.rejects(findNode({ pathEnv: old }), /v16\.0\.0, Scry needs v20 or newer/);
  });

  it('names a bad scry.nodePath', async () => {
    await assert.rejects(
      findNode({ configured: '/no/such/node' }),
      (e: unknown) => e instanceof NodeNotFoundError && e.message.includes("'/no/such/node'") && /not an executable/.test(e.message),
    );
    const garbage = fakeNode('garbage', 'hello');
    await assert.rejects(findNode({ configured: path.join(garbage, 'node') }), /unexpected version output 'hello'/);
  });

  it('lists candidates once each, executables only', () => {
    const plain = path.join(dir, 'plain');
    fs.mkdirSync(plain, { recursive: true });
    fs.writeFileSync(path.join(plain, 'node'), 'not executable', { mode: 0o644 });
    assert.deepEqual(nodeCandidates([realNodeDir, plain, realNodeDir, ''].join(':'), 'linux'), [path.join(realNodeDir, 'node')]);
  });
});
