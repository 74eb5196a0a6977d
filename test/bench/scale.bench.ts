// Issue 23, scale: how the first answer, the precise build, memory and the
// index grow with the size of a real TypeScript repo nobody here wrote
// (microsoft/playwright at the first-answer bench's pinned commit, from the
// fetch mirror). Slices by a fixed rule, printed with the table:
// - units are the folders packages/<name>, with their TS/JS lines counted;
// - a slice takes the units smallest first while its sum stays within 1.25x
//   its target (~50k, ~150k, ~300k lines), plus the root's tsconfig.json and
//   package.json (the root tsconfig includes packages/);
// - the last row is the whole repo at the commit (tests/ and all), the case
//   the first-answer bench times.
// Per slice, a fresh daemon: time to the first correct `refs` answer (for the
// first `export class` by path in the slice's largest folder), time until the precise index is
// in, the daemon's peak RSS (VmHWM), the indexer's peak RSS (its processes
// sampled every 250 ms), and the index size. A precise build that fails is
// reported with what Scry does then: answers stay syntactic, status says why,
// the daemon stays up, and no build restarts by itself.
//
// Its precise builds take minutes on two shared cores, so it runs only when
// named: `node --import tsx test/bench/index.ts scale` (8-9 min at load ~10
// on this 2-core machine).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectDaemon, type RpcClient } from '../../daemon/client';
import { repoDir } from '../../daemon/paths';
import * as P from '../../daemon/protocol';
import { ROOT, stopDaemon, tempDir } from '../helpers';
import { ms, table } from './stats';
import { record } from './summary';

const GIT_DIR = process.env.BENCH_FIRST_GIT_DIR ?? '/work/.mirror/microsoft+playwright/repo';
const COMMIT = process.env.BENCH_FIRST_COMMIT ?? 'd4e1023f6c03a8dced50eb3db88c2217e7c1a86a';
const TARGETS = [50_000, 150_000, 300_000];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|jsx)$/;

const load = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** TS/JS lines per packages/<name> folder at the commit, read from git's objects. */
function units(): Array<{ folder: string; lines: number }> {
  const files = git('/', '--git-dir', GIT_DIR, 'ls-tree', '-r', '--name-only', COMMIT, 'packages')
    .split('\n')
    .filter((f) => SOURCE.test(f));
  const counts = new Map<string, number>();
  const blobs = spawnSync('git', ['--git-dir', GIT_DIR, 'cat-file', '--batch'], {
    input: files.map((f) => `${COMMIT}:${f}`).join('\n') + '\n',
    maxBuffer: 1 << 30,
  }).stdout;
  // --batch prints "<sha> blob <size>\n<content>\n" per file, in order.
  let at = 0;
  for (const f of files) {
    const eol = blobs.indexOf(10, at);
    const size = Number(blobs.subarray(at, eol).toString().split(' ')[2]);
    const body = blobs.subarray(eol + 1, eol + 1 + size);
    let lines = 0;
    for (let i = 0; i < body.length; i++) if (body[i] === 10) lines++;
    const folder = f.split('/').slice(0, 2).join('/');
    counts.set(folder, (counts.get(folder) ?? 0) + lines);
    at = eol + 1 + size + 1;
  }
  return [...counts].map(([folder, lines]) => ({ folder, lines })).sort((a, b) => a.lines - b.lines || (a.folder < b.folder ? -1 : 1));
}

function slice(all: ReadonlyArray<{ folder: string; lines: number }>, target: number): { folders: string[]; lines: number; largest: string } {
  const folders: string[] = [];
  let lines = 0;
  let largest = { folder: '', lines: -1 };
  for (const u of all) {
    if (lines + u.lines > target * 1.25) continue;
    folders.push(u.folder);
    lines += u.lines;
    if (u.lines > largest.lines) largest = u;
  }
  return { folders, lines, largest: largest.folder };
}

/** A git checkout of these folders at the commit (with the root's tsconfig.json and package.json), or of everything when none are named. */
function checkout(folders: readonly string[]): string {
  const dir = fs.realpathSync(tempDir('scale'));
  const archive = spawnSync(
    'git',
    ['--git-dir', GIT_DIR, 'archive', '--format=tar', COMMIT, ...(folders.length > 0 ? ['tsconfig.json', 'package.json', ...folders] : [])],
    { maxBuffer: 1 << 30 },
  );
  if (archive.status !== 0) throw new Error(`git archive: ${archive.stderr.toString()}`);
  spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout, maxBuffer: 1 << 30 });
  git(dir, 'init', '-q');
  git(dir, '-c', 'user.email=b@example.com', '-c', 'user.name=b', 'add', '-A');
  git(dir, '-c', 'user.email=b@example.com', '-c', 'user.name=b', 'commit', '-qm', 'slice');
  return dir;
}

/** The first `export class` by path under `folder`: the name asked, and where the source declares it. */
function probeName(repo: string, folder: string): { name: string; at: string } {
  const out = git(repo, 'grep', '-n', '-E', '^export class [A-Z][A-Za-z0-9]+', '--', `${folder}/*.ts`).split('\n').filter(Boolean).sort()[0]!;
  const [file, line, text] = [out.split(':')[0]!, out.split(':')[1]!, out.split(':').slice(2).join(':')];
  return { name: /^export class ([A-Za-z0-9]+)/.exec(text)![1]!, at: `${file}:${line}` };
}

const kb = (pid: number, field: string): number => {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** The daemon's descendants (the indexers it runs), by /proc. */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number): void => {
    for (const [c, pp] of parent) if (pp === p) (out.push(c), walk(c));
  };
  walk(root);
  return out;
}

