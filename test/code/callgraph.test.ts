// The call graph's rule, golden: a real scip-typescript index of a small
// project (test/fixtures/callgraph) built the way a build does (local
// functions' extents from tree-sitter), asked through the real query
// modules and rendered compact, compared with test/fixtures/callgraph-golden.
// Refresh with UPDATE_GOLDEN=1 (and read the diff). Accuracy on real repos
// is measured against the TypeScript call hierarchy in test/bench/callgraph.bench.ts.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { answered, callees, callers, impact, refs } from '../../daemon/code/query';
import { readQuery } from '../../daemon/code/query/methods';
import type { CodeStore } from '../../daemon/code/store/store';
import { compactImpact, compactQuery, type ImpactResult, type QueryResult } from '../../daemon/protocol';
import { ROOT, tempDir } from '../helpers';
import { scipTypescriptStore } from './scip-typescript-store';

const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'callgraph');
const GOLDEN = path.join(ROOT, 'test', 'fixtures', 'callgraph-golden');

function golden(name: string, actual: string): void {
  const file = path.join(GOLDEN, `${name}.txt`);
  if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, actual);
  assert.equal(actual, fs.readFileSync(file, 'utf8'), `${name}: compact answer differs from ${path.relative(ROOT, file)} (UPDATE_GOLDEN=1 refreshes it)`);
}

describe('the call graph (golden, real scip-typescript index)', () => {
  let store: CodeStore;
  const ask = (body: () => Omit<QueryResult, 'elapsed_ms' | 'index'>): QueryResult => answered(store, false, body) as QueryResult;
  const answer = <T extends object>(body: () => T): T & Pick<QueryResult, 'elapsed_ms' | 'index'> => answered(store, false, body);

  before(async () => {
    const repo = tempDir('callgraph');
    fs.cpSync(FIXTURE, repo, { recursive: true });
    store = await scipTypescriptStore(repo);
  });
  after(() => store?.close());

  it('call graph: an inner function is a callee and a caller; calls in a callback count for the named function around it', () => {
    const out = ask(() => callees(store, 'render'));
    const names = out.matches.map((m) => m.display_name);
    assert.ok(names.includes('line'), `render calls its inner function line: ${names.join(', ')}`);
    assert.ok(!names.includes('indent'), 'indent is called by line, not by render');
    const sites = out.matches.flatMap((m) => m.occurrences.map((o) => `${o.line}:${o.column}`));
    assert.equal(new Set(sites).size, sites.length, 'each call site once');
    golden('callees-render', compactQuery(out, 'callees'));
    const inner = ask(() => callees(store, 'line'));
    assert.deepEqual(inner.matches.map((m) => m.display_name).sort(), ['String.replace', 'indent']);
    golden(
      'callers-line',
      compactQuery(
        ask(() => callers(store, 'line')),
        'callers',
      ),
    );
  });

  it('call graph: a describe-local helper has callers and callees', () => {
    const out = ask(() => callees(store, 'setup'));
    assert.deepEqual(out.matches.map((m) => m.display_name).sort(), ['String.trim', 'publish']);
    golden('callees-setup', compactQuery(out, 'callees'));
  });

  it('call graph: a global called through new is one site, counted, not listed as seven symbols', () => {
    const out = ask(() => callees(store, 'render'));
    assert.deepEqual(
      out.external?.map((e) => [e.name, e.calls]),
      [['RegExp', 1]],
    );
    const listed = ask(() => callees(store, 'render', { includeExternal: true }));
    const regexp = listed.matches.filter((m) => m.display_name === 'RegExp');
    assert.equal(regexp.length, 1, 'one RegExp group');
    assert.equal(regexp[0]!.occurrences.length, 1, 'one site');
    golden('callees-render-external', compactQuery(listed, 'callees'));
  });

  it("callers say which callee: the repo's repeat first, String#repeat counted unless asked for", () => {
    const out = ask(() => callers(store, 'repeat'));
    assert.deepEqual(
      out.matches.map((m) => m.display_name),
      ['indent'],
    );
    assert.equal(out.external?.[0]?.name, 'String.repeat');
    assert.equal(out.external?.[0]?.calls, 2);
    golden('callers-repeat', compactQuery(out, 'callers'));
    const all = ask(() => callers(store, 'repeat', { includeExternal: true }));
    assert.deepEqual(
      all.matches.map((m) => m.callee?.external ?? false),
      [false, true, true],
    );
    golden('callers-repeat-external', compactQuery(all, 'callers'));
    // What the CLI's --include-external and MCP's include_external send reaches the query (the daemon's runner).
    const run = (method: string, params: object): QueryResult => readQuery(method)!.run({ store, repo: '/' }, { repo: '/', ...params }) as QueryResult;
    assert.deepEqual(
      run('code/callers', { name: 'repeat', include_external: true }).matches.map((m) => m.callee?.external ?? false),
      [false, true, true],
    );
    assert.equal(run('code/callers', { name: 'repeat' }).external?.[0]?.calls, 2);
    assert.ok(
      run('code/callees', { name: 'render', include_external: true }).matches.some((m) => m.display_name === 'RegExp'),
      'callees list the external global when asked',
    );
    assert.ok(!run('code/callees', { name: 'render' }).matches.some((m) => m.display_name === 'RegExp'));
  });

  it('a definition header counts the references, never "0 refs" when there are some', () => {
    const out = ask(() => refs(store, 'makeReport', { definitionsOnly: true }));
    const c = out.matches[0]!.counts!;
    const all = ask(() => refs(store, 'makeReport'));
    assert.equal(c.references, all.matches[0]!.counts!.references);
    assert.ok(c.references > 0);
    golden('defs-makeReport', compactQuery(out, 'defs'));
  });

  it('impact lists callers only: a type alias and an interface naming the function are not callers', () => {
    const out: ImpactResult = answer(() => impact(store, 'makeReport'));
    const names = out.callers.map((c) => c.display_name);
    assert.ok(names.includes('publish') && names.includes('setup'), names.join(', '));
    assert.ok(!names.includes('Report') && !names.includes('ReportMaker') && !names.includes('maker'), names.join(', '));
    golden('impact-makeReport', compactImpact(out));
    assert.ok(
      out.callers.every((c) => c.file !== '' && c.line > 0),
      'every caller says where it is defined',
    );
  });
});
