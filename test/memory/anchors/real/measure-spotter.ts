// Measures anchoring on spotter's own Claude Code sessions through the real
// daemon, as the product runs (issue 25, Must show; the rules are in
// test/fixtures/anchors/spotter/SOURCES.md, fixed before any result):
// spotter cloned with its history at 53a088d, `scry index`ed, copies of the
// transcripts whose `cwd` is that checkout ingested with `scry memory ingest`,
// the anchoring pass waited for, and the daemon's `anchors` table read back.
//
//   node --import tsx test/memory/anchors/real/measure-spotter.ts [OUT_DIR] [MIRROR]
//
// Writes OUT_DIR/mentions.json (default test/fixtures/anchors/spotter): every
// anchor row, the counts, and the hand check's sample, drawn by the seeded
// rule below (SPOTTER_KEEP=1 keeps the temp checkout and home). Needs dist/ (`npm run build`): the CLI and daemon are the built ones.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { memoryDb } from '../../../../daemon/memory/domain';
import { mulberry32, ROOT, scry, stopDaemon, tempDir } from '../../../helpers';

/** The commit that added the transcripts: the code they are measured against. */
export const SPOTTER_COMMIT = '53a088d2335599db2a99d1099be22152d1785d6f';
/** The one blob of that commit absent from the mirror (a transcript, not code): left out of the checkout. */
const ABSENT = 'test/fixtures/transcripts/6c2214d7-b87e-4432-8e41-22ba294ea584.jsonl';
export const SPOTTER_DIR = path.join(ROOT, 'test', 'fixtures', 'anchors', 'spotter');
/** The sessions measured (SOURCES.md: the three earliest of the five available). */
export const SPOTTER_SESSIONS = [
  '258c7280-ae70-4798-800f-63464d01a85d.jsonl',
  '8463c716-a2ea-4c14-9efa-87158ebd9f20.jsonl',
  'ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl',
];
/** Where the author's sessions ran: one worktree each (and its `assets` folder). */
const WORKTREE = /^\/home\/USER\/projects\/spotter-worktrees\/spotter-[a-z0-9]+(?=\/|$)/;
/** The hand check's sample: this many distinct (session, mention) pairs, shuffled with this seed. */
export const SAMPLE_SIZE = 60;
export const SAMPLE_SEED = 25;

const ENV = { SCRY_MEMORY_SWEEP: '0', SCRY_FIRST_INDEX: '0' };

/** A copy of a transcript whose lines' `cwd` is the checkout (its folder below the worktree kept); nothing else changes. */
export function pointedAt(text: string, checkout: string): string {
  return text
    .split('\n')
    .map((raw) => {
      if (!raw.trim()) return raw;
      const l = JSON.parse(raw) as { cwd?: unknown };
      if (typeof l.cwd !== 'string' || !WORKTREE.test(l.cwd)) return raw;
      return JSON.stringify({ ...l, cwd: l.cwd.replace(WORKTREE, checkout) });
    })
    .join('\n');
}

/** The sample rule (SOURCES.md): the pairs sorted by session then mention, Fisher–Yates with mulberry32(seed), the first n. */
export function sampleOf<T extends { session: string; mention: string }>(pairs: readonly T[], n = SAMPLE_SIZE, seed = SAMPLE_SEED): T[] {
  const sorted = [...pairs].sort((a, b) =>
    a.session === b.session ? (a.mention < b.mention ? -1 : a.mention > b.mention ? 1 : 0) : a.session < b.session ? -1 : 1,
  );
  const rand = mulberry32(seed);
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  return sorted.slice(0, n);
}

export interface Row {
  session: string;
  episode: number;
  at: string;
  offset: number;
  mention: string;
  backticked: boolean;
  anchored?: { kind: string; file: string; line: number; qualified_name?: string; library?: string };
  unresolved?: string;
  git_commit: string | null;
}

