// Paging search, symbols and impact on a real repo: Flask 3.1.1's sources and
// tests (test/fixtures/flask-src-layout, see its SOURCE.md) indexed by the
// real scip-python in a spawned daemon, asked through its socket, the CLI's
// flags and the MCP tools. Read page by page until next_offset is absent,
// every answer is exactly the unpaged one; each page stays within its budget,
// measured on the compact text like the name queries'.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectRunning, type RpcClient } from '../../daemon/client';
import { impact, outline, search } from '../../daemon/code/query';
import { CodeStore } from '../../daemon/code/store/store';
import { DEFAULT_BUDGET } from '../../daemon/mcp/tool';
import { repoDir } from '../../daemon/paths';
import * as P from '../../daemon/protocol';
import type { ImpactResult, SearchResult, SymbolsResult } from '../../daemon/protocol';
import { CLI, ROOT, scry, scryJson, stopDaemon, tempDir } from '../helpers';

const FLASK = path.join(ROOT, 'test', 'fixtures', 'flask-src-layout');
/** The file with the largest outline in Flask (256 entries, about 14 KB of compact text). */
const BIG_FILE = 'tests/test_basic.py';
/** Bytes the paging lines ("(page from offset N)", "… N more …", "next page: offset=N") add beyond the budget. */
const PAGING_LINES = 160;

const FOOTER = /^(\(page from offset \d+\)|… .*|next page: offset=\d+)$/;
/** The compact text above its paging lines: what the budget bounds. */
const body = (text: string): string =>
  text
    .split('\n')
    .filter((l) => l !== '' && !FOOTER.test(l))
    .map((l) => `${l}\n`)
    .join('');

/** Every page of an answer, asking again with next_offset until there is none. */
async function allPages<R extends { offset?: number; next_offset?: number }>(ask: (offset: number | undefined) => Promise<R>): Promise<R[]> {
  const pages: R[] = [];
  let offset: number | undefined;
  do {
    const page = await ask(offset);
    assert.equal(page.offset, offset, 'a page says where it starts (nothing for the first)');
    if (page.next_offset !== undefined) assert.ok(page.next_offset > (offset ?? 0), `page at ${offset ?? 0} moves on (next_offset ${page.next_offset})`);
    pages.push(page);
    offset = page.next_offset;
  } while (offset !== undefined && pages.length < 500);
  assert.equal(offset, undefined, 'paging ends');
  return pages;
}

/** A cut page holds as much as its budget allows: the next page's first item would not have fitted. */
function withinBudget(text: string, items: number, budget: number, nextCost: number | undefined): void {
  const b = body(text).length;
  if (items > 1) assert.ok(b <= budget, `${b} bytes of answer for a ${budget}-byte budget`);
  assert.ok(text.length <= Math.max(b, budget) + PAGING_LINES, `${text.length} bytes in all for a ${budget}-byte budget`);
  if (nextCost !== undefined) assert.ok(b + nextCost > budget, `the page stopped at ${b} bytes with ${nextCost} more fitting a ${budget}-byte budget`);
}

const keyOf = (h: P.SearchHit): string => h.symbol_id;
const textOf = (r: CallToolResult): string => (r.content[0]?.type === 'text' ? r.content[0].text : '');

