// A new git worktree of a repo Scry has indexed, end to end with a real
// spawned daemon and real git: it starts from its sibling's index (copied,
// re-rooted), answers a changed file from the overlay at its new lines, and
// at the same commit answers as the sibling does, though git gave it no
// node_modules (its own precise build then waits for them, and says so);
// once `git worktree remove`d, its index and watcher are dropped.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type * as P from '../../daemon/protocol';
import { lineOf, rxjsRepo, scryJson, stopDaemon, tempDir } from '../helpers';
import { waitFor } from './wait';

const NO_AUTO_REBUILD = { SCRY_DEBOUNCE_MS: '3600000' };
// A removed worktree's index is dropped after this long (15 minutes by default).
const DAEMON_ENV = { ...NO_AUTO_REBUILD, SCRY_GONE_GRACE_MS: '1500' };
const NAMES = ['concatMap', 'Observable', 'Subscriber', 'mergeMap', 'pipe', 'SchedulerLike'];

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed in ${cwd}: ${r.stderr}`);
  return r.stdout;
}

/** An answer without what differs by design between two checkouts: timing and where the index came from. */
const facts = (r: P.QueryResult): unknown =>
  r.matches.map((m) => [m.symbol_id, m.kind, m.occurrences.map((o) => [o.file, o.line, o.column, o.use, o.precision ?? 'precise', o.containing_symbol])]);

describe('worktrees seeded from their indexed sibling', () => {
  let home: string;
  let main: string;
  const ask = (repo: string, ...args: string[]): Promise<P.QueryResult> =>
    scryJson<P.QueryResult>([...args, '--repo', repo, '--limit', '1000'], { home, env: NO_AUTO_REBUILD });
  const statusOf = async (repo: string): Promise<P.RepoStatus> => (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0]!;

  before(async () => {
    home = tempDir('seed');
    main = fs.realpathSync(rxjsRepo());
    // The sibling has its dependencies installed; git carries none of them into a new worktree.
    fs.mkdirSync(path.join(main, 'node_modules'));
    fs.writeFileSync(path.join(main, '.gitignore'), 'node_modules/\n');
    git(main, '-c', 'user.email=t@example.com', '-c', 'user.name=t', 'add', '-A');
    git(main, '-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'rxjs sources');
    const built = await scryJson<P.IndexResult>(['index', main], { home, env: DAEMON_ENV });
    assert.deepEqual(
      built.indexers.map((i) => [i.indexer, i.status]),
      [['scip-typescript', 'ok']],
    );
  });
  after(() => stopDaemon(home));

  it('a worktree at the same commit, without node_modules, answers as its sibling does', async () => {
    const wt = path.join(tempDir('wt-same'), 'same');
    git(main, 'worktree', 'add', '-q', wt);
    assert.ok(!fs.existsSync(path.join(wt, 'node_modules')));
    for (const name of NAMES) {
      const theirs = await ask(main, 'refs', name);
      const mine = await ask(wt, 'refs', name);
      assert.equal(mine.index.seeded_from, main, name);
      assert.equal(mine.index.syntactic, undefined);
      assert.ok(theirs.total > 0, name);
      assert.deepEqual(facts(mine), facts(theirs), name);
    }
    const s = await statusOf(wt);
    assert.equal(s.seeded_from, main);
    assert.match(s.precise_waits ?? '', /no node_modules/);
    assert.equal(s.building, false);
    assert.equal(s.overlay_files, 0);
  });

  it("a new worktree's first answer names the changed file's new line, and every other file as the sibling does", async () => {
    const wt = path.join(tempDir('wt-edit'), 'edit');
    git(main, 'worktree', 'add', '-q', '-b', 'feature', wt);
    const file = 'src/internal/operators/concatMapTo.ts';
    const before = lineOf(path.join(main, file), /concatMap\(\(\) => innerObservable\)/);
    // Three lines more at the top: the call moves down by three.
    const text = fs.readFileSync(path.join(wt, file), 'utf8');
    fs.writeFileSync(path.join(wt, file), `// one\n// two\n// three\n${text}`);
    const now = lineOf(path.join(wt, file), /concatMap\(\(\) => innerObservable\)/);
    assert.equal(now, before + 3);
    const mine = await ask(wt, 'refs', 'concatMap');
    const theirs = await ask(main, 'refs', 'concatMap');
    assert.equal(mine.index.seeded_from, main);
    const occ = mine.matches.flatMap((m) => m.occurrences.map((o) => ({ ...o, symbol: m.symbol_id })));
    const moved = occ.filter((o) => o.file === file && o.line === now);
    assert.ok(moved.length > 0, `the call at ${file}:${now}`);
    assert.ok(moved.every((o) => o.precision === 'syntactic'));
    assert.ok(!occ.some((o) => o.file === file && o.line === before && o.context.includes('innerObservable')), 'not at its old line');
    // The overlay joins the edited file's calls to the one precise concatMap.
    assert.ok(moved.some((o) => o.symbol.startsWith('scip-typescript ')));
    const elsewhere = (r: P.QueryResult): string[] =>
      r.matches.flatMap((m) => m.occurrences.filter((o) => o.file !== file).map((o) => `${m.symbol_id} ${o.file}:${o.line}:${o.column}`)).sort();
    assert.deepEqual(elsewhere(mine), elsewhere(theirs));
    const s = await statusOf(wt);
    assert.equal(s.overlay_files, 1);
  });

  it('a worktree with its own node_modules is rebuilt precisely in the background, and the answers stay the same', async () => {
    const wt = path.join(tempDir('wt-deps'), 'deps');
    git(main, 'worktree', 'add', '-q', wt);
    fs.mkdirSync(path.join(wt, 'node_modules'));
    const first = await ask(wt, 'refs', 'Subscriber');
    assert.equal(first.index.seeded_from, main);
    const precise = await waitFor(async () => {
      const r = await ask(wt, 'refs', 'Subscriber');
      return r.index.seeded_from === undefined ? r : undefined;
    }, "the worktree's own precise index");
    assert.equal(precise.index.building, undefined);
    assert.deepEqual(facts(precise), facts(first));
    assert.equal((await statusOf(wt)).precise_waits, undefined);
  });

  it("a removed worktree's index and watcher are dropped after the grace period; its sibling keeps answering", async () => {
    const wt = path.join(tempDir('wt-gone'), 'gone');
    git(main, 'worktree', 'add', '-q', wt);
    // Seeded from one of the indexed checkouts of this repository (the worktree rebuilt above qualifies as well as main).
    assert.ok((await ask(wt, 'refs', 'concatMap')).index.seeded_from);
    const repos = (): Promise<P.ReposResult> => scryJson<P.ReposResult>(['repos'], { home });
    // Its own copy of the index is written after the first answer: wait for it on disk.
    const dir = await waitFor(async () => {
      const listed = (await repos()).repos.find((r) => r.repo === wt);
      return listed && fs.existsSync(path.join(listed.index_dir, 'index.db')) ? listed.index_dir : undefined;
    }, "the worktree's own index on disk");
    assert.equal((await statusOf(wt)).watching, true);
    git(main, 'worktree', 'remove', '--force', wt);
    await waitFor(() => !fs.existsSync(dir), "the removed worktree's index folder to go");
    assert.ok(!(await repos()).repos.some((r) => r.repo === wt), 'not listed by scry repos');
    const status = await scryJson<P.StatusResult>(['status'], { home });
    assert.ok(!status.repos.some((r) => r.repo === wt), 'not in status (nor watched)');
    assert.ok(status.repos.some((r) => r.repo === main));
    const theirs = await ask(main, 'refs', 'concatMap');
    assert.ok(theirs.total > 0);
  });
});
