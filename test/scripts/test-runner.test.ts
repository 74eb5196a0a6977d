// scripts/test.mjs, the suite's runner, run for real on a folder of small test
// files that log when they start and end: the committed seed orders a clean
// checkout, a file that needs both slots is not overtaken by lighter ones,
// two holders of a lock never overlap, and the summary gives the best wall
// those files' times allow. Each case reads the order off the files' own
// logs; only what the runner causes (it starts a file after another closes)
// is asserted, never a duration.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { ROOT, tempDir } from '../helpers';

interface Span {
  file: string;
  start: number;
  end: number;
}

/** A test file that logs its span and stays `ms` long; `marks` go on a line of their own. */
const testFile = (name: string, ms: number, marks = ''): string =>
  [
    ...(marks ? [`// scry-test: ${marks}`] : []),
    `import * as fs from 'node:fs';`,
    `import { it } from 'node:test';`,
    `const start = Date.now();`,
    `it('${name} runs', async () => {`,
    `  await new Promise((r) => setTimeout(r, ${ms}));`,
    `  fs.appendFileSync(process.env.RUNNER_LOG!, JSON.stringify({ file: '${name}', start, end: Date.now() }) + '\\n');`,
    `});`,
    ``,
  ].join('\n');

/** A checkout of the runner alone: its scripts, a seed, and the files; node_modules linked for tsx. */
function checkout(files: Record<string, string>, seed: Record<string, number>): string {
  const dir = tempDir('runner');
  fs.mkdirSync(path.join(dir, 'scripts'));
  for (const f of ['test.mjs', 'test-reporter.mjs']) fs.copyFileSync(path.join(ROOT, 'scripts', f), path.join(dir, 'scripts', f));
  fs.writeFileSync(path.join(dir, 'scripts', 'test-times.json'), JSON.stringify(seed));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.mkdirSync(path.join(dir, 'test'));
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'test', `${name}.test.ts`), text);
  return dir;
}

function run(dir: string): { status: number | null; stdout: string; spans: Map<string, Span> } {
  const log = path.join(dir, 'spans.jsonl');
  const r = spawnSync(process.execPath, ['scripts/test.mjs'], { cwd: dir, env: { ...process.env, SCRY_TEST_JOBS: '2', RUNNER_LOG: log }, encoding: 'utf8' });
  const spans = new Map<string, Span>();
  for (const line of fs.readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
    const s = JSON.parse(line) as Span;
    spans.set(s.file, s);
  }
  return { status: r.status, stdout: r.stdout + r.stderr, spans };
}

const overlap = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

describe('the test runner (scripts/test.mjs) on files of its own', () => {
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a clean checkout orders by the seed; a file needing both slots waits for them and is not overtaken; lock holders never overlap', () => {
    // The seed puts `first` ahead of `heavy` (weight=2): heavy must wait for first to end, and the light files behind it for heavy.
    const dir = checkout(
      {
        first: testFile('first', 1500),
        heavy: testFile('heavy', 800, 'weight=2'),
        light1: testFile('light1', 300),
        light2: testFile('light2', 300),
        locked1: testFile('locked1', 600, 'lock=editor'),
        locked2: testFile('locked2', 600, 'lock=editor'),
      },
      {
        'test/first.test.ts': 9000,
        'test/heavy.test.ts': 8000,
        'test/locked1.test.ts': 3000,
        'test/locked2.test.ts': 2900,
        'test/light1.test.ts': 100,
        'test/light2.test.ts': 90,
      },
    );
    dirs.push(dir);
    const r = run(dir);
    assert.equal(r.status, 0, r.stdout);
    assert.deepEqual([...r.spans.keys()].sort(), ['first', 'heavy', 'light1', 'light2', 'locked1', 'locked2']);
    const s = (n: string): Span => r.spans.get(n)!;
    assert.ok(s('heavy').start >= s('first').end, 'heavy starts once first has ended');
    for (const other of ['first', 'light1', 'light2', 'locked1', 'locked2'])
      assert.ok(!overlap(s('heavy'), s(other)), `heavy runs beside nothing, ${other} included`);
    for (const light of ['light1', 'light2', 'locked1', 'locked2'])
      assert.ok(s(light).start >= s('heavy').end, `${light} waits behind heavy, ahead of it in the seed`);
    assert.ok(!overlap(s('locked1'), s('locked2')), 'the two holders of lock=editor never overlap');
    // The run's own times now come before the seed's.
    const times = JSON.parse(fs.readFileSync(path.join(dir, '.scry-test', 'times.json'), 'utf8')) as Record<string, number>;
    assert.ok(times['test/first.test.ts']! < 9000 && times['test/first.test.ts']! > 0, JSON.stringify(times));
  });

  it("a file no run has timed is placed by its size, at the timed files' median time per byte, not ahead of all", () => {
    // Each runs alone (weight=2), so their start order is the plan's.
    const files = {
      t1: testFile('t1', 100, 'weight=2'),
      t2long: testFile('t2long', 100, 'weight=2'),
      t3: testFile('t3', 100, 'weight=2'),
      n: testFile('n', 100, 'weight=2'),
    };
    const len = (name: keyof typeof files): number => files[name].length;
    // Per byte: t1 30 ms, t2long 20 ms (the median), t3 0.01 ms; n is shorter than t2long, so its guess falls between t2long and t3.
    assert.ok(len('n') < len('t2long'));
    const dir = checkout(files, {
      'test/t1.test.ts': 30 * len('t1'),
      'test/t2long.test.ts': 20 * len('t2long'),
      'test/t3.test.ts': Math.ceil(0.01 * len('t3')),
    });
    dirs.push(dir);
    const r = run(dir);
    assert.equal(r.status, 0, r.stdout);
    const order = [...r.spans.values()].sort((a, b) => a.start - b.start).map((s) => s.file);
    assert.deepEqual(order, ['t1', 't2long', 'n', 't3']);
  });

  it('the summary says the best wall the files allow: their weighted sum over the slots, or the longest, and the wall against it', () => {
    const dir = checkout({ a: testFile('a', 400), b: testFile('b', 400), c: testFile('c', 400, 'weight=2') }, {});
    dirs.push(dir);
    const r = run(dir);
    assert.equal(r.status, 0, r.stdout);
    const per = new Map([...r.stdout.matchAll(/^── ✔ test\/(\w+)\.test\.ts \(([\d.]+) s\)/gm)].map((m) => [m[1]!, Number(m[2])]));
    assert.deepEqual([...per.keys()].sort(), ['a', 'b', 'c']);
    const m = /^at best ([\d.]+) s with these times .*: the wall is ([\d.]+)× that$/m.exec(r.stdout);
    assert.ok(m, r.stdout.split('══ summary')[1]);
    const want = Math.max((per.get('a')! + per.get('b')! + 2 * per.get('c')!) / 2, ...per.values());
    // The printed figures are rounded to a tenth: within the rounding of four of them.
    assert.ok(Math.abs(Number(m[1]) - want) <= 0.25, `${m[1]} s printed, ${want.toFixed(2)} s from the files' printed times`);
    const wall = Number(/^wall ([\d.]+) s/m.exec(r.stdout)![1]);
    assert.ok(wall >= Number(m[1]) - 0.25, `the wall ${wall} s is not below the bound ${m[1]} s`);
  });
});
