// Finding a new checkout's indexed sibling with real git: worktrees by their
// common dir, clones by their root commit, the same HEAD first, a sibling
// with an index of its own before a seeded one; and the files two checkouts
// differ in, by content.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { differingFiles, findSibling, gitCommonDir, missingDependencies, type Candidate } from '../../daemon/code/seed';
import { sameByGit } from '../../daemon/code/seed/git-same';
import { tempDir } from '../helpers';

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

const candidate = (repo: string, indexedAt: number, seeded = false): Candidate => ({ repo, index: path.join(repo, 'fake-index.db'), indexedAt, seeded });

describe('seed: siblings and differences', () => {
  let main: string;
  let wt: string;
  let wtOld: string;
  let clone: string;
  let other: string;

  before(() => {
    const root = fs.realpathSync(tempDir('seed'));
    main = path.join(root, 'main');
    fs.mkdirSync(path.join(main, 'src'), { recursive: true });
    fs.writeFileSync(path.join(main, 'src/a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(main, 'src/b.ts'), 'export const b = 2;\n');
    git(root, 'init', '-q', main);
    git(main, 'add', '-A');
    git(main, 'commit', '-qm', 'one');
    git(main, 'branch', 'old');
    fs.writeFileSync(path.join(main, 'src/c.ts'), 'export const c = 3;\n');
    git(main, 'add', '-A');
    git(main, 'commit', '-qm', 'two');
    wt = path.join(root, 'wt');
    git(main, 'worktree', 'add', '-q', wt);
    wtOld = path.join(root, 'wt-old');
    git(main, 'worktree', 'add', '-q', wtOld, 'old');
    clone = path.join(root, 'clone');
    git(root, 'clone', '-q', main, clone);
    other = path.join(root, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'x.ts'), 'export {};\n');
    git(root, 'init', '-q', other);
    git(other, 'add', '-A');
    git(other, 'commit', '-qm', 'other');
  });

  it('a worktree shares its main checkout’s common dir; a clone and an unrelated repo do not', () => {
    assert.equal(gitCommonDir(wt), fs.realpathSync(path.join(main, '.git')));
    assert.equal(gitCommonDir(main), gitCommonDir(wt));
    assert.notEqual(gitCommonDir(clone), gitCommonDir(main));
    assert.equal(gitCommonDir(tempDir('not-git')), undefined);
  });

  it('picks the checkout at the same HEAD, one not seeded itself before a seeded one, and clones by their root commit', async () => {
    assert.equal((await findSibling(wt, [candidate(wtOld, 9), candidate(main, 1), candidate(other, 10)]))?.repo, main);
    assert.equal((await findSibling(wt, [candidate(main, 1), candidate(wtOld, 2)]))?.repo, main, 'same HEAD wins over newer');
    assert.equal((await findSibling(clone, [candidate(other, 5), candidate(wt, 9, true), candidate(main, 1)]))?.repo, main, 'own index before seeded');
    assert.equal(await findSibling(other, [candidate(main, 1), candidate(wt, 2)]), undefined);
  });

  it('lists the files two checkouts differ in, by content, dirty ones included', async () => {
    fs.writeFileSync(path.join(wtOld, 'src/a.ts'), 'export const a = 10;\n');
    fs.writeFileSync(path.join(wtOld, 'src/new.ts'), 'export const n = 0;\n');
    const d = await differingFiles(wtOld, main);
    assert.deepEqual(d.changed, ['src/a.ts', 'src/new.ts']);
    assert.deepEqual(d.deleted, ['src/c.ts']);
    assert.deepEqual(await differingFiles(wt, main), { changed: [], deleted: [] });
  });

  it('git vouches for tracked files clean in both and equal between the HEADs, and for nothing it cannot compare', async () => {
    // wt is at main's HEAD; wt-old at the commit before c.ts, with a.ts dirty (the test above).
    assert.deepEqual([...(await sameByGit(wt, main))].sort(), ['src/a.ts', 'src/b.ts', 'src/c.ts']);
    assert.deepEqual([...(await sameByGit(wtOld, main))].sort(), ['src/b.ts']);
    fs.appendFileSync(path.join(main, 'src/b.ts'), '// dirty\n');
    try {
      assert.deepEqual([...(await sameByGit(wt, main))].sort(), ['src/a.ts', 'src/c.ts'], 'a file dirty in the sibling is read, not vouched for');
      assert.deepEqual((await differingFiles(wt, main)).changed, ['src/b.ts']);
    } finally {
      git(main, 'checkout', '--', 'src/b.ts');
    }
    const lonely = fs.realpathSync(tempDir('seed-lonely'));
    git(lonely, 'init', '-q');
    fs.writeFileSync(path.join(lonely, 'a.ts'), 'export const a = 1;\n');
    git(lonely, 'add', '-A');
    git(lonely, 'commit', '-qm', 'unrelated');
    assert.equal((await sameByGit(lonely, main)).size, 0, "a HEAD the checkout's objects lack: git cannot compare");
  });

  it('waits for node_modules only where the sibling has them and the checkout is a package without them', () => {
    fs.writeFileSync(path.join(wt, 'package.json'), '{}');
    assert.equal(missingDependencies(wt, main), undefined, 'the sibling has none either');
    fs.mkdirSync(path.join(main, 'node_modules'));
    assert.match(missingDependencies(wt, main) ?? '', /has no node_modules/);
    fs.mkdirSync(path.join(wt, 'node_modules'));
    assert.equal(missingDependencies(wt, main), undefined);
  });
});