describe('paging search, symbols and impact (Flask, scip-python, a spawned daemon)', () => {
  let repo: string;
  let home: string;
  let client: RpcClient;
  let fullSearch: SearchResult;
  let fullSymbols: SymbolsResult;
  let fullImpact: ImpactResult;

  before(async () => {
    repo = tempDir('paging');
    fs.cpSync(FLASK, repo, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: repo });
    repo = fs.realpathSync(repo);
    home = tempDir('paging-home');
    await scryJson(['index', repo], { home });
    client = (await connectRunning(home))!;
    fullSearch = await client.request(P.Search.type, { repo, pattern: 'test', limit: 100_000 });
    fullSymbols = await client.request(P.Symbols.type, { repo, file: BIG_FILE });
    fullImpact = await client.request(P.Impact.type, { repo, name: 'Flask' });
  });
  after(async () => {
    client?.dispose();
    await stopDaemon(home);
  });

  it('the unpaged answers are whole and big enough to page', () => {
    assert.equal(fullSearch.next_offset, undefined);
    assert.equal(fullSearch.results.length, fullSearch.total);
    assert.ok(fullSearch.total > 150, `${fullSearch.total} hits for 'test'`);
    assert.equal(new Set(fullSearch.results.map(keyOf)).size, fullSearch.total, 'no hit listed twice');
    assert.equal(fullSymbols.next_offset, undefined);
    assert.equal(fullSymbols.symbols.length, fullSymbols.total);
    assert.ok(fullSymbols.total > 200, `${fullSymbols.total} outline entries`);
    assert.equal(fullImpact.next_offset, undefined);
    const c = fullImpact.counts;
    assert.deepEqual(
      [fullImpact.callers.length, fullImpact.implementations.length, fullImpact.importing_files.length, fullImpact.test_files.length],
      [c.callers, c.implementations, c.importing_files, c.test_files],
    );
    // Callers by the call rule (issue 22): Flask's 30, where any reference once counted.
    assert.ok(c.callers > 20 && c.implementations > 0 && c.importing_files > 0 && c.test_files > 0, JSON.stringify(c));
  });

  it('search: the pages are the unpaged answer in order, no hit twice, none missing, each within its budget', async () => {
    for (const paging of [{ budget: 700 }, { limit: 13 }, { budget: 3000, limit: 40 }]) {
      const pages = await allPages((offset) => client.request(P.Search.type, { repo, pattern: 'test', ...paging, offset }));
      assert.ok(pages.length > 3, `${pages.length} pages at ${JSON.stringify(paging)}`);
      assert.deepEqual(
        pages.flatMap((p) => p.results),
        fullSearch.results,
        JSON.stringify(paging),
      );
      for (const [i, p] of pages.entries()) {
        assert.equal(p.total, fullSearch.total, 'every page counts every hit');
        assert.ok(p.results.length <= (paging.limit ?? 50), 'limit (default 50) bounds every page');
        const next = pages[i + 1];
        if (p.next_offset === undefined) continue;
        const left = fullSearch.results.slice(p.next_offset);
        assert.deepEqual(p.rest, { hits: left.length, files: new Set(left.flatMap((h) => (h.file ? [h.file] : []))).size });
        const text = P.compactSearch(p);
        assert.ok(text.endsWith(`\n… ${P.searchRest(p)}\nnext page: offset=${p.next_offset}\n`), text.slice(-200));
        const cutByBudget = paging.budget !== undefined && p.results.length < (paging.limit ?? 50);
        if (cutByBudget) withinBudget(text, p.results.length, paging.budget, P.searchLine(next!.results[0]!).length + 1);
      }
    }
  });

  it('symbols: the pages are the whole outline in order, each within its budget', async () => {
    for (const paging of [{ budget: 1500 }, { limit: 40 }, { budget: 500, limit: 7 }]) {
      const pages = await allPages((offset) => client.request(P.Symbols.type, { repo, file: BIG_FILE, ...paging, offset }));
      assert.ok(pages.length > 3, `${pages.length} pages at ${JSON.stringify(paging)}`);
      assert.deepEqual(
        pages.flatMap((p) => p.symbols),
        fullSymbols.symbols,
        JSON.stringify(paging),
      );
      for (const [i, p] of pages.entries()) {
        assert.equal(p.total, fullSymbols.total);
        assert.equal(p.file, BIG_FILE);
        if (paging.limit) assert.ok(p.symbols.length <= paging.limit);
        if (p.next_offset === undefined) continue;
        const left = fullSymbols.symbols.slice(p.next_offset);
        assert.deepEqual(p.rest, { entries: left.length, first_line: left[0]!.line, last_line: left[left.length - 1]!.line });
        const text = P.compactSymbols(p);
        assert.match(
          text,
          new RegExp(`\\n… ${left.length} more, lines ${left[0]!.line}-${left[left.length - 1]!.line}\\nnext page: offset=${p.next_offset}\\n$`),
        );
        const cutByBudget = paging.budget !== undefined && p.symbols.length < (paging.limit ?? Infinity);
        if (cutByBudget) withinBudget(text, p.symbols.length, paging.budget, P.outlineLine(pages[i + 1]!.symbols[0]!).length + 1);
      }
    }
  });

  it('impact: each section read across the pages is the unpaged section; counts on every page, the rest per section', async () => {
    const sections = P.IMPACT_SECTIONS;
    for (const paging of [{ budget: 800 }, { limit: 3 }, { budget: 600, limit: 5 }]) {
      const pages = await allPages((offset) => client.request(P.Impact.type, { repo, name: 'Flask', ...paging, offset }));
      assert.ok(pages.length > 3, `${pages.length} pages at ${JSON.stringify(paging)}`);
      for (const s of sections)
        assert.deepEqual(
          pages.flatMap((p): Array<P.ImpactEntry | string> => p[s]),
          fullImpact[s],
          `${s} at ${JSON.stringify(paging)}`,
        );
      // Every section that has entries shows some on the first page.
      for (const s of sections) assert.ok(pages[0]![s].length > 0, `${s} on the first page`);
      for (const [i, p] of pages.entries()) {
        assert.deepEqual(p.counts, fullImpact.counts, 'every page counts every section');
        if (paging.limit) for (const s of sections) assert.ok(p[s].length <= paging.limit, `limit counts entries of each section (${s})`);
        if (p.next_offset === undefined) {
          assert.equal(p.rest, undefined);
          continue;
        }
        const rest = Object.fromEntries(sections.flatMap((s) => (fullImpact[s].length > p.next_offset! ? [[s, fullImpact[s].length - p.next_offset!]] : [])));
        assert.deepEqual(p.rest, rest, 'the rest names exactly the sections that were cut, with their counts');
        const text = P.compactImpact(p);
        assert.ok(text.endsWith(`\n… ${P.impactRest(p)}\nnext page: offset=${p.next_offset}\n`), text.slice(-200));
        const next = pages[i + 1]!;
        const nextRow = sections.reduce((n, s) => n + (next[s].length > 0 ? P.impactLine(next[s][0]!).length + 1 : 0), 0);
        const rows = Math.max(...sections.map((s) => p[s].length));
        const cutByBudget = paging.budget !== undefined && rows < (paging.limit ?? Infinity);
        if (cutByBudget) withinBudget(text, rows, paging.budget, nextRow);
      }
    }
    const first = await client.request(P.Impact.type, { repo, name: 'Flask', limit: 3 });
    assert.match(P.compactImpact(first), /\n… \d+ more: \d+ callers, 1 implementation, \d+ files using it, \d+ test files\nnext page: offset=3\n$/);
  });

  it('an offset past the end is an empty page, said so', async () => {
    const search = await client.request(P.Search.type, { repo, pattern: 'test', offset: fullSearch.total });
    assert.deepEqual([search.results.length, search.next_offset, search.total], [0, undefined, fullSearch.total]);
    assert.equal(P.compactSearch(search), `no symbols match 'test' past offset ${fullSearch.total}\n`);
    const symbols = await client.request(P.Symbols.type, { repo, file: BIG_FILE, offset: 10_000 });
    assert.deepEqual([symbols.symbols.length, symbols.next_offset], [0, undefined]);
    assert.match(P.compactSymbols(symbols), /\nno definitions past offset 10000\n$/);
    const impact = await client.request(P.Impact.type, { repo, name: 'Flask', offset: 10_000 });
    assert.deepEqual([impact.callers.length, impact.test_files.length, impact.next_offset], [0, 0, undefined]);
    assert.match(P.compactImpact(impact), /\nnothing past offset 10000\n$/);
  });

  it('a page runs the same queries as the unpaged answer', () => {
    // The daemon's own index file, read in this process: every query module brings its SQL through store.statement().
    const store = new CodeStore(path.join(repoDir(home, repo), 'index.db'));
    try {
      const real = store.statement.bind(store);
      let prepared = 0;
      store.statement = ((sql: string) => {
        prepared++;
        return real(sql);
      }) as typeof store.statement;
      const count = (run: () => unknown): number => {
        prepared = 0;
        run();
        return prepared;
      };
      const huge = 10_000_000;
      for (const [what, unpaged, paged, roomy] of [
        [
          'search',
          () => search(store, 'test', { limit: huge }),
          () => search(store, 'test', { budget: 300, offset: 40 }),
          () => search(store, 'test', { limit: huge, budget: huge }),
        ],
        [
          'symbols',
          () => outline(store, repo, BIG_FILE),
          () => outline(store, repo, BIG_FILE, { budget: 300, offset: 40 }),
          () => outline(store, repo, BIG_FILE, { budget: huge }),
        ],
        ['impact', () => impact(store, 'Flask'), () => impact(store, 'Flask', { budget: 300, offset: 4 }), () => impact(store, 'Flask', { budget: huge })],
      ] as const) {
        const n = count(unpaged);
        assert.ok(n > 0, what);
        assert.equal(count(paged), n, `${what}: a page runs no more queries than the whole answer`);
        assert.equal(count(roomy), n, `${what}: a budget nothing exceeds runs none either`);
      }
    } finally {
      store.close();
    }
  });

  it('CLI: --limit, --offset and --budget page search, symbols and impact; compact and human text say how to read on', async () => {
    const hits = await scryJson<SearchResult>(['search', 'test', '--limit', '5', '--offset', '5', '--repo', repo], { home });
    assert.deepEqual(hits.results, fullSearch.results.slice(5, 10));
    assert.deepEqual([hits.offset, hits.next_offset], [5, 10]);

    const compact = await scry(['symbols', BIG_FILE, '--budget', '600', '--format', 'compact', '--repo', repo], { home, cwd: repo });
    assert.equal(compact.code, 0, compact.stderr);
    const next = /\nnext page: offset=(\d+)\n$/.exec(compact.stdout);
    assert.ok(next, compact.stdout.slice(-300));
    assert.ok(body(compact.stdout).length <= 600);
    const page = await scryJson<SymbolsResult>(['symbols', BIG_FILE, '--offset', next[1]!, '--limit', '4', '--repo', repo], { home, cwd: repo });
    assert.deepEqual(page.symbols, fullSymbols.symbols.slice(Number(next[1]), Number(next[1]) + 4));

    const human = await scry(['impact', 'Flask', '--budget', '900', '--format', 'human', '--repo', repo], { home });
    assert.equal(human.code, 0, human.stderr);
    const nextHuman = /\nnext page: --offset (\d+)\n$/.exec(human.stdout);
    assert.ok(nextHuman, human.stdout.slice(-300));
    assert.match(human.stdout, /\n\(\d+ more: \d+ callers/);
    const second = await scry(['impact', 'Flask', '--budget', '900', '--offset', nextHuman[1]!, '--format', 'human', '--repo', repo], { home });
    assert.match(second.stdout, new RegExp(`\\n\\(page from offset ${nextHuman[1]}\\)\\n`));
    const searchHuman = await scry(['search', 'test', '--limit', '20', '--format', 'human', '--repo', repo], { home });
    assert.match(
      searchHuman.stdout,
      new RegExp(
        `\\n${fullSearch.total} matches for 'test', 20 shown \\(${fullSearch.total - 20} more in \\d+ files\\) · [\\d.]+ ms\\nnext page: --offset 20\\n$`,
      ),
    );

    for (const [args, flag] of [
      [['search', 'test', '--budget=-5'], '--budget'],
      [['symbols', BIG_FILE, '--offset', '1.5'], '--offset'],
      [['impact', 'Flask', '--limit', '0'], '--limit'],
    ] as const) {
      const bad = await scry([...args, '--repo', repo], { home });
      assert.equal(bad.code, 2, `${args.join(' ')}: a usage error`);
      assert.equal(bad.stderr.trim().split('\n').length, 1, bad.stderr);
      assert.match(bad.stderr, new RegExp(`invalid ${flag} '`));
    }
  });

  describe('MCP tools', () => {
    let mcp: Client;
    const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
      const r = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
      assert.ok(!r.isError, `${name} failed: ${textOf(r)}`);
      return r;
    };

    before(async () => {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
      mcp = new Client({ name: 'scry-paging-test', version: '1' });
      await mcp.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [CLI, 'mcp'],
          cwd: repo,
          env: { ...env, SCRY_HOME: home, HOME: tempDir('paging-user') },
          stderr: 'pipe',
        }),
      );
    });
    after(() => mcp?.close());

    it('offer limit, budget and offset on search, symbols and impact', async () => {
      const { tools } = await mcp.listTools();
      for (const name of ['scry_search', 'scry_symbols', 'scry_impact']) {
        const props = tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { description?: string; type?: string }>;
        for (const field of ['limit', 'budget', 'offset']) assert.ok(props[field], `${name}.${field}`);
      }
      // The shared paging fields are listed bare and explained once, in the server's instructions.
      const instructions = mcp.getInstructions() ?? '';
      for (const field of ['limit', 'budget', 'offset']) assert.match(instructions, new RegExp(`\\b${field}\\b`), `instructions explain ${field}`);
    });

    it('scry_symbols: within the default budget by default, with the paging lines; format json is the same page as JSON', async () => {
      const r = await call('scry_symbols', { file: BIG_FILE });
      assert.equal(r.structuredContent, undefined, 'the model reads the compact text alone');
      const text = textOf(r);
      const next = /\n… (\d+) more, lines \d+-\d+\nnext page: offset=(\d+)\n$/.exec(text);
      assert.ok(next, text.slice(-300));
      assert.ok(body(text).length <= DEFAULT_BUDGET, `${body(text).length} bytes`);
      assert.equal(Number(next[1]) + Number(next[2]), fullSymbols.total);
      const json = (await call('scry_symbols', { file: BIG_FILE, format: 'json' })).structuredContent as SymbolsResult;
      assert.equal(json.next_offset, Number(next[2]));
      assert.deepEqual(json.symbols, fullSymbols.symbols.slice(0, json.next_offset));
      assert.deepEqual(json.rest?.entries, Number(next[1]));
      const second = textOf(await call('scry_symbols', { file: BIG_FILE, offset: Number(next[2]) }));
      assert.ok(second.startsWith(`${BIG_FILE}\n${P.outlineLine(fullSymbols.symbols[Number(next[2])]!)}\n`), second.slice(0, 200));
      assert.match(second, new RegExp(`\\n\\(page from offset ${next[2]}\\)\\n`));
    });

    it('scry_search: 50 hits by default, then the paging lines; format json carries next_offset and the rest', async () => {
      const text = textOf(await call('scry_search', { pattern: 'test' }));
      assert.equal(text.split('\n').filter((l) => l !== '' && !FOOTER.test(l)).length, 50);
      assert.match(text, new RegExp(`\\n… ${fullSearch.total - 50} more in \\d+ files\\nnext page: offset=50\\n$`));
      const json = (await call('scry_search', { pattern: 'test', offset: 50, limit: 10, format: 'json' })).structuredContent as SearchResult;
      assert.deepEqual(json.results, fullSearch.results.slice(50, 60));
      assert.deepEqual([json.offset, json.next_offset, json.rest?.hits], [50, 60, fullSearch.total - 60]);
    });

    // Callers by the call rule (issue 22) leave no answer in this small Flask past the default budget: `get` (121 callers) at a smaller one.
    it('scry_impact: a large blast radius is cut at the budget, the rest counted per section', async () => {
      const budget = DEFAULT_BUDGET / 2;
      const whole = await client.request(P.Impact.type, { repo, name: 'get' });
      assert.ok(P.compactImpact(whole).length > budget * 1.3, 'get is well past the budget');
      const text = textOf(await call('scry_impact', { symbol: 'get', budget }));
      assert.ok(body(text).length <= budget, `${body(text).length} bytes`);
      assert.ok(text.startsWith(`${P.impactHeader(whole)}\ncallers\n`), text.slice(0, 200));
      const next = /\n… \d+ more: \d+ callers\nnext page: offset=(\d+)\n$/.exec(text);
      assert.ok(next, text.slice(-300));
      const json = (await call('scry_impact', { symbol: 'get', budget, format: 'json' })).structuredContent as ImpactResult;
      assert.equal(json.next_offset, Number(next[1]));
      assert.deepEqual(json.rest, { callers: whole.counts.callers - Number(next[1]) });
      assert.deepEqual(json.callers, whole.callers.slice(0, json.next_offset));
    });
  });
});
