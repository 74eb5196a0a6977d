// The first index of a Python repo, read by tree-sitter alone, on Flask 3.1.1
// (test/fixtures/flask-src-layout, BSD-3-Clause): classes and methods where
// the source has them, `self.m()` bound to the enclosing class's method, and
// relative imports bound across files. Places come from text search.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { buildIndex } from '../../../daemon/code/build';
import { pythonModuleOf } from '../../../daemon/code/readers/python';
import { callers } from '../../../daemon/code/query/callers';
import { refs } from '../../../daemon/code/query/refs';
import { CodeStore } from '../../../daemon/code/store/store';
import { lineOf, ROOT, tempDir } from '../../helpers';

describe('Python first index (tree-sitter) on Flask', () => {
  const repo = path.join(ROOT, 'test/fixtures/flask-src-layout');
  let store: CodeStore;

  before(async () => {
    const work = tempDir('first-py');
    const out = await buildIndex({ repo, workDir: work, nodePath: process.execPath, home: work, syntacticFirst: true });
    assert.deepEqual(
      out.indexers.map((r) => [r.language, r.indexer, r.status]),
      [['python', 'tree-sitter-python', 'ok']],
    );
    fs.renameSync(out.nextPath, path.join(work, 'index.db'));
    store = new CodeStore(path.join(work, 'index.db'));
  });

  it('finds a method where the source defines it, and its self.method() calls with their callers', () => {
    const app = 'src/flask/app.py';
    const r = refs(store, 'Flask.make_response', {});
    const occ = r.matches.flatMap((m) => m.occurrences);
    assert.ok(
      occ.some((o) => o.is_definition && o.file === app && o.line === lineOf(path.join(repo, app), /^ {4}def make_response\(self/)),
      JSON.stringify(r.matches.map((m) => m.symbol_id)),
    );
    const call = lineOf(path.join(repo, app), /response = self\.make_response\(rv\)/);
    assert.ok(occ.some((o) => o.is_call && o.file === app && o.line === call && o.precision === 'syntactic'));
    assert.ok(callers(store, 'Flask.make_response', {}).matches.some((m) => m.display_name === 'finalize_request'));
  });

  it('binds a relative import to the module it names', () => {
    // app.py: `from .helpers import get_debug_flag` (found by text), used in the file.
    const app = fs.readFileSync(path.join(repo, 'src/flask/app.py'), 'utf8');
    assert.match(app, /from \.helpers import get_debug_flag/);
    const r = refs(store, 'get_debug_flag', {});
    const def = r.matches.find((m) => m.occurrences.some((o) => o.is_definition && o.file === 'src/flask/helpers.py'));
    assert.ok(def, r.matches.map((m) => m.symbol_id).join(', '));
    assert.ok(def.occurrences.some((o) => o.file === 'src/flask/app.py' && !o.is_definition));
  });

  it('names modules by path, a package by its folder', () => {
    assert.deepEqual(pythonModuleOf('src/flask/__init__.py'), ['src', 'flask']);
    assert.deepEqual(pythonModuleOf('src/flask/app.py'), ['src', 'flask', 'app']);
  });
});
