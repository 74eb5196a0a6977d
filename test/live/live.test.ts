// The live index end to end: a real spawned daemon watching a real copy of
// rxjs with real chokidar; edits show up in `scry refs` from the tree-sitter
// overlay before any rebuild, and a rebuild replaces them with precise ones.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectDaemon } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import { daemonPid, isAlive, jsonAnswer, lineOf, rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';
import { waitFor } from './wait';

type Env = Record<string, string>;
/** Rebuilds never start by themselves: whatever changes in answers came from the overlay. */
const NO_AUTO_REBUILD: Env = { SCRY_DEBOUNCE_MS: '3600000' };

async function json<T>(args: string[], home: string, env: Env = {}): Promise<T> {
  return jsonAnswer<T>(args, await scry([...args, '--json'], { home, env }));
}

const all = (r: P.QueryResult): P.Occurrence[] => r.matches.flatMap((m) => m.occurrences);
const repoStatus = async (home: string, repo: string): Promise<P.RepoStatus> =>
  (await json<P.StatusResult>(['status'], home)).repos.find((r) => r.repo === fs.realpathSync(repo))!;

describe('live index: overlay before rebuild', () => {
  let home: string;
  let repo: string;
  const opFile = 'src/internal/operators/concatMapTo.ts';

  before(async () => {
    home = tempDir('live');
    repo = rxjsRepo();
    await json<P.IndexResult>(['index', repo], home, NO_AUTO_REBUILD);
  });
  after(() => stopDaemon(home));

  it('watches the repo once it is indexed', async () => {
    const s = await waitFor(async () => {
      const st = await repoStatus(home, repo);
      return st?.watching ? st : undefined;
    }, 'the repo to be watched');
    assert.equal(s.overlay_files, 0);
    assert.equal(s.pending_changes, 0);
    assert.ok(s.last_build_ms! > 0);
  });

  it('shows a new reference in refs right after the save, marked syntactic, without a rebuild', async () => {
    const before = await json<P.QueryResult>(['refs', 'concatMap', '--repo', repo], home);
    const file = path.join(repo, opFile);
    fs.appendFileSync(file, '\nexport function liveProbe() {\n  return concatMap(() => liveSource());\n}\n');
    const line = lineOf(file, /return concatMap\(\(\) => liveSource/);
    const after = await waitFor(async () => {
      const r = await json<P.QueryResult>(['refs', 'concatMap', '--repo', repo], home);
      return all(r).some((o) => o.file === opFile && o.line === line) ? r : undefined;
    }, 'the new reference');
    const probe = all(after).find((o) => o.file === opFile && o.line === line)!;
    assert.equal(probe.precision, 'syntactic');
    assert.equal(probe.is_call, true);
    assert.equal(probe.containing_symbol, 'liveProbe');
    assert.equal(probe.column, 10);
    assert.equal(probe.context, 'return concatMap(() => liveSource());');
    assert.equal(after.matches.length, 1, 'joined to the one precise concatMap symbol');
    assert.equal(after.total, before.total + 1);
    // The edited file answers from the overlay only; every other file stays precise.
    for (const o of all(after)) assert.equal(o.precision, o.file === opFile ? 'syntactic' : undefined, `${o.file}:${o.line}`);
    assert.equal(after.index.overlay_files, 1);
    assert.equal(after.index.indexed_at, before.index.indexed_at, 'no rebuild happened');
    const s = await repoStatus(home, repo);
    assert.equal(s.overlay_files, 1);
    assert.equal(s.pending_changes, 1);
    assert.equal(s.building, false);
    // callers and callees read the overlay too: the new caller, and what it calls.
    const callers = await json<P.QueryResult>(['callers', 'concatMap', '--repo', repo], home);
    const probeCaller = callers.matches.find((m) => m.display_name === 'liveProbe');
    assert.deepEqual(
      probeCaller?.occurrences.map((o) => [o.file, o.line, o.precision]),
      [[opFile, line, 'syntactic']],
    );
    const mapTo = callers.matches.find((m) => m.display_name === 'concatMapTo')!;
    assert.match(mapTo.symbol_id, /^scip-typescript /, 'the edited file’s existing caller keeps its precise symbol');
    assert.ok(mapTo.occurrences.every((o) => o.precision === 'syntactic'));
    const callees = await json<P.QueryResult>(['callees', 'liveProbe', '--repo', repo], home);
    assert.deepEqual(callees.matches.map((m) => m.display_name).sort(), ['concatMap', 'liveSource']);
    assert.match(callees.matches.find((m) => m.display_name === 'concatMap')!.symbol_id, /^scip-typescript /, 'joined to the precise concatMap');
  });

  it('handles a renamed file, a deleted file, a new file, a Python file, and skips ignored folders', async () => {
    fs.renameSync(path.join(repo, opFile), path.join(repo, 'src/internal/operators/concatMapToMoved.ts'));
    fs.rmSync(path.join(repo, 'src/internal/operators/switchMapTo.ts'));
    // The .gitignore first: a file written before its folder is ignored is seen (and served) as any other.
    fs.writeFileSync(path.join(repo, '.gitignore'), 'generated/\n');
    for (const ignored of ['dist/ignored.ts', 'node_modules/dep/ignored.ts', 'generated/ignored.ts']) {
      fs.mkdirSync(path.dirname(path.join(repo, ignored)), { recursive: true });
      fs.writeFileSync(path.join(repo, ignored), 'export function ignoredThing() {}\n');
    }
    fs.mkdirSync(path.join(repo, 'tools'));
    fs.writeFileSync(path.join(repo, 'tools/probe.py'), 'def py_probe():\n    return 1\n');
    fs.writeFileSync(path.join(repo, 'src/internal/freshlyAdded.ts'), 'export function freshlyAdded() {}\nfreshlyAdded();\n');

    const refs = await waitFor(async () => {
      const r = await json<P.QueryResult>(['refs', 'concatMap', '--repo', repo], home);
      const files = new Set(all(r).map((o) => o.file));
      return files.has('src/internal/operators/concatMapToMoved.ts') && !files.has(opFile) ? r : undefined;
    }, 'the rename to show');
    assert.ok(
      all(refs)
        .filter((o) => o.file.endsWith('concatMapToMoved.ts'))
        .every((o) => o.precision === 'syntactic'),
    );
    await waitFor(async () => {
      const r = await json<P.QueryResult>(['refs', 'switchMap', '--repo', repo], home);
      return !all(r).some((o) => o.file.endsWith('switchMapTo.ts'));
    }, 'the deleted file to drop out');
    const fresh = await waitFor(async () => {
      const r = await json<P.QueryResult>(['defs', 'freshlyAdded', '--repo', repo], home);
      return r.total === 1 ? r : undefined;
    }, 'the new file’s definition');
    assert.deepEqual(
      fresh.matches.map((m) => [m.symbol_id, m.kind, m.occurrences[0]!.file, m.occurrences[0]!.line, m.occurrences[0]!.precision]),
      [['syntactic freshlyAdded', 'function', 'src/internal/freshlyAdded.ts', 1, 'syntactic']],
    );
    const py = await waitFor(async () => {
      const r = await json<P.QueryResult>(['defs', 'py_probe', '--repo', repo], home);
      return r.total === 1 ? r : undefined;
    }, 'the Python definition');
    assert.equal(py.matches[0]!.occurrences[0]!.file, 'tools/probe.py');
    const ignored = await json<P.QueryResult>(['refs', 'ignoredThing', '--repo', repo], home);
    assert.equal(ignored.total, 0, JSON.stringify(all(ignored).map((o) => o.file)));
    // A file served from the overlay stops answering once a .gitignore covers it.
    fs.mkdirSync(path.join(repo, 'late'));
    fs.writeFileSync(path.join(repo, 'late/lateThing.ts'), 'export function lateThing() {}\n');
    const served = await waitFor(async () => {
      const r = await json<P.QueryResult>(['defs', 'lateThing', '--repo', repo], home);
      return r.total === 1 ? r : undefined;
    }, 'the late file to be served');
    fs.appendFileSync(path.join(repo, '.gitignore'), 'late/\n');
    const gone = await waitFor(async () => {
      const r = await json<P.QueryResult>(['defs', 'lateThing', '--repo', repo], home);
      return r.total === 0 ? r : undefined;
    }, 'the newly ignored file to drop out');
    assert.equal(gone.index.overlay_files, served.index.overlay_files! - 1);
  });

  it('a rebuild replaces the overlay with precise results', async () => {
    const before = await json<P.QueryResult>(['refs', 'concatMap', '--repo', repo], home);
    await json<P.IndexResult>(['index', repo, '--force'], home);
    const r = await json<P.QueryResult>(['refs', 'concatMap', '--repo', repo], home);
    assert.notEqual(r.index.indexed_at, before.index.indexed_at);
    assert.equal(r.index.overlay_files, undefined);
    assert.ok(all(r).every((o) => o.precision === undefined));
    const moved = 'src/internal/operators/concatMapToMoved.ts';
    const probeLine = lineOf(path.join(repo, moved), /return concatMap\(\(\) => liveSource/);
    const probe = all(r).find((o) => o.file === moved && o.line === probeLine);
    assert.ok(probe, 'the new reference is now in the precise index');
    assert.equal(probe.containing_symbol, 'liveProbe');
    assert.ok(!all(r).some((o) => o.file === opFile));
    const sw = await json<P.QueryResult>(['refs', 'switchMap', '--repo', repo], home);
    assert.ok(!all(sw).some((o) => o.file.endsWith('switchMapTo.ts')));
    const s = await repoStatus(home, repo);
    assert.equal(s.overlay_files, 0);
    assert.equal(s.pending_changes, 0);
  });

  it('watches known repos again after a restart, and catches edits made while it was down', async () => {
    await stopDaemon(home);
    const file = path.join(repo, 'src/internal/operators/mergeAll.ts');
    fs.appendFileSync(file, '\nexport const whileAway = () => concatMap(() => liveSource());\n');
    await json(['start'], home, NO_AUTO_REBUILD);
    const s = await waitFor(
      async () => {
        const st = await repoStatus(home, repo);
        return st?.watching ? st : undefined;
      },
      'the known repo to be watched after restart',
      60_000,
    );
    assert.equal(s.effective_status, 'ready');
    const line = lineOf(file, /whileAway/);
    const r = await waitFor(async () => {
      const q = await json<P.QueryResult>(['refs', 'concatMap', '--repo', repo], home);
      return all(q).find((o) => o.file === 'src/internal/operators/mergeAll.ts' && o.line === line);
    }, 'the edit made while the daemon was down');
    assert.equal(r.precision, 'syntactic');
  });
});

describe('live index: automatic rebuilds', () => {
  let home: string;
  let repo: string;

  before(async () => {
    home = tempDir('auto');
    repo = tempDir('autorepo');
    fs.writeFileSync(path.join(repo, 'tsconfig.json'), '{"compilerOptions":{"strict":true},"include":["src"]}\n');
    fs.mkdirSync(path.join(repo, 'src'));
    fs.writeFileSync(path.join(repo, 'src/a.ts'), 'export function greet(): string { return "hi"; }\n');
    await json<P.IndexResult>(['index', repo], home, { SCRY_COOLDOWN_MS: '0' });
  });
  after(() => stopDaemon(home));

  it('a storm of saves becomes a rebuild that lands, broadcast as IndexSwapped', async () => {
    const conn = await connectDaemon({ home, spawn: false });
    const swaps: P.IndexResult[] = [];
    conn.onNotification(P.IndexSwapped.type, (r) => {
      swaps.push(r);
    });
    // A request makes sure the connection is served before the storm starts.
    await conn.request(P.Ping.type, {});
    try {
      const before = await repoStatus(home, repo);
      const b = path.join(repo, 'src/b.ts');
      for (let i = 0; i < 20; i++) fs.writeFileSync(b, `import { greet } from './a';\nexport const v${i} = greet();\n`);
      await waitFor(() => swaps.length > 0, 'IndexSwapped');
      const after = await waitFor(async () => {
        const st = await repoStatus(home, repo);
        return st.overlay_files === 0 && !st.building && st.pending_changes === 0 ? st : undefined;
      }, 'the overlay to settle');
      assert.notEqual(after.indexed_at, before.indexed_at);
      assert.equal(swaps[0]!.repo, fs.realpathSync(repo));
      assert.ok(swaps.length <= 2, `a storm of 20 saves caused ${swaps.length} rebuilds`);
      const r = await json<P.QueryResult>(['refs', 'greet', '--repo', repo], home);
      const inB = all(r).filter((o) => o.file === 'src/b.ts');
      assert.equal(inB.length, 2);
      assert.ok(inB.every((o) => o.precision === undefined));
      assert.ok(
        inB.some((o) => o.context === 'export const v19 = greet();'),
        'the last save is what got indexed',
      );
    } finally {
      conn.dispose();
    }
  });

  it('notices a repo that is deleted, and keeps serving', async () => {
    const gone = tempDir('gone');
    fs.writeFileSync(path.join(gone, 'x.ts'), 'export const unique = 1;\n');
    await json<P.IndexResult>(['index', gone], home);
    const real = fs.realpathSync(gone);
    fs.rmSync(gone, { recursive: true, force: true });
    const s = await waitFor(async () => {
      const st = (await json<P.StatusResult>(['status'], home)).repos.find((r) => r.repo === real);
      return st && !st.watching ? st : undefined;
    }, 'the deletion to be noticed');
    assert.match(s.last_error ?? '', /is gone/);
    const r = await scry(['refs', 'unique', '--repo', gone, '--json'], { home });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /does not exist/);
    assert.ok(isAlive(daemonPid(home)!));
    const ok = await json<P.QueryResult>(['refs', 'greet', '--repo', repo], home);
    assert.ok(ok.total >= 1);
  });
});
