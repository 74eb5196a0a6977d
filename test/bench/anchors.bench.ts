// What anchors cost (issue 25): refs with memory lines beside refs without
// them (memory: false), same daemon, same names, on rxjs; and ingest
// throughput of the same transcripts into a home whose repo has no index
// (nothing is anchored) beside one whose repo is indexed (ingest, then the
// anchoring pass run to its end). The copy is committed before the sessions'
// dates, so anchoring reads git (the session's commit) as in a real repo.
//
// The sessions are written here, in Claude Code's format, with cwd the rxjs
// copy: speed needs many sessions mentioning that repo's symbols, and no
// public transcript is about rxjs. Their quality is measured elsewhere
// (test/fixtures/anchors/agentcmd/check.json).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { connectDaemon, type RpcClient } from '../../daemon/client';
import { AnchorResolver } from '../../daemon/code/anchors';
import { CodeStore } from '../../daemon/code/store/store';
import { notesAbout } from '../../daemon/memory/anchors';
import { MemoryStore } from '../../daemon/memory/store';
import * as P from '../../daemon/protocol';
import type { CodeLookup } from '../../daemon/protocol/anchors';
import { ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { record } from './summary';
import { summarize, table } from './stats';

const NAMES = [
  'Observable',
  'subscribe',
  'mergeMap',
  'concatMap',
  'Subscriber',
  'Subscription',
  'isFunction',
  'map',
  'pipe',
  'SchedulerLike',
  'AsyncAction',
  'identity',
];
const SESSIONS = 60;
const ROUNDS = 30;

function sessions(repo: string): { dir: string; bytes: number } {
  const dir = path.join(tempDir('bench-anchors-sessions'), '-rxjs');
  fs.mkdirSync(dir, { recursive: true });
  let bytes = 0;
  for (let s = 0; s < SESSIONS; s++) {
    const lines: string[] = [];
    for (let i = 0; i < 8; i++) {
      const a = NAMES[(s + i) % NAMES.length]!;
      const b = NAMES[(s * 3 + i) % NAMES.length]!;
      const text =
        i % 2 === 0
          ? `Why does \`${a}\` go through \`${b}\` in src/internal/Observable.ts? Session ${s}, question ${i}.`
          : `We decided to keep \`${a}\` as it is: \`${b}\` handles teardown, and src/internal/Subscriber.ts:${10 + i} already covers the error path. Changing it would break \`${NAMES[i]!}\` callers.`;
      lines.push(
        JSON.stringify({
          type: i % 2 === 0 ? 'user' : 'assistant',
          uuid: `s${s}-${i}`,
          parentUuid: i > 0 ? `s${s}-${i - 1}` : null,
          sessionId: `bench-${s}`,
          cwd: repo,
          timestamp: new Date(Date.UTC(2026, 0, 1 + (s % 28), 10, i)).toISOString(),
          message: i % 2 === 0 ? { role: 'user', content: text } : { id: `m${s}-${i}`, role: 'assistant', content: [{ type: 'text', text }] },
        }),
      );
    }
    const body = lines.join('\n') + '\n';
    bytes += Buffer.byteLength(body);
    fs.writeFileSync(path.join(dir, `${String(s).padStart(8, '0')}-0000-4000-8000-000000000000.jsonl`), body);
  }
  return { dir, bytes };
}

async function ingestSeconds(conn: RpcClient, repo: string, dir: string, drain: boolean): Promise<number> {
  const started = performance.now();
  await conn.request(P.MemoryIngest.type, { source: 'claude', path: dir });
  // memory/why runs the anchoring pass to its end before it answers.
  if (drain) await conn.request(P.MemoryWhy.type, { repo, name: 'Observable' });
  return (performance.now() - started) / 1000;
}

/** rxjs committed a day before the first session: the anchoring pass reads git as it would in a real repo (the session's commit, each definition as it was there). */
function committed(repo: string): string {
  const day = '2025-12-31T10:00:00Z';
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'b',
    GIT_AUTHOR_EMAIL: 'b@e',
    GIT_COMMITTER_NAME: 'b',
    GIT_COMMITTER_EMAIL: 'b@e',
    GIT_AUTHOR_DATE: day,
    GIT_COMMITTER_DATE: day,
  };
  for (const args of [
    ['add', '.'],
    ['commit', '-q', '-m', 'rxjs'],
  ]) {
    const r = spawnSync('git', ['-C', repo, ...args], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`bench: git ${args.join(' ')} in ${repo}: ${r.stderr}`);
  }
  return repo;
}

