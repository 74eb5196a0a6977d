// A newcomer's first minutes, exactly as a terminal shows them: the real CLI
// through a pseudo-terminal (util-linux `script`), on a fresh git checkout of
// a small real package nobody here wrote (test/fixtures/eventsource-parser).
// The screen is rendered the way a terminal draws it (a `\r` and `ESC[2K`
// redraw the line in place) and compared with a golden file; run with
// SCRY_UPDATE_GOLDEN=1 to rewrite it, then review the diff.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CLI, ROOT, stopDaemon, tempDir } from '../helpers';

const GOLDEN = path.join(ROOT, 'test', 'fixtures', 'first-hour.golden.txt');
const hasScript = spawnSync('script', ['--version']).status === 0;

interface Screen {
  raw: string;
  code: number | null;
}

/** Runs `scry ARGS` on a pseudo-terminal (stdout and stderr both the terminal, as a person has them). */
function onTerminal(args: string, cwd: string, home: string): Screen {
  const r = spawnSync('script', ['-qefc', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} ${args}`, '/dev/null'], {
    cwd,
    // The transcript shows the precise first answer: a never-seen repo's quicker syntactic one (which of
    // glance and first index comes first varies run to run) is tested in test/live/first-index.test.ts.
    env: { ...process.env, SCRY_HOME: home, COLUMNS: '120', LINES: '40', TERM: 'xterm', SCRY_FIRST_INDEX: '0' },
    encoding: 'utf8',
  });
  return { raw: r.stdout, code: r.status };
}

/** What the terminal shows: each line as drawn last (a carriage return starts it over, ESC[2K clears it). */
export function render(raw: string): string {
  return raw
    .replace(/\r\n/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .split('\r')
        .pop()!
        .replace(/\x1b\[2K/g, ''),
    )
    .join('\n');
}

/** Figures that differ from run to run: times, dates, the temp folder. */
const steady = (text: string, repo: string): string =>
  text
    .split(repo)
    .join('<repo>')
    .replace(/\d+(\.\d+)? ms\b/g, 'N ms')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<time>');

describe('the first hour, on a terminal', { skip: hasScript ? false : 'util-linux `script` is not installed (apt: bsdutils)' }, () => {
  let repo: string;
  let home: string;
  before(() => {
    home = tempDir('firsthour-home');
    repo = fs.realpathSync(tempDir('firsthour-repo'));
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'eventsource-parser'), repo, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: repo });
  });
  after(() => stopDaemon(home));

  it('reads as the golden transcript, with the exit codes a shell expects', () => {
    const steps: Array<[string, number]> = [
      ['refs createParser', 0], // the first query in a fresh repo: it indexes first, with progress
      ['--help', 0],
      ['refs createParsr', 1], // no such symbol: exit 1, as grep when nothing matched, with the next query to try
      ['defs zzzqqq', 1],
      ['refs createParser --limt 2', 2], // a bad flag
      ['refs', 2],
      ['search parse --kind fucntion', 1], // a kind no index has
      ['search Parse', 0],
    ];
    const transcript: string[] = [];
    for (const [args, code] of steps) {
      const s = onTerminal(args, repo, home);
      const screen = render(s.raw);
      assert.equal(s.code, code, `scry ${args} exits ${code}:\n${screen}`);
      assert.ok(!/\n\n$/.test(screen), `scry ${args} ends without a stray blank line:\n${JSON.stringify(s.raw.slice(-80))}`);
      transcript.push(`$ scry ${args}`, screen.replace(/\n$/, ''), `[exit ${s.code}]`, '');
    }
    const first = render(onTerminal('refs createParser', repo, home).raw);
    assert.match(first, /^createParser {2}function {2}src\/parse\.ts:27\n/, 'a warm query prints the answer alone, its header naming the definition');
    const actual = steady(transcript.join('\n'), repo);
    if (process.env.SCRY_UPDATE_GOLDEN === '1') fs.writeFileSync(GOLDEN, actual);
    assert.equal(actual, fs.readFileSync(GOLDEN, 'utf8'));
  });

  it('ends the progress line before the answer starts', async () => {
    const cold = tempDir('firsthour-cold');
    try {
      const r = onTerminal('refs ParseError --repo .', repo, cold);
      // A cold home indexes again: the last progress line ends with a newline of its own before the answer.
      assert.match(r.raw, /scry: done: indexed \d+ files, \d+ symbols\r?\nParseError {2}class/);
    } finally {
      await stopDaemon(cold);
    }
  });
});
