// Issue 23: answers in seconds on a repo or worktree Scry has never seen.
// On a real TypeScript repo nobody here wrote (microsoft/playwright at a
// pinned commit, from the fetch mirror; BENCH_FIRST_GIT_DIR/COMMIT choose
// another), side by side in one run:
// - "never seen" to the first correct `refs` answer: Scry now (glance, then
//   the syntactic first index) against the cold precise build it waited for
//   before (SCRY_FIRST_INDEX=0, the same daemon otherwise);
// - the same for a new `git worktree` of the indexed repo: seeded from its
//   sibling against a cold build of the worktree;
// - the syntactic first index's refs recall and precision against the
//   precise index, for 40 names drawn from the precise index by a fixed rule
//   (every k-th defined function, class, method or interface by name);
// and, on rxjs (small enough to build four at once on this machine): query
// p99 while four worktrees are created and built at once, and daemon RSS with
// five worktrees indexed.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { connectDaemon, type RpcClient } from '../../daemon/client';
import { refs } from '../../daemon/code/query/refs';
import { CodeStore } from '../../daemon/code/store/store';
import { repoDir } from '../../daemon/paths';
import * as P from '../../daemon/protocol';
import { ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { ms, percentile, ratio, summarize, table, verdict } from './stats';
import { record } from './summary';

const GIT_DIR = process.env.BENCH_FIRST_GIT_DIR ?? '/work/.mirror/microsoft+playwright/repo';
const COMMIT = process.env.BENCH_FIRST_COMMIT ?? 'd4e1023f6c03a8dced50eb3db88c2217e7c1a86a';
const NAME = process.env.BENCH_FIRST_NAME ?? 'BrowserContext';
const SAMPLE = 40;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

function commitAll(dir: string): void {
  git(dir, '-c', 'user.email=b@example.com', '-c', 'user.name=b', 'add', '-A');
  git(dir, '-c', 'user.email=b@example.com', '-c', 'user.name=b', 'commit', '-qm', 'snapshot');
}

function checkout(): string | undefined {
  if (!fs.existsSync(GIT_DIR)) return undefined;
  const dir = fs.realpathSync(tempDir('first-answer'));
  const archive = spawnSync('git', ['--git-dir', GIT_DIR, 'archive', '--format=tar', COMMIT], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) return undefined;
  spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout, maxBuffer: 1 << 30 });
  git(dir, 'init', '-q');
  commitAll(dir);
  return dir;
}

function linesOf(repo: string): number {
  const out = git(repo, 'ls-files', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs', '*.jsx');
  let n = 0;
  for (const f of out.split('\n').filter(Boolean)) {
    try {
      n += fs.readFileSync(path.join(repo, f), 'utf8').split('\n').length;
    } catch {
      // a submodule or a link: not a file
    }
  }
  return n;
}

const daemon = (home: string, env: NodeJS.ProcessEnv = {}): Promise<RpcClient> =>
  connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js'), env: { ...process.env, SCRY_DEBOUNCE_MS: '3600000', ...env } });

/** The definition of NAME the source declares, found by text: what makes a first answer correct. */
function declared(repo: string, name: string): string[] {
  const out = spawnSync('git', ['grep', '-n', '-E', `(class|interface|function) ${name}\\b`, '--', '*.ts', '*.tsx'], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  }).stdout;
  return out
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(':').slice(0, 2).join(':'));
}

const hasDefinition = (r: P.QueryResult, at: readonly string[]): boolean =>
  r.matches.some((m) => m.occurrences.some((o) => o.is_definition && at.includes(`${o.file}:${o.line}`)));

async function timeToAnswer(conn: RpcClient, repo: string, name: string): Promise<{ ms: number; answer: P.QueryResult }> {
  const started = performance.now();
  const answer = await conn.request(P.Refs.type, { repo, name, limit: 5000 });
  return { ms: performance.now() - started, answer };
}

