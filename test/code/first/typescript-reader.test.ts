// The first index of a TypeScript repo, read by tree-sitter alone, on real
// code nobody here wrote (rxjs's sources): definitions where the source has
// them, imports bound across files, method calls on `this` and typed
// receivers resolved, every occurrence marked syntactic. Expected places come
// from text search over the sources, not from the indexer.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { modulePartsOf } from '../../../daemon/code/readers/typescript';
import { callers } from '../../../daemon/code/query/callers';
import { impls } from '../../../daemon/code/query/impls';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import type { IndexResult } from '../../../daemon/protocol';
import { filesMatching, lineOf, rxjsRepo, tempDir } from '../../helpers';

describe('TypeScript first index (tree-sitter) on rxjs', () => {
  let repo: string;
  let store: CodeStore;
  let indexers: IndexResult['indexers'];

  before(async () => {
    repo = rxjsRepo();
    const work = tempDir('first-ts');
    const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: work, syntacticFirst: true });
    indexers = out.indexers;
    fs.renameSync(out.nextPath, path.join(work, 'index.db'));
    store = new CodeStore(path.join(work, 'index.db'));
  });

  it('runs no precise indexer, and records the index as the syntactic first one', () => {
    assert.deepEqual(
      indexers.map((r) => [r.language, r.indexer, r.status]),
      [['typescript', 'tree-sitter-typescript', 'ok']],
    );
    assert.equal(store.meta().first_index, 'syntactic');
    assert.ok(store.meta().documents > 200, String(store.meta().documents));
  });

  it('finds each definition where the source declares it, and every use of an imported function in the files importing it', () => {
    const file = 'src/internal/operators/concatMap.ts';
    const r = refs(store, 'concatMap', {});
    const occ = r.matches.flatMap((m) => m.occurrences);
    assert.ok(occ.every((o) => o.precision === 'syntactic'));
    const defs = occ.filter((o) => o.is_definition).map((o) => `${o.file}:${o.line}`);
    assert.ok(defs.includes(`${file}:${lineOf(path.join(repo, file), /^export function concatMap</)}`), defs.join('\n'));
    // Files that import concatMap from its module (found by text) each have a reference bound to the same symbol.
    const importers = filesMatching(repo, 'src', /import \{[^}]*\bconcatMap\b[^}]*\} from '\.\/concatMap'/);
    assert.ok(importers.length >= 1, 'rxjs imports concatMap from its module');
    const main = r.matches.find((m) => m.occurrences.some((o) => o.is_definition && o.file === file))!;
    for (const f of importers)
      assert.ok(
        main.occurrences.some((o) => o.file === f && !o.is_definition),
        `${f} uses concatMap`,
      );
  });

  it('binds this.method() to the class member and gives callers', () => {
    const file = 'src/internal/Subscriber.ts';
    const source = fs.readFileSync(path.join(repo, file), 'utf8');
    assert.match(source, /this\._next\(/);
    const r = refs(store, 'Subscriber._next', {});
    const occ = r.matches.flatMap((m) => m.occurrences);
    assert.ok(
      occ.some((o) => o.is_definition && o.file === file),
      JSON.stringify(r.matches.map((m) => m.symbol_id)),
    );
    assert.ok(occ.some((o) => o.is_call && o.file === file && o.context.includes('this._next(')));
    const names = callers(store, 'Subscriber._next', {}).matches.map((m) => m.display_name);
    assert.ok(names.includes('next'), names.join(', '));
  });

  it('reads class heritage: a subclass is an implementation of its base', () => {
    const subs = filesMatching(repo, 'src', /class \w+<[^>]*> extends Subscriber</);
    assert.ok(subs.length > 0);
    const found = impls(store, 'Subscriber', {}).matches.flatMap((m) => m.occurrences.map((o) => o.file));
    for (const f of subs) assert.ok(found.includes(f), `${f} extends Subscriber: ${found.join(', ')}`);
  });

  it("names a method written in an object literal with its owner (`timeoutProvider.setTimeout`), and reads its body's calls", () => {
    for (const [owner, method, file] of [
      ['timeoutProvider', 'setTimeout', 'src/internal/scheduler/timeoutProvider.ts'],
      ['Immediate', 'setImmediate', 'src/internal/util/Immediate.ts'],
    ] as const) {
      const def = refs(store, `${owner}.${method}`, { definitionsOnly: true });
      assert.equal(def.note, undefined, `${owner}.${method} is found inside its owner`);
      assert.deepEqual(
        def.matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}`)),
        [`${file}:${lineOf(path.join(repo, file), new RegExp(`^\\s+${method}\\(`))}`],
      );
      assert.equal(def.matches[0]!.kind, 'method');
    }
    const inside = callers(store, 'findAndClearHandle', {})
      .matches.map((m) => m.display_name)
      .sort();
    assert.deepEqual(inside, ['clearImmediate', 'setImmediate']);
  });

  it('names modules by path without extension or index', () => {
    assert.deepEqual(modulePartsOf('src/a/index.ts'), ['src', 'a']);
    assert.deepEqual(modulePartsOf('lib/x.d.ts'), ['lib', 'x']);
    assert.deepEqual(modulePartsOf('b.mjs'), ['b']);
  });
});
