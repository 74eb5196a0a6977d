// Where a line of a file at a commit is now (daemon/git/line-map.ts, and daemon/code/anchors/git-since.ts reading the diffs),
// read from a real git repo: every line of the old text is placed, and a line
// said to be `exact` must hold the same text now, while one said to be
// `between` must have been edited or deleted, with its unchanged neighbours
// at the two lines given.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { GitSince } from '../../../daemon/code/anchors/git-since';
import { mapExtentBack, mapLine, parseHunks } from '../../../daemon/git';
import { tempDir } from '../../helpers';

const since = new GitSince();

function git(repo: string, args: string[]): string {
  const r = spawnSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

const OLD = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`);
/** Two lines added at the top, 10-12 edited into one, 20-21 deleted, three added after 30, the last one edited. */
const NOW = [
  'new a',
  'new b',
  ...OLD.slice(0, 9),
  'edited 10-12',
  ...OLD.slice(12, 19),
  ...OLD.slice(21, 30),
  'added x',
  'added y',
  'added z',
  ...OLD.slice(30, 39),
  'edited 40',
];

describe('line map: a line of the session commit, placed in the working tree now', () => {
  it('places every line of a real file against git diff: exact lines hold their text, edited ones sit between their unchanged neighbours', async () => {
    const repo = tempDir('line-map');
    fs.writeFileSync(path.join(repo, 'f.ts'), OLD.join('\n') + '\n');
    git(repo, ['init', '-q']);
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'old']);
    const commit = git(repo, ['rev-parse', 'HEAD']);
    fs.writeFileSync(path.join(repo, 'f.ts'), NOW.join('\n') + '\n');
    const edited = new Set([10, 11, 12, 20, 21, 40]);
    assert.equal(since.lineNow(repo, commit, 'f.ts', 1), undefined, 'nothing is read from git on the spot: the diff is read ahead');
    await since.loadSince(repo, commit, ['f.ts']);
    for (let line = 1; line <= OLD.length; line++) {
      const at = since.lineNow(repo, commit, 'f.ts', line);
      assert.ok(at, `line ${line}`);
      if ('exact' in at) {
        assert.ok(!edited.has(line), `line ${line} was edited, but placed exactly at ${at.exact}`);
        assert.equal(NOW[at.exact - 1], OLD[line - 1], `line ${line} -> ${at.exact}`);
      } else {
        assert.ok(edited.has(line), `line ${line} is unchanged, but placed between ${at.between.join('..')}`);
        const [before, after] = at.between;
        // The neighbours: the last unchanged line above the edit and the first below it, where they are now.
        const above = OLD.slice(0, line - 1)
          .reverse()
          .find((_, k) => !edited.has(line - 1 - k));
        assert.equal(NOW[before - 1], above, `above line ${line}`);
        if (after <= NOW.length)
          assert.equal(
            NOW[after - 1],
            OLD.find((_, k) => k + 1 > line && !edited.has(k + 1)),
            `below line ${line}`,
          );
      }
    }
  });

  it('says nothing it cannot know: an unknown commit, a file the commit did not have, no git', async () => {
    const repo = tempDir('line-map-none');
    fs.writeFileSync(path.join(repo, 'a.ts'), 'a\n');
    await since.loadSince(repo, 'abcdef1', ['a.ts']);
    assert.equal(since.lineNow(repo, 'abcdef1', 'a.ts', 1), undefined, 'no git');
    git(repo, ['init', '-q']);
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'a']);
    const commit = git(repo, ['rev-parse', 'HEAD']);
    fs.writeFileSync(path.join(repo, 'b.ts'), 'b\n');
    await since.loadSince(repo, commit, ['a.ts', 'b.ts']);
    await since.loadSince(repo, '0123456789abcdef0123456789abcdef01234567', ['a.ts']);
    await since.loadSince(repo, '--output=x', ['a.ts']);
    assert.equal(since.lineNow(repo, commit, 'b.ts', 1), undefined, 'not in the commit');
    assert.equal(since.lineNow(repo, '0123456789abcdef0123456789abcdef01234567', 'a.ts', 1), undefined, 'unknown commit');
    assert.equal(since.lineNow(repo, '--output=x', 'a.ts', 1), undefined, 'not a commit id');
    assert.deepEqual(since.lineNow(repo, commit, 'a.ts', 1), { exact: 1 }, 'unchanged');
  });

  it('reads git hunk headers with and without counts', () => {
    const hunks = parseHunks('diff --git a/f b/f\n@@ -3 +3 @@\n-x\n+y\n@@ -10,0 +11,2 @@\n+a\n+b\n');
    assert.deepEqual(hunks, [
      { oldStart: 3, oldCount: 1, newStart: 3, newCount: 1 },
      { oldStart: 10, oldCount: 0, newStart: 11, newCount: 2 },
    ]);
    assert.deepEqual(mapLine(hunks, 3), { between: [2, 4] });
    assert.deepEqual(mapLine(hunks, 10), { exact: 10 });
    assert.deepEqual(mapLine(hunks, 11), { exact: 13 });
  });

  it('reads the diff again when the working file changes after it was read (never places a line by an old diff)', async () => {
    const repo = tempDir('line-map-stale');
    fs.writeFileSync(path.join(repo, 'f.ts'), OLD.join('\n') + '\n');
    git(repo, ['init', '-q']);
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'old']);
    const commit = git(repo, ['rev-parse', 'HEAD']);
    await since.loadSince(repo, commit, ['f.ts']);
    assert.deepEqual(since.lineNow(repo, commit, 'f.ts', 5), { exact: 5 });
    // Three lines written at the top later: the line the session saw is three lines down now.
    fs.writeFileSync(path.join(repo, 'f.ts'), ['x', 'y', 'z', ...OLD].join('\n') + '\n');
    assert.equal(since.lineNow(repo, commit, 'f.ts', 5), undefined, 'the diff read before the edit is not used');
    await since.loadSince(repo, commit, ['f.ts']);
    assert.deepEqual(since.lineNow(repo, commit, 'f.ts', 5), { exact: 8 });
    assert.equal(since.sinceOf(repo, commit, 'f.ts')?.old[4], 'line 5', 'the text at the commit');
  });

  it('reads git off the event loop: timers keep firing while a slow git answers', async () => {
    const repo = tempDir('line-map-async');
    fs.writeFileSync(path.join(repo, 'f.ts'), OLD.join('\n') + '\n');
    git(repo, ['init', '-q']);
    git(repo, ['add', '.']);
    git(repo, ['commit', '-q', '-m', 'old']);
    const commit = git(repo, ['rev-parse', 'HEAD']);
    fs.writeFileSync(path.join(repo, 'f.ts'), ['x', ...OLD].join('\n') + '\n');
    // The real git, answering after 0.4 s: a synchronous call would hold every timer until it returns.
    const bin = tempDir('slow-git');
    const real = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\nsleep 0.4\nexec ${real} "$@"\n`, { mode: 0o755 });
    const saved = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${saved ?? ''}`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    try {
      await since.loadSince(repo, commit, ['f.ts']);
    } finally {
      clearInterval(timer);
      process.env.PATH = saved;
    }
    assert.deepEqual(since.lineNow(repo, commit, 'f.ts', 1), { exact: 2 });
    // Two git calls of 0.4 s each: a blocked loop would count none.
    assert.ok(ticks >= 10, `the event loop ran ${ticks} timer ticks while git answered`);
  });

  it("maps a definition's lines now back to the commit: untouched, edited inside, or all written since", () => {
    // Old: 10 lines. Now: 2 added at the top; old 5-6 edited into one line (now 7); 3 lines added after old 9 (now 11-13).
    const hunks = parseHunks('@@ -0,0 +1,2 @@\n@@ -5,2 +7 @@\n@@ -9,0 +11,3 @@\n');
    assert.deepEqual(mapExtentBack(hunks, 3, 5), { from: 1, to: 3, touched: false, added: false }, 'above the edit: two lines up');
    assert.deepEqual(mapExtentBack(hunks, 6, 8), { from: 4, to: 7, touched: true, added: false }, 'around the edit: its old lines');
    assert.deepEqual(mapExtentBack(hunks, 11, 13), { from: 10, to: 10, touched: true, added: true }, 'all written since');
    assert.deepEqual(mapExtentBack(hunks, 14, 14), { from: 10, to: 10, touched: false, added: false }, 'below everything');
  });
});
