// Daemon robustness on a real rxjs index: kill -9 in the middle of a build and
// in the middle of a swap leaves a queryable index, the next CLI call recovers
// (stale socket, leftover index.db.next, orphaned indexer), and a graceful
// stop abandons a running build cleanly.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoDir } from '../../daemon/paths';
import type { IndexResult, QueryResult } from '../../daemon/protocol';
import { daemonPid, isAlive, rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';
import { waitFor } from './wait';

async function json<T>(args: string[], home: string, env: Record<string, string> = {}): Promise<T> {
  const r = await scry([...args, '--json'], { home, env });
  if (r.code !== 0) throw new Error(`scry ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

const logText = (home: string): string => fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8');
const count = (text: string, needle: string): number => text.split(needle).length - 1;

async function kill9(pid: number): Promise<void> {
  process.kill(pid, 'SIGKILL');
  await waitFor(() => !isAlive(pid), `daemon ${pid} to die`);
}

describe('daemon robustness', () => {
  let home: string;
  let repo: string;
  let dir: string;
  let total: number;

  before(async () => {
    home = tempDir('crash');
    repo = rxjsRepo();
    dir = repoDir(home, fs.realpathSync(repo));
    total = (await json<QueryResult>(['refs', 'concatMap', '--repo', repo], home)).total;
    assert.ok(total > 3);
  });
  after(() => stopDaemon(home));

  it('kill -9 during a build: the next query answers from the previous index and cleans up', async () => {
    const pid = daemonPid(home)!;
    const rebuilding = scry(['index', repo, '--force', '--json'], { home });
    const indexerPid = await buildUnderWay(dir);
    await kill9(pid);
    const lost = await rebuilding;
    assert.notEqual(lost.code, 0, 'the client of the killed build is told it failed');
    assert.ok(fs.existsSync(path.join(dir, 'index.db.next')), 'the kill left a half-written index.db.next');

    const r = await json<QueryResult>(['refs', 'concatMap', '--repo', repo], home);
    assert.equal(r.total, total);
    // The previous index may still be the first (syntactic) one: then the answer says building, as the daemon
    // starting now builds the precise one (issue 38), and ready only from a precise index.
    assert.equal(r.index.status, r.index.syntactic ? 'building' : 'ready');
    // Without a daemon the CLI answers from the index file and starts a new daemon, which cleans up.
    await waitFor(() => {
      const now = daemonPid(home);
      return now !== undefined && now !== pid;
    }, 'a new daemon');
    await waitFor(() => !fs.existsSync(path.join(dir, 'index.db.next')), 'the restarted daemon to remove the leftover');
    await waitFor(() => !isAlive(indexerPid), 'the orphaned indexer to be stopped');
  });

  it('kill -9 during a swap: the next query answers, and a rebuild works again', async () => {
    await stopDaemon(home);
    const swapsBefore = count(logText(home), 'swap begin');
    // This daemon blocks between closing the old store and the rename.
    const rebuilding = scry(['index', repo, '--force', '--json'], { home, env: { SCRY_TEST_SWAP_HOLD_MS: '600000' } });
    await waitFor(() => count(logText(home), 'swap begin') > swapsBefore, 'the swap to begin', 180_000);
    const pid = daemonPid(home)!;
    await kill9(pid);
    await rebuilding;

    const r = await json<QueryResult>(['refs', 'concatMap', '--repo', repo], home);
    assert.equal(r.total, total);
    await waitFor(() => !fs.existsSync(path.join(dir, 'index.db.next')), 'the restarted daemon to remove the leftover');
    const rebuilt = await json<IndexResult>(['index', repo, '--force'], home);
    assert.equal(rebuilt.status, 'ready');
    assert.equal((await json<QueryResult>(['refs', 'concatMap', '--repo', repo], home)).total, total);
  });

  it('scry stop during a build abandons it cleanly: no leftover, no orphan, the index still answers', async () => {
    const pid = daemonPid(home)!;
    const rebuilding = scry(['index', repo, '--force', '--json'], { home });
    const indexerPid = await buildUnderWay(dir);
    const stop = await scry(['stop'], { home });
    assert.equal(stop.code, 0);
    await rebuilding;
    assert.ok(!isAlive(pid), 'the daemon exited');
    assert.ok(!isAlive(indexerPid), 'its indexer was stopped with it');
    assert.ok(!fs.existsSync(path.join(dir, 'index.db.next')), 'the abandoned build removed its file');
    assert.match(logText(home), /scryd stopped/);
    const r = await json<QueryResult>(['refs', 'concatMap', '--repo', repo], home);
    assert.equal(r.total, total);
  });
});

/** Waits until a build writes index.db.next and its indexer is running; returns the indexer's pid. */
function buildUnderWay(dir: string): Promise<number> {
  return waitFor(() => {
    if (!fs.existsSync(path.join(dir, 'index.db.next'))) return undefined;
    const n = Number(fs.readFileSync(path.join(dir, 'indexer.pid'), 'utf8'));
    return n > 0 ? n : undefined;
  }, 'the build to be under way');
}
