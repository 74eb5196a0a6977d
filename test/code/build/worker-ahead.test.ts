// A real daemon starts a build worker as it starts, so that its first build
// (most daemons start for a query in a repo that then builds) does not wait
// for one to load; a daemon that opens no index lets it go at its next sweep.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { connectRunning } from '../../../daemon/client';
import * as P from '../../../daemon/protocol';
import { waitFor } from '../../live/wait';
import { scry, stopDaemon, tempDir, workspaceRepo } from '../../helpers';

const logOf = (home: string): string => fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8');

describe("the daemon's build worker started ahead", () => {
  const homes: string[] = [];
  const dirs: string[] = [];
  after(async () => {
    for (const h of homes) await stopDaemon(h);
    [...homes, ...dirs].forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  });

  it("runs the daemon's first build, then the precise build after its first index", async () => {
    const home = tempDir('ahead-home');
    const repo = workspaceRepo();
    homes.push(home);
    dirs.push(repo);
    assert.equal((await scry(['start'], { home })).code, 0);
    const r = await scry(['index', repo, '--json'], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.ok((JSON.parse(r.stdout) as P.IndexResult).symbols > 0);
    const runs = logOf(home)
      .split('\n')
      .filter((l) => l.includes('build runs in a worker thread'));
    assert.equal(runs.length, 2, `a first index, then the precise build:\n${runs.join('\n')}`);
    assert.match(runs[0]!, /started ahead/, 'the first index did not wait for a worker to load');
    assert.match(runs[1]!, /kept from 1 build before/, "the precise build ran in the first index's worker");
  });

  it('is let go when no index opens', async () => {
    const home = tempDir('ahead-idle-home');
    homes.push(home);
    assert.equal((await scry(['start'], { home, env: { SCRY_IDLE_CLOSE_MS: '1000' } })).code, 0);
    const client = await connectRunning(home);
    assert.ok(client);
    try {
      await waitFor(async () => ((await client.request(P.Status.type, {})).index_memory?.spare_build_worker === false ? true : undefined), 'the worker to go');
      assert.match(logOf(home), /no index is open: the build workers waiting for a build are let go/);
    } finally {
      client.dispose();
    }
  });
});
