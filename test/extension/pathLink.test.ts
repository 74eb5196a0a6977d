// The link behind "Install 'scry' Command in PATH", on a real temp home: where
// it goes, which links count as this extension's, and that replacing one
// leaves no moment without a link.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { inspectLink, linkDirs, linkPlace, removeLink, tildify, writeLink } from '../../extension/pathLink';
import { CLI, tempDir } from '../helpers';

const ID = 'scry-dev.scry';

describe('pathLink', () => {
  it('picks ~/.local/bin or ~/bin, whichever is on PATH, else ~/.local/bin and says it is not on PATH', () => {
    const home = '/home/u';
    const cases: Array<[string, string, boolean]> = [
      ['/usr/bin:/home/u/.local/bin:/bin', '/home/u/.local/bin', true],
      ['/usr/bin:/home/u/bin', '/home/u/bin', true],
      ['/home/u/bin:/home/u/.local/bin/', '/home/u/.local/bin', true],
      ['/usr/local/bin:/usr/bin', '/home/u/.local/bin', false],
      ['', '/home/u/.local/bin', false],
    ];
    for (const [pathVar, dir, onPath] of cases) assert.deepEqual(linkPlace(pathVar, home), { dir, link: path.join(dir, 'scry'), onPath }, pathVar);
    assert.deepEqual(linkDirs(home), ['/home/u/.local/bin', '/home/u/bin']);
    assert.equal(tildify('/home/u/.local/bin/scry', home), '~/.local/bin/scry');
    assert.equal(tildify('/home/used/x', home), '/home/used/x');
  });

  it("tells this version's link, another version's, and anything else apart", () => {
    const root = tempDir('pathlink');
    const ext = (v: string): string => path.join(root, 'extensions', `${ID}-${v}`, 'bin', 'scry');
    const current = ext('0.2.0');
    const link = path.join(root, 'bin', 'scry');
    fs.mkdirSync(path.dirname(link), { recursive: true });
    assert.deepEqual(inspectLink(link, current, ID), { kind: 'absent' });
    fs.symlinkSync(current, link);
    assert.deepEqual(inspectLink(link, current, ID), { kind: 'ours', target: current, current: true });
    fs.rmSync(link);
    // An older version's folder may be gone already: the link is still ours to re-point or remove.
    fs.symlinkSync(ext('0.1.0'), link);
    assert.deepEqual(inspectLink(link, current, ID), { kind: 'ours', target: ext('0.1.0'), current: false });
    fs.rmSync(link);
    // npm -g with prefix ~/.local links its own scry there: not ours.
    fs.symlinkSync('../lib/node_modules/scry/bin/scry', link);
    assert.deepEqual(inspectLink(link, current, ID), { kind: 'other', what: `a link to ${path.join(root, 'lib/node_modules/scry/bin/scry')}` });
    fs.rmSync(link);
    fs.symlinkSync(path.join(root, 'extensions', 'someone.scry-1.0.0', 'bin', 'scry'), link);
    assert.equal(inspectLink(link, current, ID).kind, 'other');
    fs.rmSync(link);
    fs.writeFileSync(link, '#!/bin/sh\n');
    assert.deepEqual(inspectLink(link, current, ID), { kind: 'other', what: 'a file' });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('writes a link a plain shell runs (creating the folder), replaces one in place, and removes it', () => {
    const home = tempDir('pathlink-home');
    const place = linkPlace('/usr/bin', home);
    writeLink(place, CLI);
    const run = spawnSync('sh', ['-c', 'scry --version'], { env: { PATH: `${place.dir}:${path.dirname(process.execPath)}:/usr/bin:/bin` }, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^scry \d+\.\d+\.\d+/);
    writeLink(place, '/elsewhere/bin/scry');
    assert.equal(fs.readlinkSync(place.link), '/elsewhere/bin/scry');
    assert.deepEqual(fs.readdirSync(place.dir), ['scry'], 'no temporary link left behind');
    removeLink(place.link);
    assert.equal(inspectLink(place.link, CLI, ID).kind, 'absent');
    fs.rmSync(home, { recursive: true, force: true });
  });
});