async function waitStatus(conn: RpcClient, repo: string, done: (s: P.RepoStatus) => boolean): Promise<number> {
  const started = performance.now();
  for (;;) {
    const s = (await conn.request(P.Status.type, { repo })).repos[0];
    if (s && done(s)) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const kindOf = (a: P.QueryResult): string =>
  a.index.glance
    ? `glance (${a.index.glance.files_read}/${a.index.glance.files_naming} files)`
    : a.index.seeded_from
      ? 'seeded'
      : a.index.syntactic
        ? 'syntactic index'
        : 'precise';

/** 40 names by a fixed rule from the precise index: defined, not local, of these kinds, every k-th by name. */
function sampleNames(file: string): string[] {
  const db = new Database(file, { readonly: true });
  const rows = db
    .prepare(
      "SELECT DISTINCT name FROM symbols WHERE kind IN ('function', 'class', 'method', 'interface') AND document_id IS NULL AND is_external = 0 AND def_line IS NOT NULL AND length(name) > 3 ORDER BY name",
    )
    .all() as Array<{ name: string }>;
  db.close();
  const step = Math.max(1, Math.floor(rows.length / SAMPLE));
  return rows
    .filter((_, i) => i % step === 0)
    .slice(0, SAMPLE)
    .map((r) => r.name);
}

function positions(store: CodeStore, name: string): Set<string> {
  return new Set(refs(store, name, { limit: 100_000 }).matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}:${o.column}`)));
}

async function neverSeen(repo: string): Promise<void> {
  const loc = linesOf(repo);
  const at = declared(repo, NAME);
  // Baseline first: today's path, the whole precise build before the first answer.
  const baseHome = tempDir('first-base');
  const base = await daemon(baseHome, { SCRY_FIRST_INDEX: '0' });
  const newHome = tempDir('first-new');
  let baseline: { ms: number; answer: P.QueryResult };
  try {
    baseline = await timeToAnswer(base, repo, NAME);
  } finally {
    base.dispose();
  }
  const conn = await daemon(newHome);
  try {
    const first = await timeToAnswer(conn, repo, NAME);
    const started = performance.now();
    const toSyntactic = first.answer.index.glance ? await waitStatus(conn, repo, (s) => s.syntactic === true || !s.building) : 0;
    const toPrecise = await waitStatus(conn, repo, (s) => !s.building);
    const precise = await timeToAnswer(conn, repo, NAME);
    const status = (await conn.request(P.Status.type, { repo })).repos[0]!;
    const firstOk = hasDefinition(first.answer, at);
    table(
      `never seen -> first refs '${NAME}' answer: ${path.basename(GIT_DIR.replace(/\/repo$/, ''))} @ ${COMMIT.slice(0, 10)} (${loc} lines of TS/JS, ${status.documents} files), one run each, daemon warm`,
      ['what', 'first answer', 'correct', 'kind', 'ratio', 'target'],
      [
        [
          'before: cold precise build, then the answer (SCRY_FIRST_INDEX=0)',
          ms(baseline.ms),
          String(hasDefinition(baseline.answer, at)),
          kindOf(baseline.answer),
          '1.00x',
          '',
        ],
        ['now: first answer', ms(first.ms), String(firstOk), kindOf(first.answer), ratio(first.ms, baseline.ms), verdict(first.ms / 1000, 3) + ' (s)'],
        [
          'now: syntactic first index swapped in (after the first answer)',
          ms(first.ms + toSyntactic),
          '',
          'syntactic index',
          ratio(first.ms + toSyntactic, baseline.ms),
          '',
        ],
        [
          'now: precise index swapped in',
          ms(first.ms + (performance.now() - started)),
          String(hasDefinition(precise.answer, at)),
          kindOf(precise.answer),
          ratio(first.ms + toPrecise, baseline.ms),
          '',
        ],
      ],
    );
    record({
      figure: `never seen -> first correct refs (${loc} LOC TS)`,
      value: ms(first.ms),
      baseline: `cold precise ${ms(baseline.ms)}`,
      ratio: ratio(first.ms, baseline.ms),
      target: '<= 3 s',
      ok: firstOk && first.ms <= 3000,
    });
    await recallPrecision(newHome, baseHome, repo);
    await worktree(repo, newHome, conn);
  } finally {
    conn.dispose();
    await stopDaemon(newHome);
    await stopDaemon(baseHome);
  }
}

/** The syntactic first index against the precise one, name by name (positions file:line:column). */
async function recallPrecision(newHome: string, baseHome: string, repo: string): Promise<void> {
  const syntacticFile = path.join(tempDir('first-syntactic'), 'index.db');
  // The syntactic first index of the same repo, built alone (the daemon's was swapped out by the precise one).
  const { buildIndex } = await import('../../daemon/code/build');
  const out = await buildIndex({ repo, workDir: path.dirname(syntacticFile), nodePath: process.execPath, home: newHome, syntacticFirst: true });
  fs.renameSync(out.nextPath, syntacticFile);
  const syn = new CodeStore(syntacticFile);
  const preciseFile = path.join(repoDir(baseHome, repo), 'index.db');
  const pre = new CodeStore(preciseFile);
  try {
    const names = sampleNames(preciseFile);
    let hit = 0;
    let p = 0;
    let s = 0;
    const recalls: number[] = [];
    const precisions: number[] = [];
    for (const name of names) {
      const want = positions(pre, name);
      const got = positions(syn, name);
      const both = [...got].filter((k) => want.has(k)).length;
      hit += both;
      p += want.size;
      s += got.size;
      if (want.size > 0) recalls.push(both / want.size);
      if (got.size > 0) precisions.push(both / got.size);
    }
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    table(
      `syntactic first index vs precise, refs of ${names.length} names (every k-th defined function/class/method/interface by name), by position`,
      ['figure', 'value'],
      [
        ['recall (all occurrences)', `${((hit / Math.max(1, p)) * 100).toFixed(1)}% (${hit}/${p})`],
        ['precision (all occurrences)', `${((hit / Math.max(1, s)) * 100).toFixed(1)}% (${hit}/${s})`],
        ['recall, mean per name', `${(mean(recalls) * 100).toFixed(1)}%`],
        ['precision, mean per name', `${(mean(precisions) * 100).toFixed(1)}%`],
        ['names', names.join(' ')],
      ],
    );
    record({
      figure: `syntactic refs recall / precision vs precise (${names.length} names)`,
      value: `${((hit / Math.max(1, p)) * 100).toFixed(1)}% / ${((hit / Math.max(1, s)) * 100).toFixed(1)}%`,
      baseline: 'precise index',
      ratio: '',
      target: 'report',
    });
  } finally {
    syn.close();
    pre.close();
  }
}

/** Lines of the daemon's log matching `re` (the seed logs where its time went). */
function logLines(home: string, re: RegExp): string[] {
  const dir = path.join(home, 'logs');
  return fs
    .readdirSync(dir)
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').split('\n'))
    .filter((l) => re.test(l));
}

const load = (): string =>
  `load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

/**
 * New worktrees of the indexed repo, one after another (BENCH_FIRST_WORKTREES,
 * default 5): each one's first refs answer, seeded from the sibling, against
 * a cold build of the first of them by a daemon that does not seed. Like a
 * fresh `git worktree add`, they have no node_modules while the main checkout
 * has one, so their own precise builds wait (as designed) and answers stay
 * the sibling's precise ones.
 */
async function worktree(repo: string, newHome: string, conn: RpcClient): Promise<void> {
  const at = declared(repo, NAME);
  const count = Number(process.env.BENCH_FIRST_WORKTREES ?? 5);
  fs.mkdirSync(path.join(repo, 'node_modules'), { recursive: true });
  const trees = Array.from({ length: count }, (_, i) => path.join(tempDir(`first-wt-${i + 1}`), `wt${i + 1}`));
  const seeded: Array<{ ms: number; correct: boolean; precise: boolean; load: string }> = [];
  for (const wt of trees) {
    git(repo, 'worktree', 'add', '-q', '--detach', wt);
    const before = load();
    const { ms: took, answer } = await timeToAnswer(conn, wt, NAME);
    const precise = answer.matches.every((m) => m.occurrences.every((o) => o.precision === undefined));
    seeded.push({ ms: took, correct: hasDefinition(answer, at) && answer.index.seeded_from !== undefined, precise, load: before });
    // The next worktree is made once this one's index copy is in, as an agent's next task would be.
    await waitStatus(conn, wt, (s) => !s.building);
  }
  const seeds = logLines(newHome, /seeded .* in \d+ ms \(comparison|copied the index/).map((l) => l.replace(/^\S+ \[\d+\] /, ''));
  // The daemon with the large repo and its worktrees indexed (each worktree holding its own copy of the index).
  const mem = daemonMemory((await conn.request(P.Status.type, {})).daemon.pid);
  table(
    `daemon memory with the large repo (${linesOf(repo).toLocaleString('en')} lines) and its ${count} worktrees indexed`,
    ['figure', 'value'],
    [
      ['RSS now', `${mem.rss.toFixed(0)} MB`],
      ['peak RSS (VmHWM)', `${mem.hwm.toFixed(0)} MB`],
    ],
  );
  record({
    figure: `daemon RSS, large repo + ${count} worktrees indexed`,
    value: `${mem.rss.toFixed(0)} MB (peak ${mem.hwm.toFixed(0)} MB)`,
    baseline: '',
    ratio: '',
    target: 'report',
  });
  // The baseline: the first worktree, never seen by a daemon that does not seed (what a new worktree cost before).
  const baseHome = tempDir('first-wt-base-home');
  const base = await daemon(baseHome, { SCRY_FIRST_INDEX: '0' });
  try {
    const baseLoad = load();
    const cold = await timeToAnswer(base, trees[0]!, NAME);
    const s = summarize(seeded.map((x) => x.ms));
    const allCorrect = seeded.every((x) => x.correct);
    const allPrecise = seeded.every((x) => x.precise);
    table(
      `new git worktree of the indexed repo -> first refs '${NAME}' answer, ${count} worktrees one after another (${load()} at the end)`,
      ['what', 'n', 'p50', 'max', 'correct', 'kind', 'ratio p50', 'target'],
      [
        [
          `before: cold precise build of worktree 1 (${baseLoad})`,
          1,
          ms(cold.ms),
          ms(cold.ms),
          String(hasDefinition(cold.answer, at)),
          kindOf(cold.answer),
          '1.00x',
          '',
        ],
        [
          'now: seeded from the sibling',
          s.n,
          ms(s.p50),
          ms(Math.max(...seeded.map((x) => x.ms))),
          `${seeded.filter((x) => x.correct).length}/${count}`,
          `seeded${allPrecise ? ', every occurrence precise' : ', NOT all precise'}`,
          ratio(s.p50, cold.ms),
          verdict(s.p50 / 1000, 1) + ' (s)',
        ],
      ],
    );
    console.log(seeded.map((x, i) => `  worktree ${i + 1}: ${ms(x.ms)} (${x.load} before it)`).join('\n'));
    console.log(`  where the seed's time went (daemon log):\n${seeds.map((l) => `    ${l}`).join('\n')}`);
    record({
      figure: `new worktree -> first correct refs (p50 of ${count})`,
      value: ms(s.p50),
      baseline: `cold precise ${ms(cold.ms)}`,
      ratio: ratio(s.p50, cold.ms),
      target: '<= 1 s, precise',
      ok: allPrecise && allCorrect && s.p50 <= 1000,
    });
  } finally {
    base.dispose();
    await stopDaemon(baseHome);
  }
}

/** A process's resident set now and at its peak, in MB (Linux /proc). */
function daemonMemory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** On rxjs: queries against the main checkout while four worktrees are seeded and built at once; then RSS with five. */
async function manyWorktrees(): Promise<void> {
  const main = fs.realpathSync(rxjsRepo());
  commitAll(main);
  const home = tempDir('first-many');
  const conn = await daemon(home);
  try {
    await conn.request(P.IndexRepo.type, { repo: main });
    const quiet: number[] = [];
    for (let i = 0; i < 100; i++) quiet.push((await timeToAnswer(conn, main, 'Observable')).ms);
    const trees = [1, 2, 3, 4].map((i) => path.join(tempDir(`first-many-${i}`), `wt${i}`));
    for (const t of trees) git(main, 'worktree', 'add', '-q', t);
    // Each worktree gets its own node_modules so its precise build runs (four builds at once), instead of waiting on the sibling's index.
    for (const t of trees) fs.mkdirSync(path.join(t, 'node_modules'));
    const building = Promise.all(trees.map((t) => conn.request(P.IndexRepo.type, { repo: t })));
    let done = false;
    void building.finally(() => (done = true));
    const busy: number[] = [];
    let failed = 0;
    while (!done) {
      try {
        busy.push((await timeToAnswer(conn, main, 'Observable')).ms);
      } catch {
        failed++;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await building;
    const q = summarize(quiet);
    const b = summarize(busy);
    table(
      'rxjs: refs Observable on the main checkout while four worktrees are seeded and built at once',
      ['what', 'n', 'p50', 'p99', 'failed', 'ratio p99', 'target'],
      [
        ['quiet (baseline)', q.n, ms(q.p50), ms(q.p99), 0, '1.00x', ''],
        ['four worktrees building', b.n, ms(b.p50), ms(b.p99), failed, ratio(b.p99, q.p99), `${verdict(b.p99, 50)} ms; 0 failed`],
      ],
    );
    record({
      figure: 'query p99 while 4 worktrees build (rxjs)',
      value: ms(b.p99),
      baseline: `quiet ${ms(q.p99)}`,
      ratio: ratio(b.p99, q.p99),
      target: '<= 50 ms, 0 failed',
      ok: b.p99 <= 50 && failed === 0,
    });
    const fifth = path.join(tempDir('first-many-5'), 'wt5');
    git(main, 'worktree', 'add', '-q', fifth);
    await conn.request(P.Refs.type, { repo: fifth, name: 'Observable' });
    const { rss, hwm } = daemonMemory((await conn.request(P.Status.type, {})).daemon.pid);
    table(
      'daemon memory with the main checkout and five worktrees of rxjs indexed',
      ['figure', 'value'],
      [
        ['RSS now', `${rss.toFixed(0)} MB`],
        ['peak RSS (VmHWM)', `${hwm.toFixed(0)} MB`],
        ['quiet p99 check', ms(percentile(quiet, 99))],
      ],
    );
    record({ figure: 'daemon RSS, 5 worktrees + main of rxjs', value: `${rss.toFixed(0)} MB`, baseline: '', ratio: '', target: 'report' });
  } finally {
    conn.dispose();
    await stopDaemon(home);
  }
}

export async function run(): Promise<void> {
  if (process.env.BENCH_FIRST_SKIP_LARGE !== '1') {
    const repo = checkout();
    if (!repo)
      console.log(`skipped the large repo: no snapshot at ${GIT_DIR} (fetch github:microsoft/playwright, or set BENCH_FIRST_GIT_DIR and BENCH_FIRST_COMMIT)`);
    else await neverSeen(repo);
  }
  await manyWorktrees();
}
