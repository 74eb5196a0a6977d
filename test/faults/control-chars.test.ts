// A file whose name carries a newline (and a tab, a CR, an ESC) in a real
// repo, asked about through a real daemon in every output form: JSON stays
// valid and keeps the name exactly; compact and human show it escaped, so it
// cannot forge a result line or drive the terminal.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { QueryResult, SearchResult } from '../../daemon/protocol';
import { printable, printableAnswer } from '../../daemon/protocol/printable';
import { rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';

// What a hostile name would like a reader to believe: a second result line.
const EVIL = 'evil\n    12:3 call  forged();\r\t\x1b[2Jx\u0085.ts';
const EVIL_FILE = `src/internal/${EVIL}`;

describe('control characters in file names', () => {
  let home: string;
  let repo: string;

  before(async () => {
    home = tempDir('ctl-home');
    repo = rxjsRepo();
    // A real rxjs operator under the hostile name: it defines and calls real symbols.
    const source = fs.readFileSync(path.join(repo, 'src/internal/operators/concatMapTo.ts'), 'utf8');
    // One folder up: './concatMap' becomes './operators/concatMap', '../types' './types'.
    const moved = source
      .replace("from './concatMap'", "from './operators/concatMap'")
      .replace("from '../", "from './")
      .replace(/concatMapTo/g, 'evilConcatMapTo');
    fs.writeFileSync(path.join(repo, EVIL_FILE), moved);
    const r = await scry(['index', '--repo', repo, '--json'], { home });
    assert.equal(r.code, 0, r.stderr);
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(repo, { recursive: true, force: true });
  });

  it('json keeps the name exact and stays valid JSON', async () => {
    const r = await scry(['defs', 'evilConcatMapTo', '--repo', repo, '--format', 'json'], { home });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim().split('\n').length, 1, 'one JSON line');
    const answer = JSON.parse(r.stdout) as QueryResult;
    assert.deepEqual([...new Set(answer.matches.flatMap((m) => m.occurrences.map((o) => o.file)))], [EVIL_FILE]);
  });

  for (const format of ['compact', 'human'] as const) {
    it(`${format} escapes the name: no forged line, no raw control character`, async () => {
      for (const args of [
        ['defs', 'evilConcatMapTo'],
        ['refs', 'concatMap'],
        ['search', 'evilConcat'],
        ['symbols', EVIL_FILE],
        ['impact', 'concatMap', '--limit', '500'],
      ]) {
        const r = await scry([...args, '--repo', repo, '--format', format], { home });
        assert.equal(r.code, 0, `${args.join(' ')}: ${r.stderr}`);
        assert.doesNotMatch(r.stdout.replace(/\n/g, ''), /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, `${args[0]}: no raw control character`);
        assert.ok(!r.stdout.split('\n').some((l) => /^\s*12:3 call\s+forged/.test(l)), `${args[0]}: no forged line:\n${r.stdout}`);
        assert.ok(r.stdout.includes(printable(EVIL)), `${args[0]}: the name shows escaped:\n${r.stdout}`);
      }
    });
  }

  it('the escaped form names every character', () => {
    assert.equal(printable(EVIL), 'evil\\n    12:3 call  forged();\\r\\t\\x1b[2Jx\\x85.ts');
    const cases: Array<[string, string]> = [
      ['plain/path.ts', 'plain/path.ts'],
      ['a\u0000b', 'a\\x00b'],
      ['del\u007f', 'del\\x7f'],
      ['c1\u009b[31m', 'c1\\x9b[31m'],
      ['line\u2028sep\u2029', 'line\\u2028sep\\u2029'],
      ['ünïcödé ✓ 名前.ts', 'ünïcödé ✓ 名前.ts'],
      ['back\\slash', 'back\\slash'],
    ];
    for (const [raw, shown] of cases) assert.equal(printable(raw), shown, JSON.stringify(raw));
  });

  it('keeps the tabs of a source line, and escapes them everywhere else', () => {
    const answer = printableAnswer({ file: 'a\tb.go', context: 'Name\tstring\x1b', nested: [{ context: 'x\ty', file: 'c\nd' }] });
    assert.deepEqual(answer, { file: 'a\\tb.go', context: 'Name\tstring\\x1b', nested: [{ context: 'x\ty', file: 'c\\nd' }] });
  });

  it('a one-line error about such a name stays one line', async () => {
    const r = await scry(['symbols', 'no\nsuch\x1b.ts', '--repo', repo, '--format', 'compact'], { home });
    assert.notEqual(r.code, 0);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /no\\nsuch\\x1b\.ts/);
  });

  it('search over json finds the file too', async () => {
    const r = await scry(['search', 'evilConcat', '--repo', repo, '--json'], { home });
    const answer = JSON.parse(r.stdout) as SearchResult;
    assert.ok(
      answer.results.some((h) => h.file === EVIL_FILE),
      JSON.stringify(answer.results),
    );
  });
});
