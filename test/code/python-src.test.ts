// Python src layout on a real web framework: Flask 3.1.1's own sources
// (test/fixtures/flask-src-layout, see its SOURCE.md). Its tests `import
// flask`; on a machine with a Flask installed (this one has one), scip-python
// used to resolve that to the installed copy, so `refs url_for` came back as
// several symbols and the repo's own had 2 of its uses. The repo's packages
// resolve to the repo.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { QueryResult, WhyResult } from '../../daemon/protocol';
import { ROOT, lineOf, scryJson, stopDaemon, tempDir } from '../helpers';

describe('Python src layout (Flask)', () => {
  let repo: string;
  let home: string;

  before(async () => {
    repo = tempDir('flask');
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'flask-src-layout'), repo, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: repo });
    home = tempDir('flask-home');
    await scryJson(['index', repo], { home });
  });
  after(() => stopDaemon(home));

  it("resolves the tests' `import flask` to src/flask: one url_for, with its uses in the tests", async () => {
    const r = await scryJson<QueryResult>(['refs', 'url_for', '--repo', repo], { home });
    const fn = r.matches.filter((m) => /`flask\.helpers`\/url_for\(\)\./.test(m.symbol_id));
    assert.equal(fn.length, 1, r.matches.map((m) => m.symbol_id).join('\n'));
    const occ = fn[0]!.occurrences;
    const def = occ.find((o) => o.is_definition);
    assert.deepEqual([def?.file, def?.line], ['src/flask/helpers.py', lineOf(path.join(repo, 'src/flask/helpers.py'), /^def url_for\(/)]);
    const inTests = occ.filter((o) => o.file.startsWith('tests/'));
    assert.ok(inTests.length >= 30, `${inTests.length} uses in tests`);
    // Nothing named after a module path that starts at the repo root (`src.flask...`), nothing from an installed copy.
    assert.ok(
      r.matches.every((m) => !m.symbol_id.includes('`src.') && !/Flask (?!3\.1\.1)\d/.test(m.symbol_id)),
      r.matches.map((m) => m.symbol_id).join('\n'),
    );
  });

  it("a module named as Python imports it is its file, or its package's __init__.py (what a session anchors, issue 25)", async () => {
    const where = async (name: string): Promise<string | null> => (await scryJson<WhyResult>(['why', name], { home, cwd: repo })).definition;
    assert.equal(await where('flask.json.tag'), 'src/flask/json/tag.py:1');
    assert.equal(await where('json.tag'), 'src/flask/json/tag.py:1', 'a tail of the dotted path, one file ending so');
    assert.equal(await where('flask.json'), 'src/flask/json/__init__.py:1');
    assert.equal(await where('sansio.scaffold'), 'src/flask/sansio/scaffold.py:1');
    // A file name of an extension no language has, that no symbol has: the file (a mention of `LICENSE.txt` in a session).
    assert.equal(await where('LICENSE.txt'), 'LICENSE.txt:1');
    assert.equal(await where('NOTICE.txt'), null);
    // Spelled as written: `flask` is the package, not the class `Flask` (a name the index would match ignoring case).
    assert.equal(await where('flask'), 'src/flask/__init__.py:1');
    assert.match((await where('Flask')) ?? '', /^src\/flask\/app\.py:\d+$/);
    // A folder with no __init__.py is no package; a module the repo lacks is nothing.
    assert.equal(await where('flask.sansio'), null);
    assert.equal(await where('flask.nothing_here'), null);
    // A name a symbol has keeps meaning the symbol: `flask.helpers.url_for` is the function.
    assert.match((await where('flask.helpers.url_for')) ?? '', /^src\/flask\/helpers\.py:\d+$/);
    assert.notEqual(await where('flask.helpers.url_for'), 'src/flask/helpers.py:1');
  });
});
