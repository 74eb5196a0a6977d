import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { isExcluded, repoForFile, reposForFolders } from '../../extension/workspaceRepos';
import { tempDir } from '../helpers';

describe('workspace folders to repos', () => {
  it('maps folders to their git roots, collapsing folders of one repo (multi-root)', () => {
    const root = tempDir('ws');
    const a = path.join(root, 'a');
    const b = path.join(root, 'b');
    fs.mkdirSync(path.join(a, '.git'), { recursive: true });
    fs.mkdirSync(path.join(a, 'pkg', 'x'), { recursive: true });
    fs.mkdirSync(b, { recursive: true });
    const folders = [
      { name: 'x', fsPath: path.join(a, 'pkg', 'x') },
      { name: 'a', fsPath: a },
      { name: 'b', fsPath: b },
    ];
    assert.deepEqual(reposForFolders(folders), [a, b]);
    assert.deepEqual(reposForFolders(folders, ['b']), [a]);
    assert.deepEqual(reposForFolders(folders, [path.join(a, 'pkg')]), [a, b], 'excluding x still leaves a, which is the same repo');
    fs.rmSync(root, { recursive: true, force: true });
  });

  const exclusions: Array<[string[], boolean]> = [
    [[], false],
    [['web'], true],
    [['/src/web'], true],
    [['/src'], true],
    [['/src/we'], false],
    [['we'], false],
    [['  '], false],
  ];
  for (const [excluded, want] of exclusions) {
    it(`folder 'web' at /src/web with excludedFolders ${JSON.stringify(excluded)} -> ${want ? 'excluded' : 'kept'}`, () => {
      assert.equal(isExcluded({ name: 'web', fsPath: '/src/web' }, excluded), want);
    });
  }

  it('finds the deepest repo holding a file', () => {
    const repos = ['/w', '/w/nested', '/other'];
    assert.equal(repoForFile('/w/nested/src/a.ts', repos), '/w/nested');
    assert.equal(repoForFile('/w/src/a.ts', repos), '/w');
    assert.equal(repoForFile('/wx/a.ts', repos), undefined);
  });
});
