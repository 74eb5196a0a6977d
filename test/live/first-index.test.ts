// A repo Scry has never seen, end to end with a real spawned daemon: the
// first query answers from the syntactic first index (tree-sitter) without
// waiting for scip-typescript, says so (freshness `syntactic`, `precision`
// per occurrence, the build's progress), and the same query answers
// precisely once the precise index is swapped in.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type * as P from '../../daemon/protocol';
import { formatStatus } from '../../daemon/cli/format';
import { daemonPid, isAlive, lineOf, rxjsRepo, scryJson, stopDaemon, tempDir } from '../helpers';
import { waitFor } from './wait';

const NO_AUTO_REBUILD = { SCRY_DEBOUNCE_MS: '3600000' };
// The first answer may be a glance (the files naming the name, parsed within a budget): lifted here, where
// the first answer is checked to name every file the precise one names, so a loaded machine cannot cut it short.
const WHOLE_GLANCE = { ...NO_AUTO_REBUILD, SCRY_GLANCE_BUDGET_MS: '600000' };
const all = (r: P.QueryResult): P.Occurrence[] => r.matches.flatMap((m) => m.occurrences);

describe('first index: syntactic first, precise after the swap', () => {
  let home: string;
  let repo: string;
  const file = 'src/internal/operators/concatMap.ts';
  let first: P.QueryResult;

  before(async () => {
    home = tempDir('first');
    repo = rxjsRepo();
    first = await scryJson<P.QueryResult>(['refs', 'concatMap', '--repo', repo, '--limit', '500'], { home, env: WHOLE_GLANCE });
  });
  after(() => stopDaemon(home));

  it('answers the first query syntactically, and says the precise index is coming', () => {
    assert.equal(first.index.syntactic, true);
    assert.ok(first.index.building, 'the precise build is running');
    assert.ok(all(first).length > 0);
    assert.ok(all(first).every((o) => o.precision === 'syntactic'));
    const def = lineOf(path.join(repo, file), /^export function concatMap</);
    assert.ok(all(first).some((o) => o.is_definition && o.file === file && o.line === def));
  });

  it('shows the first index and the running build in scry status, in JSON and for a person', async () => {
    const s = (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0]!;
    // The precise build may have finished already on a fast machine: then status says so instead.
    if (s.building) {
      assert.ok(s.progress?.message);
      // The first answer may have come from the files naming it, before the first index was swapped in.
      if (s.indexed_at !== null) assert.equal(s.syntactic, true);
      else assert.equal(s.effective_status, 'indexing');
    } else {
      console.log('# the precise build ended before status was asked');
      assert.equal(s.syntactic, undefined);
    }
    // What a person reads: "syntactic first index …; precise results are coming".
    const text = formatStatus({
      daemon: (await scryJson<P.StatusResult>(['status'], { home })).daemon,
      repos: [{ ...s, syntactic: true, progress: { phase: 'indexing', message: 'scip-typescript: 10 files indexed', percent: 40, eta_s: 6 } }],
    });
    assert.match(text, /syntactic first index \(tree-sitter\); precise results are coming in ~6 s/);
  });

  it('answers the same query precisely after the swap, with the syntactic definition where the precise one is', async () => {
    const precise = await waitFor(async () => {
      const r = await scryJson<P.QueryResult>(['refs', 'concatMap', '--repo', repo, '--limit', '500'], { home });
      return r.index.syntactic ? undefined : r;
    }, 'the precise index');
    assert.equal(precise.index.building, undefined);
    assert.ok(
      all(precise).every((o) => o.precision === undefined),
      'every occurrence precise',
    );
    assert.ok(precise.matches.some((m) => m.symbol_id.startsWith('scip-typescript ')));
    const defsOf = (r: P.QueryResult): string[] =>
      [
        ...new Set(
          all(r)
            .filter((o) => o.is_definition && o.file === file)
            .map((o) => o.line),
        ),
      ]
        .sort()
        .map(String);
    assert.deepEqual(defsOf(first), defsOf(precise));
    // Every file the precise answer names was named by the syntactic one too (rxjs's concatMap is imported by name).
    const files = (r: P.QueryResult): Set<string> => new Set(all(r).map((o) => o.file));
    const missed = [...files(precise)].filter((f) => !files(first).has(f));
    // A glance parses files for at most GLANCE_PARSE_BUDGET_MS: on a busy machine it reads fewer of them, and says so.
    const glanced = first.index.glance;
    if (glanced && glanced.files_read < glanced.files_naming) {
      assert.equal(first.index.partial, true);
      console.log(
        `# the first answer was a glance that read ${glanced.files_read} of the ${glanced.files_naming} files naming it (partial): ${missed.length} files not named`,
      );
    } else assert.deepEqual(missed, [], `the first answer: ${JSON.stringify(first.index)}`);
    const status = (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0]!;
    assert.equal(status.syntactic, undefined);
    assert.ok(status.indexers.some((i) => i.indexer === 'scip-typescript' && i.status === 'ok'));
    assert.ok(fs.existsSync(path.join(home, 'repos')));
  });
});

describe('first index: a daemon stopped before the precise swap', () => {
  let home: string;
  let repo: string;
  before(() => {
    home = tempDir('first-kill');
    repo = rxjsRepo();
  });
  after(() => stopDaemon(home));

  it('builds the precise index when it starts again, without being asked', async () => {
    await scryJson<P.QueryResult>(['refs', 'Subscriber', '--repo', repo], { home, env: NO_AUTO_REBUILD });
    await waitFor(async () => (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0]?.syntactic, 'the syntactic first index');
    const pid = daemonPid(home)!;
    const s = (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0]!;
    // Killed while the precise build runs (on a fast machine it may be over: then there is nothing to show).
    if (!s.building) {
      console.log('# the precise build ended before the kill');
      return;
    }
    process.kill(pid, 'SIGKILL');
    await waitFor(() => !isAlive(pid), 'the daemon to die');
    // A query starts a new daemon and answers from the syntactic index; the daemon builds the precise one by itself.
    const again = await scryJson<P.QueryResult>(['refs', 'Subscriber', '--repo', repo], { home, env: NO_AUTO_REBUILD });
    assert.equal(again.index.syntactic, true);
    const precise = await waitFor(async () => {
      const r = (await scryJson<P.StatusResult>(['status', '--repo', repo], { home })).repos[0];
      return r && r.syntactic === undefined && !r.building && r.indexed_at ? r : undefined;
    }, 'the precise index after the restart');
    assert.ok(
      precise.indexers.some((i) => i.indexer === 'scip-typescript' && i.status === 'ok'),
      JSON.stringify(precise.indexers),
    );
  });
});
