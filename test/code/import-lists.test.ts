// A name inside an import or export list that spreads over several lines is
// imported, though its own line (`  AnySchema,`) says nothing of it: on
// ajv's real sources (lib/2019.ts re-exports its types in an
// `export { … } from "./types"` list of 40 lines) and as a unit.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { importListLines, USE, useAt } from '../../daemon/code/store/uses';
import type { QueryResult } from '../../daemon/protocol';
import { ajvRepo, scryJson, stopDaemon, tempDir } from '../helpers';

describe('import lists over several lines', () => {
  it('marks the lines inside a list, up to its closing line, and no others', () => {
    const lines = [
      'import {',
      '  Name,',
      '  _,',
      '} from "./codegen"',
      'const x: Name = _',
      'from .compat import (',
      '    urlparse,',
      ')',
      'import { a } from "b"',
      'f(Name)',
    ];
    assert.deepEqual(
      [...importListLines(lines)].sort((a, b) => a - b),
      [1, 2, 3, 6, 7],
    );
    assert.equal(useAt('  Name,', 2, 6, 0, false, true), USE.import);
    assert.equal(useAt('const x: Name = _', 9, 13, 0, false, false), USE.type, 'outside the list the line decides');
  });

  describe('on ajv', () => {
    let repo: string;
    let home: string;
    before(async () => {
      repo = ajvRepo();
      home = tempDir('import-lists-home');
      await scryJson(['index', repo], { home });
    });
    after(() => stopDaemon(home));

    it('reads each name of a multi-line re-export list as an import', async () => {
      const source = fs.readFileSync(path.join(repo, 'lib/2019.ts'), 'utf8').split('\n');
      const line = source.findIndex((l, i) => l.trim() === 'AnySchema,' && importListLines(source).has(i));
      assert.notEqual(line, -1, 'lib/2019.ts lists AnySchema inside a multi-line export list');
      const r = await scryJson<QueryResult>(['refs', 'AnySchema', '--repo', repo, '--json'], { home });
      const site = r.matches.flatMap((m) => m.occurrences).find((o) => o.file === 'lib/2019.ts' && o.line === line + 1);
      assert.ok(site, `refs AnySchema lists lib/2019.ts:${line + 1}`);
      assert.equal(site.use, 'import');
    });
  });
});
