// An idle daemon lets go of what its index held: a real daemon indexes and
// queries rxjs, and once its store has been unused past the idle close (cut
// to 1 s here) status shows no open store and no build worker kept ready, and
// its RSS is back within 1.30x of where it started (the launcher's glibc
// settings; before them it stayed at 1.35-1.9x); a closed store keeps no
// statement, path table or meta. test/bench/idle-memory.bench.ts prints the
// figures beside glibc's defaults.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectRunning, type RpcClient } from '../../daemon/client';
import { CodeStore } from '../../daemon/code/store/store';
import { repoDir } from '../../daemon/paths';
import * as P from '../../daemon/protocol';
import { waitFor } from '../live/wait';
import { rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';

const MB = (bytes: number | undefined): string => `${Math.round((bytes ?? 0) / 2 ** 20)} MB`;

describe('what an idle daemon keeps', () => {
  let home: string;
  let repo: string;
  let client: RpcClient;

  before(async () => {
    home = tempDir('idle-mem-home');
    repo = fs.realpathSync(rxjsRepo());
    const r = await scry(['start'], { home, env: { SCRY_IDLE_CLOSE_MS: '1000' } });
    assert.equal(r.code, 0, r.stderr);
    client = (await connectRunning(home))!;
  });
  after(async () => {
    client?.dispose();
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('closes the idle store and lets the spare build worker go; a query opens it again', async () => {
    // Let the fresh daemon settle (restore, the memory domain) before the baseline, as the bench does.
    await new Promise((r) => setTimeout(r, 2000));
    const start = (await client.request(P.Status.type, {})).daemon.rss_bytes;
    assert.ok(start !== undefined);
    await client.request(P.IndexRepo.type, { repo });
    for (const name of ['concatMap', 'Observable', 'Subscriber', 'mergeMap']) assert.ok((await client.request(P.Refs.type, { repo, name })).total > 0);
    const busy = await client.request(P.Status.type, {});
    assert.equal(busy.index_memory?.open_stores, 1, 'the queried index is open');
    const idle = await waitFor(async () => {
      const s = await client.request(P.Status.type, {});
      return s.index_memory?.open_stores === 0 && s.index_memory.spare_build_worker === false ? s : undefined;
    }, 'the idle store and the spare worker to be let go');
    assert.match(fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8'), new RegExp(`closed idle index of ${repo}`));
    // RSS falls for a while after the close as pages go back and the spare worker's thread ends (its
    // terminate() runs on after status stops counting it; slower on a loaded machine): the lowest of
    // readings over five seconds is where it settles.
    let released = idle.daemon.rss_bytes ?? Number.POSITIVE_INFINITY;
    for (let i = 0; i < 10; i++) {
      await new Promise((r) => setTimeout(r, 500));
      released = Math.min(released, (await client.request(P.Status.type, {})).daemon.rss_bytes ?? released);
    }
    const heap = (d: P.DaemonInfo): string => `heap ${MB(d.heap_used_bytes)} used of ${MB(d.heap_total_bytes)}, external ${MB(d.external_bytes)}`;
    console.log(
      `daemon RSS: ${MB(start)} at start, ${MB(busy.daemon.rss_bytes)} after indexing and queries, ${MB(released)} once its store closed (${(released / start).toFixed(2)}x); ${heap(idle.daemon)}`,
    );
    assert.ok(released <= start * 1.3, `RSS ${MB(released)} once the store closed, over 1.30x the ${MB(start)} at start`);

    assert.ok((await client.request(P.Refs.type, { repo, name: 'concatMap' })).total > 0, 'the closed index opens again on demand');
    assert.equal((await client.request(P.Status.type, {})).index_memory?.open_stores, 1);
  });

  it('a closed store holds no statement, path table or meta', () => {
    const store = new CodeStore(path.join(repoDir(home, repo), 'index.db'));
    const [symbol] = store.symbolsNamed('concatMap');
    assert.ok(symbol);
    assert.ok(store.occurrences(symbol.id).length > 0);
    assert.ok(store.meta().documents > 0);
    store.statement('SELECT count(*) AS n FROM documents').get();
    assert.equal(store.released, false, 'in use, it holds them');
    store.close();
    assert.equal(store.released, true);
  });
});
