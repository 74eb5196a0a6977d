// Every query on a real rxjs index, through the real CLI and daemon.
// Expected lines come from the source text, not from memory.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ImpactResult, QueryResult, SearchResult, SymbolsResult } from '../../daemon/protocol';
import { search } from '../../daemon/code/query/search';
import { CodeStore } from '../../daemon/code/store/store';
import { repoDir } from '../../daemon/paths';
import { compactSearch } from '../../daemon/protocol/compact';
import { lineOf, rxjsRepo, scry, scryJson, stopDaemon, tempDir } from '../helpers';

describe('queries on rxjs', () => {
  let repo: string;
  let home: string;
  const ask = <T>(...args: string[]): Promise<T> => scryJson<T>([...args, '--repo', repo], { home });
  const src = (f: string): string => path.join(repo, f);

  before(async () => {
    repo = rxjsRepo();
    home = tempDir('query');
    await scryJson(['index', repo], { home });
  });
  after(() => stopDaemon(home));

  it('callers: the functions that call NAME, with call sites and containing symbol', async () => {
    const r = await ask<QueryResult>('callers', 'concatMap');
    const caller = r.matches.find((m) => m.display_name === 'concatMapTo');
    assert.ok(caller, JSON.stringify(r.matches.map((m) => m.display_name)));
    assert.equal(caller.kind, 'function');
    const line = lineOf(src('src/internal/operators/concatMapTo.ts'), /concatMap\(\(\) => innerObservable/);
    assert.deepEqual([...new Set(caller.occurrences.map((o) => o.line))], [line]);
    assert.ok(r.matches.every((m) => m.occurrences.every((o) => o.is_call && !o.is_definition)));
    assert.ok(caller.occurrences.every((o) => o.containing_symbol === 'concatMapTo'));
    assert.deepEqual([r.index.partial, r.index.missing_languages], [false, []]);
  });

  it('a lib type declared as interface and value (Error, from lib.es5.d.ts) is one match, each use listed once', async () => {
    const r = await ask<QueryResult>('refs', 'Error');
    const lib = r.matches.filter((m) => m.kind === 'external');
    assert.equal(lib.length, 1, r.matches.map((m) => m.symbol_id).join('\n'));
    assert.ok((lib[0]!.also?.length ?? 0) >= 1, 'the other declaration is merged in');
    const keys = lib[0]!.occurrences.map((o) => `${o.file}:${o.line}:${o.column}`);
    assert.equal(new Set(keys).size, keys.length);
    const line = lineOf(src('src/internal/util/createErrorClass.ts'), /Error\.call\(instance\)/);
    assert.equal(keys.filter((k) => k.startsWith(`src/internal/util/createErrorClass.ts:${line}:`)).length, 1);
  });

  it('callers tells calls from value uses; --all-refs shows both', async () => {
    // mergeAll passes identity as a value: `mergeMap(identity, concurrent)`.
    const useLine = lineOf(src('src/internal/operators/mergeAll.ts'), /mergeMap\(identity, concurrent\)/);
    const calls = await ask<QueryResult>('callers', 'identity');
    assert.ok(!calls.matches.some((m) => m.display_name === 'mergeAll'), 'a value use is not a call');
    const all = await ask<QueryResult>('callers', 'identity', '--all-refs');
    const mergeAll = all.matches.find((m) => m.display_name === 'mergeAll');
    assert.ok(mergeAll);
    const use = mergeAll.occurrences.find((o) => o.line === useLine);
    assert.equal(use?.is_call, false);
    assert.ok(all.total > calls.total);
  });

  it('counts `new X(...)` as a call of the class X', async () => {
    const r = await ask<QueryResult>('callers', 'BehaviorSubject');
    const line = lineOf(src('src/internal/operators/publishBehavior.ts'), /new BehaviorSubject<T>\(initialValue\)/);
    const publish = r.matches.find((m) => m.display_name === 'publishBehavior');
    assert.ok(publish, JSON.stringify(r.matches.map((m) => m.display_name)));
    assert.deepEqual(
      publish.occurrences.map((o) => [o.file, o.line, o.is_call]),
      [['src/internal/operators/publishBehavior.ts', line, true]],
    );
  });

  it('callees: what a function calls, and with --all-refs what it uses', async () => {
    const r = await ask<QueryResult>('callees', 'mergeAll');
    assert.deepEqual(
      r.matches.map((m) => m.display_name),
      ['mergeMap'],
    );
    const all = await ask<QueryResult>('callees', 'mergeAll', '--all-refs');
    const names = all.matches.map((m) => m.display_name);
    assert.ok(names.includes('identity') && names.includes('mergeMap'), names.join(','));
    assert.ok(all.matches.every((m) => m.occurrences.every((o) => o.containing_symbol === 'mergeAll')));
  });

  it('impls: implementations and subclasses, direct and indirect, and method overrides', async () => {
    const subs = (await ask<QueryResult>('impls', 'Subscription')).matches.map((m) => m.display_name);
    assert.ok(subs.includes('Subscriber'), 'Subscriber extends Subscription');
    assert.ok(subs.includes('AsyncAction'), 'AsyncAction extends Action extends Subscription');
    const scheduler = await ask<QueryResult>('impls', 'SchedulerLike');
    const def = scheduler.matches.find((m) => m.display_name === 'Scheduler')?.occurrences[0];
    assert.deepEqual(
      [def?.file, def?.line],
      ['src/internal/Scheduler.ts', lineOf(src('src/internal/Scheduler.ts'), /export class Scheduler implements SchedulerLike/)],
    );
    const overrides = await ask<QueryResult>('impls', 'Action#schedule');
    const files = overrides.matches.map((m) => m.occurrences[0]!.file);
    assert.ok(files.includes('src/internal/scheduler/AsyncAction.ts'), files.join(','));
    assert.ok(overrides.matches.every((m) => m.display_name === 'schedule' && m.kind === 'method'));
  });

  it('search ranks exact over prefix over camelCase over substring, with locations and a kind filter', async () => {
    const exact = await ask<SearchResult>('search', 'map');
    assert.equal(exact.results[0]!.display_name, 'map');
    assert.deepEqual(
      [exact.results[0]!.file, exact.results[0]!.line],
      ['src/internal/operators/map.ts', lineOf(src('src/internal/operators/map.ts'), /^export function map</)],
    );
    const mapTo = exact.results.findIndex((h) => h.display_name === 'mapTo');
    const concatMap = exact.results.findIndex((h) => h.display_name === 'concatMap');
    assert.ok(mapTo > 0 && concatMap > mapTo, 'prefix before substring');
    for (const p of ['sMT', 'swMT', 'smt']) {
      const camel = await ask<SearchResult>('search', p);
      assert.equal(camel.results[0]?.display_name, 'switchMapTo', p);
    }
    const sub = await ask<SearchResult>('search', 'ubscri', '--kind', 'interface');
    assert.ok(sub.results.length > 0 && sub.results.every((h) => h.kind === 'interface' && /ubscri/i.test(h.display_name)));
    assert.ok(sub.results.some((h) => h.display_name === 'Unsubscribable'));
  });

  it('search says when a pattern matched more names than it ranks, never a silent cut', () => {
    const store = new CodeStore(path.join(repoDir(home, fs.realpathSync(repo)), 'index.db'));
    try {
      const whole = search(store, 'sub', { limit: 500 });
      assert.equal(whole.note, undefined, 'rxjs has far fewer than 2000 names matching sub');
      // The same query ranking at most 3 names per way of matching (the daemon ranks 2000).
      const cut = search(store, 'sub', { limit: 500, candidates: 3 });
      assert.ok(cut.total < whole.total, `${cut.total} < ${whole.total}`);
      assert.match(cut.note ?? '', /'sub' matches more than 3 names one way: .*more than \d+ matches/);
      assert.match(compactSearch({ ...cut, elapsed_ms: 0, index: { indexed_at: '', status: 'ready' } }), /^note: 'sub' matches more than 3 names/m);
    } finally {
      store.close();
    }
  });

  it('symbols: the outline of one file, in source order with kinds and extents', async () => {
    const r = await ask<SymbolsResult>('symbols', 'src/internal/Subscription.ts');
    const cls = r.symbols.find((s) => s.display_name === 'Subscription' && s.kind === 'class');
    assert.ok(cls);
    assert.equal(cls.line, lineOf(src('src/internal/Subscription.ts'), /^export class Subscription/));
    const unsubscribe = r.symbols.find((s) => s.display_name === 'unsubscribe');
    assert.equal(unsubscribe?.kind, 'method');
    assert.equal(unsubscribe?.containing_symbol, 'Subscription');
    assert.ok(cls.extent && unsubscribe!.line > cls.extent.line && unsubscribe!.line < cls.extent.end_line, 'the method lies inside the class');
    const lines = r.symbols.map((s) => s.line);
    assert.deepEqual(
      lines,
      [...lines].sort((a, b) => a - b),
    );
    assert.ok(!r.symbols.some((s) => s.kind === 'parameter'));
    const bySuffix = await ask<SymbolsResult>('symbols', 'internal/Subscription.ts');
    assert.equal(bySuffix.file, 'src/internal/Subscription.ts');
  });

  it('symbols: a file that is not indexed is a one-line error naming it', async () => {
    const r = await scry(['symbols', 'src/nope.ts', '--repo', repo], { home });
    assert.equal(r.code, 1);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.match(r.stderr, /file 'src\/nope\.ts' is not in the index/);
  });

  it('impact: counts first, transitive callers by depth, files using it', async () => {
    const r = await ask<ImpactResult>('impact', 'concatMap', '--depth', '2');
    assert.equal(Object.keys(r)[1], 'counts');
    assert.ok(r.callers.some((c) => c.display_name === 'concatMapTo' && c.depth === 1));
    assert.ok(r.importing_files.includes('src/index.ts'), 'rxjs re-exports concatMap from its index');
    assert.ok(!r.importing_files.includes('src/internal/operators/concatMap.ts'), 'the defining file is not an importer');
    assert.equal(r.counts.callers, r.callers.length);
    const shallow = await ask<ImpactResult>('impact', 'isFunction', '--depth', '1');
    const deep = await ask<ImpactResult>('impact', 'isFunction', '--depth', '2');
    assert.ok(shallow.callers.every((c) => c.depth === 1));
    assert.ok(deep.counts.callers > shallow.counts.callers);
    assert.ok(deep.callers.some((c) => c.depth === 2));
    const viaImpl = await ask<ImpactResult>('impact', 'SchedulerLike', '--depth', '1');
    assert.ok(viaImpl.implementations.some((i) => i.display_name === 'AsyncScheduler'));
  });

  it('compound names keep matches inside the head, and fall back to the tail with a note', async () => {
    const exact = await ask<QueryResult>('refs', 'Observable.subscribe');
    assert.deepEqual(
      exact.matches.map((m) => m.symbol_id.split('/').pop()),
      ['Observable#subscribe().'],
    );
    assert.equal(exact.note, undefined);
    for (const form of ['Observable#subscribe', 'Observable::subscribe', 'Observable->subscribe']) {
      const r = await ask<QueryResult>('callers', form);
      assert.ok(r.matches.length > 0 && r.note === undefined, form);
    }
    const plain = await ask<QueryResult>('refs', 'subscribe');
    const fallback = await ask<QueryResult>('refs', 'NoSuchClass.subscribe');
    assert.match(fallback.note ?? '', /nothing named 'subscribe' is inside 'NoSuchClass'/);
    assert.equal(fallback.total, plain.total);
  });

  it('cuts every kind of answer at --limit and says what was cut', async () => {
    const callers = await ask<QueryResult>('callers', 'Observable', '--all-refs', '--limit', '3');
    assert.equal(
      callers.matches.reduce((n, m) => n + m.occurrences.length, 0),
      3,
    );
    assert.match(callers.truncated ?? '', new RegExp(`^\\+${callers.total - 3} more in \\d+ files?$`));
    const search = await ask<SearchResult>('search', 'map', '--limit', '2');
    assert.equal(search.results.length, 2);
    assert.match(search.truncated ?? '', new RegExp(`^\\+${search.total - 2} more in \\d+ files?$`));
    const impact = await ask<ImpactResult>('impact', 'Observable', '--limit', '2');
    assert.ok(impact.callers.length <= 2 && impact.importing_files.length <= 2 && impact.counts.importing_files > 2);
    assert.match(impact.truncated ?? '', /^\+\d+ more in \d+ files?$/);
  });
});

describe('impact on a small repo with tests', () => {
  it('finds the test files among the transitive users', async () => {
    const repo = tempDir('shop');
    const home = tempDir('shop-home');
    fs.mkdirSync(path.join(repo, 'src'));
    fs.mkdirSync(path.join(repo, 'test'));
    fs.writeFileSync(path.join(repo, 'src/price.ts'), 'export function price(n: number): number {\n  return n * 2;\n}\n');
    fs.writeFileSync(
      path.join(repo, 'src/cart.ts'),
      "import { price } from './price';\nexport function total(items: number[]): number {\n  return items.map((n) => price(n)).reduce((a, b) => a + b, 0);\n}\n",
    );
    fs.writeFileSync(
      path.join(repo, 'src/checkout.ts'),
      "import { total } from './cart';\nexport function checkout(items: number[]): string {\n  return `pay ${total(items)}`;\n}\n",
    );
    fs.writeFileSync(path.join(repo, 'test/cart.test.ts'), "import { total } from '../src/cart';\nif (total([1]) !== 2) throw new Error('bad');\n");
    // A git repo, as a query's repo must be (a plain folder is indexed only with scry index PATH).
    spawnSync('git', ['init', '-q'], { cwd: repo });
    try {
      // The precise index: a first query alone would answer from the syntactic first index.
      await scryJson(['index', repo], { home });
      const one = await scryJson<ImpactResult>(['impact', 'price', '--depth', '1', '--repo', repo], { home });
      assert.deepEqual(
        one.callers.map((c) => [c.display_name, c.depth]),
        [['total', 1]],
      );
      assert.deepEqual(one.test_files, []);
      const two = await scryJson<ImpactResult>(['impact', 'price', '--depth', '2', '--repo', repo], { home });
      assert.deepEqual(two.callers.map((c) => [c.display_name, c.depth]).sort(), [
        ['checkout', 2],
        ['total', 1],
      ]);
      assert.deepEqual(two.importing_files, ['src/cart.ts']);
      assert.deepEqual(two.test_files, ['test/cart.test.ts']);
      assert.deepEqual(two.counts, { callers: 2, implementations: 0, importing_files: 1, test_files: 1 });
    } finally {
      await stopDaemon(home);
    }
  });
});