function git(args: string[]): void {
  const r = spawnSync('git', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

async function main(): Promise<void> {
  const out = process.argv[2] ?? SPOTTER_DIR;
  const mirror = process.argv[3] ?? '/work/.mirror/marot+spotter/repo';
  const work = fs.realpathSync(tempDir('spotter'));
  const checkout = path.join(work, 'spotter');
  git(['clone', '-q', '--no-checkout', mirror, checkout]);
  git(['-C', checkout, 'sparse-checkout', 'set', '--no-cone', '/*', `!/${ABSENT}`]);
  git(['-C', checkout, 'checkout', '-q', '-B', 'main', SPOTTER_COMMIT]);
  const home = path.join(work, 'home');
  fs.mkdirSync(home);
  try {
    const run = async (args: string[]): Promise<string> => {
      const r = await scry(args, { home, cwd: checkout, env: ENV });
      if (r.code !== 0) throw new Error(`scry ${args.join(' ')}: ${r.stderr}`);
      return r.stdout;
    };
    const t0 = Date.now();
    await run(['index', checkout, '--json']);
    console.log(`indexed ${checkout} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const sessions = path.join(work, 'sessions', '-spotter');
    fs.mkdirSync(sessions, { recursive: true });
    for (const s of SPOTTER_SESSIONS) {
      const copy = path.join(sessions, s);
      fs.writeFileSync(copy, pointedAt(fs.readFileSync(path.join(SPOTTER_DIR, s), 'utf8'), checkout));
      console.log(`ingest ${s}: ${(await run(['memory', 'ingest', '--source', 'claude', '--path', copy, '--json'])).replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    const db = new Database(memoryDb(home), { readonly: true, fileMustExist: true });
    // The anchoring pass runs after ingest, off its path: wait until every episode of a repo has been read.
    const waiting = db.prepare(
      'SELECT count(*) AS n FROM episodes e WHERE e.repo_root IS NOT NULL AND NOT EXISTS (SELECT 1 FROM anchor_scans s WHERE s.episode_seq = e.seq)',
    );
    for (let i = 0; ; i++) {
      const n = (waiting.get() as { n: number }).n;
      if (n === 0) break;
      if (i % 20 === 0) console.log(`waiting for the anchoring pass: ${n} episodes unread`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const episodes = db.prepare('SELECT seq, source_path, session_id, occurred_at, repo_root, text FROM episodes ORDER BY seq').all() as Array<{
      seq: number;
      source_path: string;
      session_id: string;
      occurred_at: string;
      repo_root: string | null;
      text: string;
    }>;
    const bySeq = new Map(episodes.map((e) => [e.seq, e]));
    const anchorRows = db
      .prepare(
        'SELECT episode_seq, mention, offset, kind, reason, qualified_name, file, line, library, at, git_commit FROM anchors ORDER BY episode_seq, offset',
      )
      .all() as Array<{
      episode_seq: number;
      mention: string;
      offset: number;
      kind: string | null;
      reason: string | null;
      qualified_name: string | null;
      file: string | null;
      line: number | null;
      library: string | null;
      at: string;
      git_commit: string | null;
    }>;
    db.close();
    const rows: Row[] = anchorRows.map((a) => {
      const e = bySeq.get(a.episode_seq)!;
      return {
        session: path.basename(e.source_path),
        episode: a.episode_seq,
        at: a.at,
        offset: a.offset,
        mention: a.mention,
        backticked: e.text[a.offset - 1] === '`',
        ...(a.kind !== null
          ? {
              anchored: {
                kind: a.kind,
                file: a.file!,
                line: a.line!,
                ...(a.qualified_name ? { qualified_name: a.qualified_name } : {}),
                ...(a.library ? { library: a.library } : {}),
              },
            }
          : { unresolved: a.reason ?? 'unknown' }),
        git_commit: a.git_commit,
      };
    });
    const share = (xs: readonly Row[]): string =>
      `${xs.filter((r) => r.anchored).length}/${xs.length} (${((100 * xs.filter((r) => r.anchored).length) / Math.max(1, xs.length)).toFixed(1)}%)`;
    const count = (xs: readonly Row[]) => ({ mentions: xs.length, anchored: xs.filter((r) => r.anchored).length });
    const firsts = new Map<string, Row>();
    for (const r of rows) if (!firsts.has(`${r.session}|${r.mention}`)) firsts.set(`${r.session}|${r.mention}`, r);
    const pairs = [...firsts.values()];
    const counts = {
      episodes: episodes.length,
      episodes_with_repo: episodes.filter((e) => e.repo_root !== null).length,
      rows: count(rows),
      backticked: count(rows.filter((r) => r.backticked)),
      bare: count(rows.filter((r) => !r.backticked)),
      by_kind: Object.fromEntries(['symbol', 'file'].map((k) => [k, rows.filter((r) => r.anchored?.kind === k).length])),
      library: rows.filter((r) => r.anchored?.library).length,
      unresolved: Object.fromEntries(
        [...new Set(rows.flatMap((r) => (r.unresolved ? [r.unresolved] : [])))].map((k) => [k, rows.filter((r) => r.unresolved === k).length]),
      ),
      distinct_pairs: count(pairs),
      commits: [...new Set(rows.map((r) => r.git_commit))],
    };
    console.log(`rows: ${share(rows)} anchored; backticked ${share(rows.filter((r) => r.backticked))}, bare paths ${share(rows.filter((r) => !r.backticked))}`);
    console.log(`by kind: ${JSON.stringify(counts.by_kind)}, library ${counts.library}; unresolved ${JSON.stringify(counts.unresolved)}`);
    console.log(`distinct (session, mention): ${share(pairs)} anchored`);
    for (const s of SPOTTER_SESSIONS)
      console.log(`  ${s}: rows ${share(rows.filter((r) => r.session === s))}, distinct ${share(pairs.filter((r) => r.session === s))}`);
    const sample = sampleOf(pairs).map((r) => {
      const text = bySeq.get(r.episode)!.text;
      return { ...r, said: text.slice(Math.max(0, r.offset - 300), r.offset + r.mention.length + 300) };
    });
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'mentions.json'), JSON.stringify({ commit: SPOTTER_COMMIT, checkout, counts, mentions: rows, sample }, null, 1) + '\n');
    console.log(`wrote ${path.join(out, 'mentions.json')}`);
  } finally {
    await stopDaemon(home);
    // SPOTTER_KEEP=1 keeps the checkout and the daemon's home, to read them by hand.
    if (!process.env.SPOTTER_KEEP) fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