interface Figures {
  slice: string;
  lines: number;
  files: number;
  name: string;
  firstMs: number;
  firstOk: boolean;
  firstKind: string;
  preciseMs: number | undefined;
  failed: string | undefined;
  daemonPeakMb: number;
  indexerPeakMb: number;
  indexMb: number;
  after: string;
}

async function measure(slice: string, lines: number, repo: string, largest: string): Promise<Figures> {
  const { name, at } = probeName(repo, largest);
  const home = tempDir('scale-home');
  const conn: RpcClient = await connectDaemon({
    home,
    daemonScript: path.join(ROOT, 'dist', 'daemon.js'),
    env: { ...process.env, SCRY_DEBOUNCE_MS: '3600000' },
  });
  let indexerPeak = 0;
  try {
    const pid = (await conn.request(P.Status.type, {})).daemon.pid;
    const sampler = setInterval(() => {
      for (const c of descendants(pid)) indexerPeak = Math.max(indexerPeak, kb(c, 'VmHWM'));
    }, 250);
    try {
      const started = performance.now();
      const first = await conn.request(P.Refs.type, { repo, name, limit: 5000 });
      const firstMs = performance.now() - started;
      const firstOk = first.matches.some((m) => m.occurrences.some((o) => o.is_definition && `${o.file}:${o.line}` === at));
      const firstKind = first.index.glance ? 'glance' : first.index.syntactic ? 'syntactic index' : 'precise';
      let status: P.RepoStatus;
      for (;;) {
        status = (await conn.request(P.Status.type, { repo })).repos[0]!;
        if (!status.building) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const preciseMs = performance.now() - started;
      const failed = status.last_error ?? (status.syntactic ? 'still syntactic' : undefined);
      let after = '';
      if (failed) {
        // What Scry does then: the daemon is up, answers stay (syntactic), and no build restarts by itself within 30 s.
        await new Promise((r) => setTimeout(r, 30_000));
        const again = await conn.request(P.Refs.type, { repo, name, limit: 5000 });
        const s = (await conn.request(P.Status.type, { repo })).repos[0]!;
        after = `after 30 s: answers ${again.index.syntactic ? 'syntactic' : 'precise'} (${again.total} refs), building ${s.building}, status ${s.effective_status}`;
      }
      const index = path.join(repoDir(home, repo), 'index.db');
      return {
        slice,
        lines,
        files: status.documents,
        name,
        firstMs,
        firstOk,
        firstKind,
        preciseMs: failed ? undefined : preciseMs,
        failed,
        daemonPeakMb: kb(pid, 'VmHWM') / 1024,
        indexerPeakMb: indexerPeak / 1024,
        indexMb: fs.existsSync(index) ? fs.statSync(index).size / 1048576 : 0,
        after,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    conn.dispose();
    await stopDaemon(home);
  }
}

export async function run(): Promise<void> {
  if (!process.argv.slice(2).includes('scale') && process.env.BENCH_SCALE !== '1') {
    console.log(
      'skipped: the scale section builds three slices of playwright precisely (minutes each here); run it by name: node --import tsx test/bench/index.ts scale',
    );
    return;
  }
  if (!fs.existsSync(GIT_DIR)) {
    console.log(`skipped: no snapshot at ${GIT_DIR} (fetch github:microsoft/playwright, or set BENCH_FIRST_GIT_DIR and BENCH_FIRST_COMMIT)`);
    return;
  }
  const all = units();
  const rows: Figures[] = [];
  const loads: string[] = [];
  for (const target of TARGETS) {
    const { folders, lines, largest } = slice(all, target);
    console.log(`slice ~${target / 1000}k: ${lines} lines, ${folders.join(' ')}`);
    const before = load();
    rows.push(await measure(`~${target / 1000}k`, lines, checkout(folders), largest));
    loads.push(`${before} -> ${load()}`);
  }
  const whole = checkout([]);
  const wholeLines = git(whole, 'ls-files', '-z')
    .split('\0')
    .filter((f) => SOURCE.test(f))
    .reduce((n, f) => n + fs.readFileSync(path.join(whole, f), 'utf8').split('\n').length - 1, 0);
  const before = load();
  rows.push(await measure('whole repo', wholeLines, whole, 'packages/playwright-core'));
  loads.push(`${before} -> ${load()}`);
  table(
    `scale: slices of playwright @ ${COMMIT.slice(0, 10)} (packages/<name> folders smallest first within 1.25x the target, plus the root tsconfig), one fresh daemon each`,
    ['slice', 'TS/JS lines', 'files', 'first refs', 'correct', 'kind', 'to precise', 'daemon peak RSS', 'indexer peak RSS', 'index', 'load before -> after'],
    rows.map((r, i) => [
      r.slice,
      r.lines,
      r.files,
      `${ms(r.firstMs)} (${r.name})`,
      String(r.firstOk),
      r.firstKind,
      r.preciseMs === undefined ? `FAILED: ${r.failed}` : ms(r.preciseMs),
      `${r.daemonPeakMb.toFixed(0)} MB`,
      `${r.indexerPeakMb.toFixed(0)} MB`,
      `${r.indexMb.toFixed(1)} MB`,
      loads[i]!,
    ]),
  );
  for (const r of rows) if (r.after) console.log(`  ${r.slice}: precise build failed (${r.failed}); ${r.after}`);
  for (const r of rows) {
    record({
      figure: `scale ${r.slice} (${r.lines} lines): first refs / precise`,
      value: `${ms(r.firstMs)} / ${r.preciseMs === undefined ? 'failed' : ms(r.preciseMs)}`,
      baseline: `daemon ${r.daemonPeakMb.toFixed(0)} MB, indexer ${r.indexerPeakMb.toFixed(0)} MB, index ${r.indexMb.toFixed(0)} MB`,
      ratio: '',
      target: 'report',
    });
  }
}
