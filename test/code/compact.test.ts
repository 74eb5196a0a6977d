// The compact answer format, golden: a real scip-typescript index of a small
// project (test/fixtures/answers) asked through the real query modules, each
// answer rendered compact and compared with test/fixtures/answers-golden/*.txt.
// Refresh the goldens with UPDATE_GOLDEN=1 (and read the diff).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { answered, callees, callers, impact, impls, outline, refs, search } from '../../daemon/code/query';
import type { CodeStore } from '../../daemon/code/store/store';
import {
  compactImpact,
  compactQuery,
  compactSearch,
  compactSymbols,
  occurrenceCost,
  siteCost,
  type ImpactResult,
  type Occurrence,
  type QueryResult,
  type SearchResult,
  type SymbolMatch,
  type SymbolsResult,
} from '../../daemon/protocol';
import { formatQuery } from '../../daemon/cli/format';
import { linesOf, readSites } from './sites-form';
import { containerOf, siteLines, usesPhrase } from '../../daemon/protocol/compact-sites';
import { ROOT, tempDir } from '../helpers';
import { scipTypescriptStore } from './scip-typescript-store';

const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'answers');
const GOLDEN = path.join(ROOT, 'test', 'fixtures', 'answers-golden');

function golden(name: string, actual: string): void {
  const file = path.join(GOLDEN, `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, actual);
  assert.equal(actual, fs.readFileSync(file, 'utf8'), `${name}: compact answer differs from ${path.relative(ROOT, file)} (UPDATE_GOLDEN=1 refreshes it)`);
}

describe('the compact answer format (golden, real scip-typescript index)', () => {
  let store: CodeStore;
  let repo: string;
  const ask = (body: () => Omit<QueryResult, 'elapsed_ms' | 'index'>): QueryResult => answered(store, false, body) as QueryResult;
  const answer = <T extends object>(body: () => T): T & Pick<QueryResult, 'elapsed_ms' | 'index'> => answered(store, false, body);

  before(async () => {
    repo = tempDir('compact');
    fs.cpSync(FIXTURE, repo, { recursive: true });
    store = await scipTypescriptStore(repo);
  });
  after(() => store?.close());

  it('refs of a merged interface + value: one match, each occurrence once, uses named', () => {
    const r = ask(() => refs(store, 'Settings'));
    assert.equal(r.matches.length, 1, 'interface and const Settings are one thing');
    const m = r.matches[0]!;
    assert.ok(m.kind.includes('+') && (m.also?.length ?? 0) >= 1, `merged kind ${m.kind}`);
    const keys = m.occurrences.map((o) => `${o.file}:${o.line}:${o.column}`);
    assert.equal(new Set(keys).size, keys.length, 'no occurrence listed twice');
    assert.equal(r.total, keys.length);
    golden('refs-Settings', compactQuery(r, 'refs'));
    // With lines: every occurrence with its source line, imports too (the form before sites were the default).
    const lines = ask(() => refs(store, 'Settings', { lines: true }));
    assert.equal(lines.lines, true, 'the answer says which form it was paged for');
    golden('refs-Settings-lines', compactQuery(lines, 'refs'));
  });

  it('refs of a class with a namespace of its name', () => {
    const r = ask(() => refs(store, 'Registry'));
    assert.equal(r.matches.length, 1);
    golden('refs-Registry', compactQuery(r, 'refs'));
  });

  it('the header names uses only where the count does not already say them', () => {
    assert.equal(usesPhrase([['ref', 51]], false), null, 'a syntactic answer: "51 refs" says it all, not "51 refs · 51 ref"');
    assert.equal(usesPhrase([['call', 5]], false), null);
    assert.equal(
      usesPhrase(
        [
          ['type', 37],
          ['import', 14],
        ],
        false,
      ),
      '37 type, 14 import',
    );
    assert.equal(
      usesPhrase(
        [
          ['ref', 3],
          ['call', 2],
        ],
        true,
      ),
      'this page: 3 ref, 2 call',
    );
  });

  it('the sites form: a tree of folders, runs as ranges, a member after its class, a line once, files with the same sites on one line', () => {
    const at = (file: string, line: number, container: string | null, use: Occurrence['use']): Occurrence => ({
      file,
      line,
      column: 1,
      end_line: line,
      end_column: 5,
      context: '',
      containing_symbol: container,
      is_definition: use === 'def',
      is_call: use === 'call',
      use,
    });
    const codegen = 'lib/compile/codegen/index.ts';
    const m: SymbolMatch = {
      symbol_id: 'x Name#',
      display_name: 'Name',
      kind: 'class',
      occurrences: [
        at('lib/core.ts', 3, null, 'import'),
        at('lib/ajv.ts', 2, null, 'import'),
        at(codegen, 45, 'CodeGen.name', 'type'),
        at(codegen, 50, 'CodeGen.const', 'type'),
        at(codegen, 50, 'CodeGen.const', 'type'),
        at(codegen, 60, 'CodeGen.const', 'read'),
        at(codegen, 70, 'optimizeExpr', 'type'),
        at(codegen, 80, 'CodeGen.try', 'type'),
        at('lib/compile/codegen/code.ts', 11, null, 'def'),
        ...[5, 6, 7, 8, 10, 12, 13].map((l) => at('lib/compile/names.ts', l, null, 'call')),
        at('lib/compile/names.ts', 20, null, 'type'),
        at('lib/compile/names.ts', 21, null, 'type'),
        at('lib/vocabularies/core/ref.ts', 34, 'inlineRefSchema', 'type'),
      ],
    };
    assert.deepEqual(siteLines(m, true, false), [
      'lib/',
      ' ajv.ts, core.ts: import',
      ' compile/',
      '  names.ts: 5-8 call,10 call,12-13 call,20,21',
      '  codegen/',
      '   code.ts: def 11',
      '   index.ts: CodeGen.name 45;.const 50,60 read;optimizeExpr 70;CodeGen.try 80',
      ' vocabularies/core/ref.ts: inlineRefSchema 34',
    ]);
    // Read back as an agent reads it: every file, every site's line.
    const text = siteLines(m, true, false).join('\n');
    const sites = readSites(text);
    assert.deepEqual([...sites.keys()].sort(), [...new Set(m.occurrences.map((o) => o.file))].sort());
    for (const o of m.occurrences) if (o.use !== 'import') assert.ok(linesOf(sites.get(o.file)!).has(o.line), `${o.file}:${o.line}`);
    // A folder that saves no bytes said once is said in each path (`a/` over two files), and a lone file is never under a folder line.
    const short: SymbolMatch = { ...m, occurrences: [at('a/x.ts', 1, null, 'type'), at('a/y.ts', 2, null, 'type'), at('src/deep/er/z.ts', 3, null, 'type')] };
    assert.deepEqual(siteLines(short, true, false), ['a/x.ts: 1', 'a/y.ts: 2', 'src/deep/er/z.ts: 3']);
  });

  it('the header says what the question and the listing do not: no name asked, no kind of a sole match, no call count the uses name', () => {
    const at = (file: string, line: number, use: Occurrence['use']): Occurrence => ({
      file,
      line,
      column: 1,
      end_line: line,
      end_column: 5,
      context: '',
      containing_symbol: null,
      is_definition: use === 'def',
      is_call: use === 'call',
      use,
    });
    const match = (kind: string, occurrences: Occurrence[]): SymbolMatch => {
      const refs = occurrences.filter((o) => !o.is_definition);
      return {
        symbol_id: `x ${kind}`,
        display_name: 'parse',
        kind,
        occurrences,
        counts: { references: refs.length, calls: refs.filter((o) => o.is_call).length, files: new Set(occurrences.map((o) => o.file)).size, definitions: [] },
      };
    };
    const answer = (...matches: SymbolMatch[]): QueryResult => ({
      symbol: 'parse',
      matches,
      total: matches.reduce((n, m) => n + m.occurrences.length, 0),
      elapsed_ms: 0,
      index: { indexed_at: 't', status: 'ready' },
    });
    const head = (r: QueryResult, kind: 'refs' | 'defs' = 'refs'): string[] =>
      compactQuery(r, kind)
        .split('\n')
        .filter((l) => l.startsWith('# '));
    const calls = match('function', [at('a.ts', 1, 'def'), at('a.ts', 5, 'call'), at('b.ts', 7, 'call')]);
    assert.deepEqual(head(answer(calls)), ['# 2 calls in 2 files']);
    const types = match('type_alias', [at('a.ts', 1, 'def'), at('a.ts', 5, 'type')]);
    assert.deepEqual(head(answer(types)), ['# 1 type ref in 1 file']);
    const mixed = match('function', [at('a.ts', 5, 'call'), at('a.ts', 6, 'read'), at('b.ts', 1, 'import')]);
    assert.deepEqual(head(answer(mixed)), ['# 3 refs in 2 files · 1 call, 1 read, 1 import'], 'the uses name the call: no (1 call) in the count');
    assert.deepEqual(
      head(answer(calls, types)),
      ['# function · 2 calls in 2 files', '# type_alias · 1 type ref in 1 file'],
      'several symbols of the name: each says its kind',
    );
    assert.deepEqual(
      head({ ...answer(mixed), next_offset: 2 }),
      ['# function · 3 refs (1 call) in 2 files · this page: 1 call, 1 read, 1 import'],
      'a page cannot know it holds the only symbol',
    );
    assert.deepEqual(head(answer(calls), 'defs'), ['# function · 2 calls in 2 files']);
    assert.deepEqual(head({ ...answer(calls), symbol: 'Parse' }), ['# parse · function · 2 calls in 2 files'], 'a name asked otherwise is said');
    // The same count in the human form's summary.
    assert.match(formatQuery(answer(calls), 'references'), /^2 calls in 2 files · 1 symbol/m);
  });

  it('names each use: write, read, call, import', () => {
    const r = ask(() => refs(store, 'counter'));
    const uses = r.matches[0]!.occurrences.map((o) => o.use);
    assert.ok(uses.includes('write') && uses.includes('read') && uses.includes('import') && uses.includes('def'), uses.join(','));
    golden('refs-counter', compactQuery(r, 'refs'));
    golden(
      'callers-bump',
      compactQuery(
        ask(() => callers(store, 'bump')),
        'callers',
      ),
    );
    golden(
      'impls-none',
      compactQuery(
        ask(() => impls(store, 'Settings')),
        'impls',
      ),
    );
  });

  it('finds locals by name, marked local to their file; doc-comment references; shorthand properties', () => {
    const local = ask(() => refs(store, 'remember'));
    assert.equal(local.matches[0]?.local, 'src/app.ts');
    assert.deepEqual(
      local.matches[0]!.occurrences.map((o) => o.use),
      ['def', 'call'],
    );
    golden('refs-local-remember', compactQuery(local, 'refs'));
    const settings = ask(() => refs(store, 'Settings')).matches[0]!.occurrences;
    assert.ok(
      settings.some((o) => o.use === 'doc' && o.file === 'src/app.ts' && o.line === 5),
      'the {@link Settings} in the doc comment',
    );
    const start = ask(() => refs(store, 'start')).matches[0]!.occurrences;
    assert.ok(
      start.some((o) => o.line === 23 && o.context.includes('{ start, restart }')),
      'the shorthand property { start }',
    );
  });

  it('a page past the budget lists the rest per file and the next offset; the pages together are the whole answer (both forms)', () => {
    const whole = ask(() => refs(store, 'Settings'));
    const all = whole.matches.flatMap((m) => m.occurrences);
    for (const [budget, lines, name] of [
      [120, false, 'refs-Settings-budget'],
      [200, true, 'refs-Settings-budget-lines'],
    ] as const) {
      const first = ask(() => refs(store, 'Settings', { budget, lines }));
      assert.ok(first.next_offset !== undefined && first.next_offset < all.length, 'a small budget cuts');
      assert.equal(
        first.rest!.reduce((n, f) => n + f.occurrences, 0),
        all.length - first.next_offset!,
      );
      assert.equal(first.matches[0]!.counts!.references, whole.matches[0]!.counts!.references, 'the header counts every page');
      const text = compactQuery(first, 'refs');
      assert.match(text, new RegExp(`next page: offset=${first.next_offset}\\n$`));
      golden(name, text);
      const seen = [...first.matches.flatMap((m) => m.occurrences)];
      let offset: number | undefined = first.next_offset;
      while (offset !== undefined) {
        const at: number = offset;
        const page: QueryResult = ask(() => refs(store, 'Settings', { budget, lines, offset: at }));
        assert.equal(page.offset, at);
        assert.ok(page.matches.length > 0, 'every page shows at least one occurrence');
        seen.push(...page.matches.flatMap((m) => m.occurrences));
        offset = page.next_offset;
      }
      assert.deepEqual(seen, all);
    }
  });

  it('limit pages the same way; an offset past the end is an empty page, said so', () => {
    const r = ask(() => refs(store, 'Settings', { limit: 2 }));
    assert.equal(r.matches.flatMap((m) => m.occurrences).length, 2);
    assert.equal(r.next_offset, 2);
    const past = ask(() => refs(store, 'Settings', { offset: 1000 }));
    assert.equal(past.matches.length, 0);
    assert.equal(past.next_offset, undefined);
    assert.match(compactQuery(past, 'refs'), /no references of 'Settings' past offset 1000/);
  });

  it('search, symbols and impact end a cut page with the same two lines: what was left out, and the offset of the next page', () => {
    const first: SearchResult = answer(() => search(store, 're', { limit: 2 }));
    assert.deepEqual([first.results.length, first.total, first.next_offset, first.rest], [2, 4, 2, { hits: 2, files: 1 }]);
    golden('search-re-limit', compactSearch(first));
    const second: SearchResult = answer(() => search(store, 're', { limit: 2, offset: 2 }));
    assert.equal(second.next_offset, undefined);
    golden('search-re-offset', compactSearch(second));

    const outlined: SymbolsResult = answer(() => outline(store, repo, 'src/settings.ts', { budget: 100 }));
    assert.deepEqual([outlined.symbols.length, outlined.total, outlined.next_offset], [2, 11, 2]);
    golden('symbols-settings-budget', compactSymbols(outlined));
    golden('symbols-settings-offset', compactSymbols(answer(() => outline(store, repo, 'src/settings.ts', { budget: 100, offset: 8 }))));

    // Callers are callers by the call rule (a variable's readers are not): bump's, through start to restart.
    const cut: ImpactResult = answer(() => impact(store, 'bump', { limit: 1 }));
    assert.deepEqual([cut.callers.length, cut.importing_files.length, cut.next_offset, cut.rest], [1, 1, 1, { callers: 1 }]);
    golden('impact-bump-limit', compactImpact(cut));
    golden('impact-bump-offset', compactImpact(answer(() => impact(store, 'bump', { limit: 1, offset: 1 }))));
  });

  it('precise rows carry no precision: callers, callees and impact from scip-typescript, and their compact forms', () => {
    const called = ask(() => callers(store, 'bump'));
    assert.ok(called.matches.length > 0);
    const start = called.matches[0]!.display_name;
    const calling = ask(() => callees(store, start));
    assert.ok(
      calling.matches.some((m) => m.display_name === 'bump'),
      calling.matches.map((m) => m.display_name).join(', '),
    );
    for (const r of [called, calling])
      assert.deepEqual(
        r.matches.flatMap((m) => m.occurrences.filter((o) => o.precision !== undefined)),
        [],
      );
    const hit = answered(store, false, () => impact(store, 'bump')) as ImpactResult;
    assert.ok(hit.callers.length > 0);
    assert.deepEqual(
      [...hit.callers, ...hit.implementations].filter((e) => e.precision !== undefined),
      [],
    );
    for (const text of [compactQuery(called, 'callers'), compactQuery(calling, 'callees'), compactImpact(hit)]) assert.doesNotMatch(text, /syntactic/);
  });

  it('the budget is measured on the text of the form asked for: sites by default, source lines with lines', () => {
    for (const lines of [false, true]) {
      const r = ask(() => refs(store, 'Settings', { budget: lines ? 300 : 120, lines }));
      let bytes = 0;
      for (const m of r.matches) {
        let prev: (typeof m.occurrences)[number] | undefined;
        for (const o of m.occurrences) {
          const prevContainer = prev ? containerOf(prev) : undefined;
          bytes += lines ? occurrenceCost(o, m.display_name, prev?.file, prevContainer) : siteCost(o, prev);
          prev = o;
        }
      }
      assert.ok(bytes <= (lines ? 300 : 120), `${bytes} bytes of occurrences for a ${lines ? 300 : 120}-byte budget (lines: ${lines})`);
    }
    // The sites form's measure is an upper bound of the lines it stands for, on every answer of the fixture.
    for (const name of ['Settings', 'Registry', 'counter', 'remember', 'bump', 'start']) {
      const r = ask(() => refs(store, name));
      for (const m of r.matches) {
        let cost = 0;
        let prev: (typeof m.occurrences)[number] | undefined;
        for (const o of m.occurrences) {
          cost += siteCost(o, prev);
          prev = o;
        }
        const text = siteLines(m, true, false).join('\n').length + 1;
        assert.ok(text <= cost, `${name}: ${text} bytes of sites, measured as ${cost}`);
      }
    }
  });
});
