// The code domain in-process, through the same seam the daemon uses: each
// test names a defect found while reading the old CodeIndex.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { CodeDomain } from '../../daemon/code';
import { readQuery } from '../../daemon/code/query';
import type { DomainContext } from '../../daemon/domain';
import { repoDir } from '../../daemon/paths';
import * as P from '../../daemon/protocol';
import { tempDir, workspaceRepo } from '../helpers';

function domain(home: string, watch = true): { code: CodeDomain; lines: string[] } {
  const lines: string[] = [];
  const ctx: DomainContext = {
    home,
    log: (l) => lines.push(l),
    debug: (l) => lines.push(`debug: ${l}`),
    error: (l) => lines.push(`error: ${l}`),
    notify: () => undefined,
  };
  return { code: new CodeDomain(ctx, { watch }), lines };
}

describe('code domain', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('builds from the sources through the bundled build worker, the production path', async () => {
    const home = tempDir('dom-worker');
    const repo = workspaceRepo();
    dirs.push(home, repo);
    const { code, lines } = domain(home, false);
    try {
      const r = await code.index(repo);
      assert.ok(r.symbols > 0);
      assert.ok(
        lines.some((l) => /build runs in a worker thread \(.*dist[/\\]build-worker\.js\)/.test(l)),
        lines.join('\n'),
      );
    } finally {
      await code.dispose();
    }
  });

  it('moves an unreadable index aside (never deletes it), says where, and rebuilds', async () => {
    const home = tempDir('dom-corrupt');
    const repo = workspaceRepo();
    dirs.push(home, repo);
    const dir = repoDir(home, repo);
    fs.mkdirSync(dir, { recursive: true });
    const garbage = Buffer.from("this is not an SQLite database, but it is somebody's bytes\n".repeat(200));
    fs.writeFileSync(path.join(dir, 'index.db'), garbage);
    const { code, lines } = domain(home, false);
    try {
      const answer = (await code.query(readQuery(P.Refs.method)!, { repo, name: 'area' } as P.RepoParams)) as P.QueryResult;
      assert.ok(answer.total > 0, 'the rebuilt index answers');
      const aside = fs.readdirSync(dir).filter((f) => f.startsWith('index.db.unreadable-'));
      assert.equal(aside.length, 1, `moved aside: ${fs.readdirSync(dir).join(', ')}`);
      assert.deepEqual(fs.readFileSync(path.join(dir, aside[0]!)), garbage, 'the bytes are kept as they were');
      assert.ok(
        lines.some((l) => l.includes('moved aside to') && l.includes(aside[0]!)),
        'the log says where',
      );
    } finally {
      await code.dispose();
    }
  });

  it('status reports a repo without opening its store or starting a watcher', async () => {
    const home = tempDir('dom-status');
    const repo = workspaceRepo();
    dirs.push(home, repo);
    const first = domain(home, false);
    await first.code.index(repo);
    await first.code.dispose();
    const { code } = domain(home, true);
    try {
      const [s] = code.status({ repo }).repos;
      assert.equal(s!.effective_status, 'ready');
      assert.ok(s!.symbols > 0, 'status read the index meta');
      assert.equal(s!.watching, false, 'status started no watcher');
      assert.equal(code.stores.peek(code.repos.get(repo)), undefined, 'status left no store open');
      assert.equal(code.liveRepo(repo), undefined);
    } finally {
      await code.dispose();
    }
  });
});
