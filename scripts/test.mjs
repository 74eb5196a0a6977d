// Runs every test/**/*.test.ts, each file in its own Node process (node:test
// through tsx), several files at once. Extra arguments filter test files by
// substring. Each file's output is printed whole when it finishes; the summary
// (counts, skip reasons, failures, wall time, slowest files) comes last, and
// the exit code is 1 if any file failed.
//
//   SCRY_TEST_JOBS=N   files at once (default: os.availableParallelism())
//
// Isolation rules, so that files can run side by side (new tests follow them):
// - every daemon gets its own SCRY_HOME (tests/helpers.ts tempDir); never the
//   default ~/.scry, whose socket every file would share;
// - servers listen on port 0, never a fixed port;
// - temp files go under os.tmpdir() through mkdtemp (the runner gives each file
//   its own TMPDIR and removes it after), never a fixed /tmp path;
// - HOME is changed only in a child's env, never in the runner's or another file's;
// - something slow that several files need the same is built once per run into
//   $SCRY_TEST_RUN_DIR under a lock (test/e2e/harness.ts packagedVsix);
// - nothing writes into the checkout (dist/, out/, node_modules, test/fixtures)
//   unless the file is marked `serial`.
// A file states what the pool must know in a comment line of its own:
//   // scry-test: serial     runs alone after the pool (it rebuilds dist/ or out/,
//                           or needs the whole machine)
//   // scry-test: weight=2   counts as 2 of the N slots (runs real indexers on
//                           big code, several CPU-bound children at once)
//   // scry-test: lock=NAME  never runs beside another file holding NAME (both
//                           write the same place, or both need most of the
//                           machine: lock=editor, code-server and Chromium)
// Marks combine on one line: `// scry-test: weight=2 lock=editor`.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join, relative } from 'node:path';

const filters = process.argv.slice(2);
const files = [];
const walk = (dir) => {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'fixtures' && e.name !== 'bench') walk(p);
    } else if (e.name.endsWith('.test.ts')) files.push(relative(process.cwd(), p));
  }
};
walk('test');
const selected = files.filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();

const jobsEnv = process.env.SCRY_TEST_JOBS;
const jobs = jobsEnv ? Number(jobsEnv) : os.availableParallelism();
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error(`SCRY_TEST_JOBS=${jobsEnv}: expected a whole number of files to run at once, 1 or more`);
  process.exit(2);
}

// Last run's wall time per file: the longest start first, so the pool does not end on one long file.
// A clean checkout (CI) has no last run: it orders by the committed times of a whole run
// (scripts/test-times.json; refresh it from .scry-test/times.json after a whole run).
const TIMES = join('.scry-test', 'times.json');
const SEED = new URL('./test-times.json', import.meta.url);
const readTimes = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
};
const lastTimes = { ...readTimes(SEED), ...readTimes(TIMES) };
const texts = new Map(selected.map((file) => [file, fs.readFileSync(file, 'utf8')]));
// A file no run has timed yet (a new one) is guessed from its size, at the median time per byte of
// the timed ones; with none timed, the longest text goes first.
const perByte = [...texts]
  .filter(([f]) => lastTimes[f] > 0)
  .map(([f, t]) => lastTimes[f] / t.length)
  .sort((a, b) => a - b);
const msPerByte = perByte.length > 0 ? perByte[Math.floor(perByte.length / 2)] : 1;
const plan = selected.map((file) => {
  const text = texts.get(file);
  const marks = [...text.matchAll(/^\/\/ scry-test: (.+)$/gm)].flatMap((m) => m[1].trim().split(/\s+/));
  const w = marks.find((m) => m.startsWith('weight='));
  const weight = Math.min(jobs, Math.max(1, w ? Number(w.slice(7)) || 1 : 1));
  const expect = lastTimes[file] ?? text.length * msPerByte;
  const locks = marks.filter((m) => m.startsWith('lock=')).map((m) => m.slice(5));
  return { file, serial: marks.includes('serial'), weight, locks, expect };
});
const byExpect = (a, b) => b.expect - a.expect;
const pooled = plan.filter((p) => !p.serial).sort(byExpect);
const alone = plan.filter((p) => p.serial).sort(byExpect);

const counts = { pooled: pooled.length, alone: alone.length };
const runRoot = fs.mkdtempSync(join(os.tmpdir(), 'scry-run-'));
const reporter = new URL('./test-reporter.mjs', import.meta.url).href;
// A daemon's memory sweep reads ~/.claude and ~/.codex; tests name their sources instead.
// Downloaded third-party sources outlive a run (test/code/syntactic/sources.ts locks it).
// SCRY_TEST_RUN_DIR lasts the run: what one file builds for the others (the e2e VSIX).
const baseEnv = {
  ...process.env,
  SCRY_TEST_RUN_DIR: runRoot,
  SCRY_MEMORY_SWEEP: process.env.SCRY_MEMORY_SWEEP ?? '0',
  SCRY_TEST_DEB_CACHE: process.env.SCRY_TEST_DEB_CACHE ?? join(os.tmpdir(), 'scry-test-debs'),
};
const children = new Set();
let seq = 0;

