import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { countSourceFiles, percentOf } from '../../daemon/code/indexers/estimate';
import { SKIP_DIRS, TS_EXTENSIONS } from '../../daemon/code/indexers/typescript';
import { tempDir } from '../helpers';

describe('progress estimate', () => {
  it('counts source files, skipping dependency, build and hidden folders and .d.ts', () => {
    const dir = tempDir('estimate');
    const files = ['src/a.ts', 'src/b.tsx', 'src/deep/c.js', 'src/types.d.ts', 'node_modules/x/index.js', 'dist/a.js', '.cache/z.ts', 'README.md'];
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
      fs.writeFileSync(path.join(dir, f), '');
    }
    assert.equal(countSourceFiles(dir, TS_EXTENSIONS, SKIP_DIRS), 3);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const cases: Array<[number, number, number | undefined]> = [
    [0, 10, 0],
    [5, 10, 50],
    [10, 10, 99],
    [12, 10, 99],
    [3, 0, undefined],
  ];
  for (const [done, expected, want] of cases) {
    it(`${done} of ${expected} -> ${want}`, () => assert.equal(percentOf(done, expected), want));
  }
});
