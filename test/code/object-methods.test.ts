// Methods written in an object literal, on a real scip-typescript index of
// rxjs (real TypeScript nobody here wrote), ingested the way a build does
// (local functions' extents from tree-sitter): each is a symbol named with its
// owner, found by defs, refs, callers and callees, and called through the
// object (`timeoutProvider.setTimeout(…)`). Three shapes rxjs has: an object
// typed by an interface (scip-typescript makes the method's name a reference
// to the interface's member), an untyped exported one (a `local N`), and one
// bound inside a method (a local owner). Expected lines are read from the source.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { answered, callees, callers, refs } from '../../daemon/code/query';
import type { CodeStore } from '../../daemon/code/store/store';
import type { QueryResult } from '../../daemon/protocol';
import { filesMatching, lineOf, rxjsRepo } from '../helpers';
import { scipTypescriptStore } from './scip-typescript-store';

const sites = (r: QueryResult): string[] => r.matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}`)).sort();

describe('object-literal methods (real scip-typescript index of rxjs)', () => {
  let repo: string;
  let store: CodeStore;
  const ask = (body: () => Omit<QueryResult, 'elapsed_ms' | 'index'>): QueryResult => answered(store, false, body) as QueryResult;
  const at = (file: string, re: RegExp): string => `${file}:${lineOf(path.join(repo, file), re)}`;

  before(async () => {
    repo = rxjsRepo();
    store = await scipTypescriptStore(repo);
  });
  after(() => store?.close());

  it('a method of an object typed by an interface: its own symbol, named with its owner, called through the object', () => {
    const file = 'src/internal/scheduler/timeoutProvider.ts';
    const def = ask(() => refs(store, 'timeoutProvider.setTimeout', { definitionsOnly: true }));
    const own = def.matches.find((m) => m.kind === 'method');
    assert.ok(own, JSON.stringify(def.matches.map((m) => [m.symbol_id, m.kind])));
    assert.equal(own.display_name, 'setTimeout');
    assert.deepEqual(
      own.occurrences.map((o) => `${o.file}:${o.line}`),
      [at(file, /^\s+setTimeout\(handler/)],
    );
    // Every `timeoutProvider.setTimeout(` in the repo calls it, and only those.
    const calls = filesMatching(repo, 'src', /timeoutProvider\.setTimeout\(/)
      .flatMap((f) =>
        fs
          .readFileSync(path.join(repo, f), 'utf8')
          .split('\n')
          .flatMap((l, i) => (/timeoutProvider\.setTimeout\(/.test(l) ? [`${f}:${i + 1}`] : [])),
      )
      .sort();
    assert.ok(calls.length >= 2);
    assert.deepEqual(sites(ask(() => callers(store, 'timeoutProvider.setTimeout'))), calls);
    // What its body calls: the global setTimeout (counted as a library's), not the method's own name.
    const out = ask(() => callees(store, 'timeoutProvider.setTimeout', { includeExternal: true }));
    assert.deepEqual(sites(out), [at(file, /return setTimeout\(handler/)]);
    // The method's name is no call of the interface's member.
    const member = ask(() => callers(store, 'TimeoutProvider.setTimeout'));
    assert.ok(!sites(member).includes(own.occurrences[0] && `${file}:${own.occurrences[0].line}`), JSON.stringify(sites(member)));
  });

  it('a method of an untyped exported object: named with its owner, its body its own', () => {
    const file = 'src/internal/util/Immediate.ts';
    const def = ask(() => refs(store, 'Immediate.setImmediate', { definitionsOnly: true }));
    assert.deepEqual(
      def.matches.map((m) => [m.display_name, m.kind]),
      [['setImmediate', 'method']],
    );
    assert.deepEqual(
      def.matches[0]!.occurrences.map((o) => `${o.file}:${o.line}`),
      [at(file, /^\s+setImmediate\(cb/)],
    );
    const out = ask(() => callees(store, 'Immediate.setImmediate', { includeExternal: true }));
    const names = out.matches.map((m) => m.display_name);
    assert.ok(names.includes('findAndClearHandle'), names.join(', '));
    // And findAndClearHandle's callers name both methods.
    const by = ask(() => callers(store, 'findAndClearHandle'))
      .matches.map((m) => m.display_name)
      .sort();
    assert.deepEqual(by, ['clearImmediate', 'setImmediate']);
  });

  it("a method of an object bound inside a method (a local owner): asked for by its owner's name", () => {
    const file = 'src/internal/testing/TestScheduler.ts';
    const def = ask(() => refs(store, 'delegate.requestAnimationFrame', { definitionsOnly: true }));
    assert.equal(def.note, undefined, 'found inside its owner, not by the bare name');
    assert.deepEqual(
      def.matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}`)),
      [at(file, /^\s+requestAnimationFrame\(callback/)],
    );
    const out = ask(() => callees(store, 'delegate.requestAnimationFrame', { includeExternal: true }));
    assert.ok(
      out.matches.some((m) => m.display_name === 'set' || m.display_name === 'Map.set'),
      JSON.stringify(out.matches.map((m) => m.display_name)),
    );
  });
});