function runFile({ file }) {
  const dir = join(runRoot, String(seq++));
  const tmp = join(dir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const events = join(dir, 'events.jsonl');
  const args = [
    '--import',
    'tsx',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${reporter}`,
    `--test-reporter-destination=${events}`,
    file,
  ];
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...baseEnv, TMPDIR: tmp, SCRY_HOME: join(dir, 'home') }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      children.delete(child);
      const ms = performance.now() - started;
      let lines = [];
      try {
        lines = fs
          .readFileSync(events, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l));
      } catch {
        lines = [];
      }
      fs.rmSync(dir, { recursive: true, force: true });
      resolve({ file, ms, code, signal, output: Buffer.concat(out).toString(), lines });
    });
  });
}

const results = [];
const t0 = performance.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`;

function report(r) {
  results.push(r);
  const ok = r.code === 0;
  const head = `${ok ? '✔' : '✖'} ${r.file} (${secs(r.ms)}${ok ? '' : `, exit ${r.code ?? r.signal}`}) [${results.length}/${plan.length}]`;
  process.stdout.write(`\n── ${head}\n${r.output}${r.output.endsWith('\n') || !r.output ? '' : '\n'}`);
}

/**
 * Runs the queue with at most `slots` weight at once, and one holder of each lock. A file
 * waiting for a lock lets the next ones pass; one waiting for slots does not (else lighter
 * files would keep filling the slot it needs, and it would run last, alone).
 */
async function pool(queue, slots) {
  let free = slots;
  const running = new Set();
  const held = new Set();
  const next = () => {
    for (let i = 0; i < queue.length; i++) {
      const p = queue[i];
      if (p.locks.some((l) => held.has(l))) continue;
      return p.weight <= free ? i : -1;
    }
    return -1;
  };
  while (queue.length > 0 || running.size > 0) {
    const i = next();
    if (i >= 0) {
      const p = queue.splice(i, 1)[0];
      free -= p.weight;
      for (const l of p.locks) held.add(l);
      const run = runFile(p).then((r) => {
        free += p.weight;
        for (const l of p.locks) held.delete(l);
        running.delete(run);
        report(r);
      });
      running.add(run);
      continue;
    }
    await Promise.race(running);
  }
}

/** Keeps each finished file's wall time for the next run's order (an interrupted run's too). */
function saveTimes() {
  const times = Object.fromEntries(results.map((r) => [r.file, Math.round(r.ms)]));
  fs.mkdirSync('.scry-test', { recursive: true });
  fs.writeFileSync(TIMES, `${JSON.stringify({ ...lastTimes, ...times }, null, 1)}\n`);
}

process.on('SIGINT', () => {
  for (const c of children) c.kill('SIGTERM');
  fs.rmSync(runRoot, { recursive: true, force: true });
  saveTimes();
  process.exit(130);
});

await pool(pooled, jobs);
await pool(alone, 1);
fs.rmSync(runRoot, { recursive: true, force: true });
const wall = performance.now() - t0;

// The summary.
const total = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const skips = [];
const failed = [];
for (const r of results) {
  for (const l of r.lines) {
    if (l.count) total[l.count] += l.n;
    else if (l.skipped !== undefined) skips.push(`${r.file}: ${l.skipped}${l.todo ? ' (todo)' : ''}${l.reason ? ` — ${l.reason}` : ''}`);
    else if (l.failed !== undefined) failed.push(`${r.file}: ${l.failed}${l.error ? ` — ${l.error}` : ''}`);
  }
  if (r.code !== 0 && !r.lines.some((l) => l.failed !== undefined))
    failed.push(`${r.file}: exited ${r.code ?? r.signal} (${r.lines.some((l) => l.count) ? 'after its tests' : 'before reporting its tests'})`);
}
saveTimes();

const sum = results.reduce((s, r) => s + r.ms, 0);
const slowest = [...results].sort((a, b) => b.ms - a.ms).slice(0, 12);
const lines = ['', '══ summary'];
lines.push(
  `files ${results.length} · tests ${total.tests} · suites ${total.suites} · pass ${total.pass} · fail ${total.fail} · cancelled ${total.cancelled} · skipped ${total.skipped} · todo ${total.todo}`,
);
if (skips.length) lines.push(`skipped (${skips.length}):`, ...skips.map((s) => `  ${s}`));
if (failed.length) lines.push(`FAILED (${failed.length}):`, ...failed.map((s) => `  ${s}`));
lines.push(`slowest files:`, ...slowest.map((r) => `  ${secs(r.ms).padStart(8)}  ${r.file}`));
lines.push(
  `wall ${secs(wall)} with ${jobs} at once (${counts.pooled} pooled, ${counts.alone} alone after); the files' own times add up to ${secs(sum)}, ${(sum / wall).toFixed(2)}× the wall`,
);
// What no order could beat with these files' times: the pool's share of the sum, or its longest file, then the serial files.
const planned = new Map(plan.map((p) => [p.file, p]));
const inPool = results.filter((r) => !planned.get(r.file).serial);
const aloneMs = results.filter((r) => planned.get(r.file).serial).reduce((s, r) => s + r.ms, 0);
const bound = Math.max(inPool.reduce((s, r) => s + r.ms * planned.get(r.file).weight, 0) / jobs, ...inPool.map((r) => r.ms), 0) + aloneMs;
if (results.length > 0)
  lines.push(
    `at best ${secs(bound)} with these times (the pool's weighted sum ÷ ${jobs}, or its longest file, plus the files run alone): the wall is ${(wall / bound).toFixed(2)}× that`,
  );
console.log(lines.join('\n'));
process.exit(failed.length > 0 || results.some((r) => r.code !== 0) ? 1 : 0);
