// What a watcher skips: dependency and build folders, .git, SCRY_HOME, and
// .gitignore'd paths (nested .gitignore files apply below their folder).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { RepoIgnore } from '../../../daemon/code/watch';
import { tempDir } from '../../helpers';

describe('RepoIgnore', () => {
  const root = tempDir('ignore');
  fs.writeFileSync(path.join(root, '.gitignore'), 'generated/\n*.gen.ts\n!keep.gen.ts\n/top-only.ts\n');
  fs.mkdirSync(path.join(root, 'pkg'), { recursive: true });
  fs.writeFileSync(path.join(root, 'pkg', '.gitignore'), 'local.ts\n');
  const home = path.join(root, '.scry-home');
  const filter = new RepoIgnore(root, [home]);
  const table: Array<[string, boolean | undefined, boolean]> = [
    ['src/a.ts', false, false],
    ['node_modules/x/index.js', false, true],
    ['pkg/node_modules', true, true],
    ['dist/a.js', false, true],
    ['build', undefined, true],
    ['.git/HEAD', false, true],
    ['generated', true, true],
    ['src/generated/a.ts', false, true],
    ['src/a.gen.ts', false, true],
    ['src/keep.gen.ts', false, false],
    ['top-only.ts', false, true],
    ['src/top-only.ts', false, false],
    ['pkg/local.ts', false, true],
    ['local.ts', false, false],
    ['.scry-home/repos/x/index.db', false, true],
    ['src/app.py', false, false],
  ];
  for (const [rel, isDir, ignored] of table) {
    it(`${ignored ? 'ignores' : 'watches'} ${rel}`, () => {
      assert.equal(filter.ignores(path.join(root, rel), isDir), ignored);
    });
  }

  it('reads a changed .gitignore again when told, root and nested alike', () => {
    const repo = tempDir('ignore-reload');
    fs.mkdirSync(path.join(repo, 'pkg'));
    const f = new RepoIgnore(repo);
    assert.equal(f.ignores(path.join(repo, 'late/a.ts'), false), false);
    assert.equal(f.ignores(path.join(repo, 'pkg/b.ts'), false), false);
    fs.writeFileSync(path.join(repo, '.gitignore'), 'late/\n');
    fs.writeFileSync(path.join(repo, 'pkg', '.gitignore'), 'b.ts\n');
    assert.equal(f.ignores(path.join(repo, 'late/a.ts'), false), false, 'the rules read before stand until reloaded');
    f.reload(path.join(repo, '.gitignore'));
    f.reload(path.join(repo, 'pkg', '.gitignore'));
    assert.equal(f.ignores(path.join(repo, 'late/a.ts'), false), true);
    assert.equal(f.ignores(path.join(repo, 'pkg/b.ts'), false), true);
    fs.rmSync(path.join(repo, '.gitignore'));
    f.reload(path.join(repo, '.gitignore'));
    assert.equal(f.ignores(path.join(repo, 'late/a.ts'), false), false, 'a removed .gitignore ignores nothing');
  });

  it('never watches outside the repo, and always watches its root', () => {
    assert.equal(filter.ignores(path.dirname(root), true), true);
    assert.equal(filter.ignores(root, true), false);
  });
});
