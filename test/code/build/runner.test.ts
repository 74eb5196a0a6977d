// The build worker: one per build, the next one started ahead of need.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { BuildRunner } from '../../../daemon/code/build/runner';
import { tempDir, workspaceRepo } from '../../helpers';

describe('build runner', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  function setup(): { repo: string; home: string; workDir: string; lines: string[] } {
    const home = tempDir('runner');
    const repo = workspaceRepo();
    dirs.push(home, repo);
    return { repo, home, workDir: path.join(home, 'repo'), lines: [] };
  }

  it('gives the next build a worker started when the previous one ended', async () => {
    const { repo, home, workDir, lines } = setup();
    const runner = new BuildRunner();
    try {
      const first = await runner.run({ repo, home, workDir, nodePath: process.execPath, log: (l) => lines.push(l) });
      assert.ok(first.ingest.symbols > 0);
      assert.ok(!lines.some((l) => l.includes('started ahead')), 'the first build has none waiting');
      // The spare is started after the answer, once the swap had its turn.
      await new Promise(setImmediate);
      lines.length = 0;
      const second = await runner.run({ repo, home, workDir, nodePath: process.execPath, log: (l) => lines.push(l) });
      assert.equal(second.ingest.symbols, first.ingest.symbols);
      assert.ok(
        lines.some((l) => l.includes('started ahead')),
        lines.join('\n'),
      );
    } finally {
      runner.dispose();
    }
  });

  it('aborts a build in a worker started ahead, leaving no .next, and builds again after', async () => {
    const { repo, home, workDir } = setup();
    const runner = new BuildRunner();
    try {
      await runner.run({ repo, home, workDir, nodePath: process.execPath });
      await new Promise(setImmediate);
      const aborter = new AbortController();
      const aborted = runner.run({ repo, home, workDir, nodePath: process.execPath, signal: aborter.signal });
      aborter.abort();
      await assert.rejects(aborted);
      assert.ok(!fs.existsSync(path.join(workDir, 'index.db.next')), 'the partial index is removed');
      const again = await runner.run({ repo, home, workDir, nodePath: process.execPath });
      assert.ok(again.ingest.symbols > 0);
    } finally {
      runner.dispose();
    }
  });
});