export async function run(): Promise<void> {
  const repo = committed(rxjsRepo());
  const { dir, bytes } = sessions(repo);
  const env = { SCRY_MEMORY_SWEEP: '0' };
  const plainHome = tempDir('bench-anchors-plain');
  const home = tempDir('bench-anchors');
  const plain = await connectDaemon({ home: plainHome, daemonScript: path.join(ROOT, 'dist', 'daemon.js'), env });
  const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js'), env });
  try {
    const noIndex = await ingestSeconds(plain, repo, dir, false);
    await conn.request(P.IndexRepo.type, { repo });
    const withIndex = await ingestSeconds(conn, repo, dir, true);
    const mb = bytes / 1e6;
    table(
      `ingest of ${SESSIONS} sessions (${mb.toFixed(2)} MB) naming rxjs symbols`,
      ['repo', 'seconds', 'MB/s'],
      [
        ['not indexed (nothing anchored)', noIndex.toFixed(2), (mb / noIndex).toFixed(2)],
        ['indexed (ingest + anchoring pass)', withIndex.toFixed(2), (mb / withIndex).toFixed(2)],
      ],
    );
    record({
      figure: 'ingest with anchoring, MB/s',
      value: `${(mb / withIndex).toFixed(2)} MB/s`,
      baseline: `no index, nothing anchored ${(mb / noIndex).toFixed(2)} MB/s`,
      ratio: `${(noIndex / withIndex).toFixed(2)}x`,
      target: 'n/a',
    });
    const on: number[] = [];
    const off: number[] = [];
    let lines = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of NAMES) {
        const a = await conn.request(P.Refs.type, { repo, name });
        lines += a.memory?.length ?? 0;
        on.push(a.elapsed_ms * 1000);
        const b = await conn.request(P.Refs.type, { repo, name, memory: false });
        off.push(b.elapsed_ms * 1000);
      }
    }
    const a = summarize(on);
    const b = summarize(off);
    const us = (v: number): string => `${v.toFixed(0)} µs`;
    table(
      'refs on rxjs, daemon time, with and without memory lines',
      ['refs', 'n', 'p50', 'p95'],
      [
        [`with memory (${(lines / on.length).toFixed(1)} lines an answer)`, a.n, us(a.p50), us(a.p95)],
        ['memory: false', b.n, us(b.p50), us(b.p95)],
      ],
    );
    record({
      figure: 'refs p50 with memory lines',
      value: us(a.p50),
      baseline: `memory: false ${us(b.p50)}`,
      ratio: `+${us(a.p50 - b.p50)}`,
      target: '<= +200 µs',
      ok: a.p50 - b.p50 <= 200,
    });
  } finally {
    plain.dispose();
    conn.dispose();
    await stopDaemon(plainHome);
    await stopDaemon(home);
  }
  notesAlone(home, repo);
}

/**
 * The memory lines alone, in this process on the stores the daemon left (no
 * socket, no refs): what one answer's lines cost, read the way the daemon
 * reads them, with less of the machine's noise than the daemon time above.
 */
function notesAlone(home: string, repo: string): void {
  const dir = fs.readdirSync(path.join(home, 'repos')).find((d) => fs.existsSync(path.join(home, 'repos', d, 'index.db')));
  if (dir === undefined) throw new Error(`bench: no index under ${home}/repos`);
  const code = new CodeStore(path.join(home, 'repos', dir, 'index.db'));
  const memory = new MemoryStore(path.join(home, 'memory', 'memory.db'));
  try {
    const resolver = new AnchorResolver();
    const lookup: CodeLookup = {
      indexed: () => true,
      resolve: (_r, m, c) => resolver.resolve(code, repo, m, c),
      current: (_r, k) => resolver.current(code, repo, k),
    };
    const took: number[] = [];
    let lines = 0;
    for (let round = 0; round < ROUNDS * 2; round++) {
      for (const name of NAMES) {
        const started = performance.now();
        lines += notesAbout(memory, lookup, repo, name, 2).length;
        took.push((performance.now() - started) * 1000);
      }
    }
    const t = summarize(took);
    table(
      'memory lines alone (notesAbout in process, same stores)',
      ['n', 'lines an answer', 'p50', 'p95'],
      [[t.n, (lines / took.length).toFixed(1), `${t.p50.toFixed(0)} µs`, `${t.p95.toFixed(0)} µs`]],
    );
    record({
      figure: 'memory lines of one refs answer, in process',
      value: `${t.p50.toFixed(0)} µs p50`,
      baseline: `p95 ${t.p95.toFixed(0)} µs`,
      ratio: 'n/a',
      target: 'n/a',
    });
  } finally {
    memory.close();
    code.close();
  }
}
