// Which folders may become a repo: a table of real paths on this machine (/,
// system folders, a fake home, its parent, a git repo, a plain folder) against
// the policy, and how an admission is recorded and read back at start.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { NotARepoError, UnsafeRootError } from '../../../daemon/errors';
import { admit, recordedKind, refusalOf, whyNotRestored } from '../../../daemon/code/roots';
import { tempDir } from '../../helpers';

const root = fs.realpathSync(tempDir('roots'));
const home = path.join(root, 'users', 'me');
const gitRepo = path.join(root, 'work', 'app');
const plain = path.join(root, 'work', 'notes');
for (const d of [home, gitRepo, path.join(gitRepo, 'src'), plain]) fs.mkdirSync(d, { recursive: true });
spawnSync('git', ['init', '-q'], { cwd: gitRepo });
const dirOf = (name: string): string => path.join(root, 'scry-home', 'repos', name);

describe('refusalOf', () => {
  const cases: Array<[string, RegExp | undefined, boolean]> = [
    ['/', /^'\/' is the filesystem root/, false],
    ['/etc', /^'\/etc' is a system folder/, false],
    ['/usr', /^'\/usr' is a system folder/, false],
    ['/var', /^'\/var' is a system folder/, false],
    ['/proc/self', /^'\/proc\/self' is inside \/proc, a kernel pseudo-filesystem/, false],
    ['/sys/kernel', /inside \/sys/, false],
    [home, /is your home folder; Scry indexes it only when forced/, true],
    [path.dirname(home), /holds your home folder/, true],
    [gitRepo, undefined, false],
    [plain, undefined, false],
    ['/usr/share/doc', undefined, false],
  ];
  for (const [p, reason, forceable] of cases) {
    it(`${p}: ${reason ? (forceable ? 'refused unless forced' : 'refused') : 'allowed by the policy'}`, () => {
      const r = refusalOf(p, home);
      if (!reason) return assert.equal(r, undefined);
      assert.ok(r, `${p} is refused`);
      assert.match(r.reason, reason);
      assert.ok(r.reason.includes(`'${p === '/proc/self' ? p : path.resolve(p)}'`), 'the reason names the path');
      assert.equal(r.forceable, forceable);
    });
  }
});

describe('admit', () => {
  it('admits a git root asked about implicitly, and records nothing', () => {
    assert.equal(admit(gitRepo, dirOf('git'), { explicit: false, force: false }, home), 'git');
    assert.equal(recordedKind(dirOf('git')), undefined);
  });

  it('refuses a folder inside a git repo, naming the repository it belongs to', () => {
    const src = path.join(gitRepo, 'src');
    assert.throws(
      () => admit(src, dirOf('src'), { explicit: false, force: false }, home),
      (e: unknown) => e instanceof NotARepoError && e.message.includes(`inside the git repository '${gitRepo}'`),
    );
  });

  it('refuses a plain folder asked about implicitly, saying how to index it deliberately', () => {
    assert.throws(
      () => admit(plain, dirOf('plain'), { explicit: false, force: false }, home),
      (e: unknown) =>
        e instanceof NotARepoError &&
        e.message === `'${plain}' is not a git repository, so Scry does not index it implicitly` &&
        e.remedy === `To index this folder deliberately, run scry index ${plain}`,
    );
    assert.equal(recordedKind(dirOf('plain')), undefined, 'a refusal records nothing');
  });

  it('admits a plain folder indexed explicitly, and from then on implicitly too', () => {
    assert.equal(admit(plain, dirOf('plain'), { explicit: true, force: false }, home), 'explicit');
    assert.equal(recordedKind(dirOf('plain')), 'explicit');
    assert.equal(admit(plain, dirOf('plain'), { explicit: false, force: false }, home), 'explicit');
    assert.equal(whyNotRestored(plain, dirOf('plain'), home), undefined);
  });

  it('refuses the home folder unless explicitly forced, then keeps it', () => {
    for (const request of [
      { explicit: false, force: false },
      { explicit: true, force: false },
      { explicit: false, force: true },
    ]) {
      assert.throws(
        () => admit(home, dirOf('home'), request, home),
        (e: unknown) => e instanceof UnsafeRootError && e.message.startsWith(`'${home}' is your home folder`),
        JSON.stringify(request),
      );
    }
    assert.match(whyNotRestored(home, dirOf('home'), home)!, /your home folder/);
    assert.equal(admit(home, dirOf('home'), { explicit: true, force: true }, home), 'forced');
    assert.equal(admit(home, dirOf('home'), { explicit: false, force: false }, home), 'forced');
    assert.equal(whyNotRestored(home, dirOf('home'), home), undefined);
  });

  it('refuses / and system folders even explicitly forced', () => {
    for (const p of ['/', '/etc', '/usr']) {
      assert.throws(
        () => admit(p, dirOf('sys'), { explicit: true, force: true }, home),
        (e: unknown) => e instanceof UnsafeRootError && e.message.includes(`'${p}'`),
      );
      assert.ok(whyNotRestored(p, dirOf('sys'), home));
    }
  });

  it('refuses a folder above git repos unless forced, naming them and the way to index each', () => {
    const work = path.join(root, 'work');
    assert.throws(
      () => admit(work, dirOf('work'), { explicit: true, force: false }, home),
      (e: unknown) =>
        e instanceof UnsafeRootError &&
        e.message === `'${work}' holds git repositories (app) and is none itself; Scry indexes it only when forced (scry index ${work} --force)` &&
        e.remedy === `Or index each repository: scry index ${gitRepo}`,
    );
    assert.equal(admit(work, dirOf('work'), { explicit: true, force: true }, home), 'forced');
  });

  it('does not restore a plain folder that was never indexed deliberately (an index from before the policy)', () => {
    const other = path.join(root, 'work', 'old');
    fs.mkdirSync(other, { recursive: true });
    assert.match(whyNotRestored(other, dirOf('old'), home)!, /is not a git repository and was never indexed deliberately/);
  });
});
