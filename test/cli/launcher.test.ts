// bin/scry, the launcher every `scry` runs: on Node 22 and later it turns on
// Node's compile cache, so later calls skip compiling the bundles; on Node 20
// it runs the CLI as before. Each supported Node that this machine has.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { supportedNodes } from '../install/nodes';
import { CLI, tempDir } from '../helpers';

describe('bin/scry', () => {
  for (const node of supportedNodes()) {
    it(`runs on Node ${node.major}, with the compile cache from 22 on`, { skip: node.missing }, () => {
      const tmp = tempDir(`launcher-${node.major}`);
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: tmp, SCRY_HOME: path.join(tmp, 'home') };
      delete env.NODE_COMPILE_CACHE;
      delete env.NODE_DISABLE_COMPILE_CACHE;
      const run = (): { status: number | null; stdout: string; stderr: string } => spawnSync(node.bin, [CLI, 'version'], { env, encoding: 'utf8' });
      const first = run();
      assert.equal(first.status, 0, first.stderr);
      assert.match(first.stdout, /^scry \d+\.\d+\.\d+/);
      assert.equal(first.stderr, '');
      const cache = path.join(tmp, 'node-compile-cache');
      const cached = fs.existsSync(cache) ? fs.readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
      if (node.major >= 22) assert.ok(cached >= 2, `the bundles cached in ${cache}: ${cached} files`);
      else assert.equal(cached, 0);
      // A second call reads the cache and says the same.
      const second = run();
      assert.equal(second.status, 0, second.stderr);
      assert.equal(second.stdout, first.stdout);
      assert.equal(second.stderr, '');
    });
  }
});
