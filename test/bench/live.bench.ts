// Live index under load, on a real copy of rxjs: one client fires refs queries
// continuously (paced at ~250/s) while files are saved and the watcher rebuilds
// the index again and again. Prints total and failed queries, latency
// percentiles, the pause a swap causes, and the overlay latency from a save to
// the new reference being answered (target p95 <= 200 ms).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { connectDaemon } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import { rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';
import { ms, summarize, table, verdict } from './stats';
import { record } from './summary';

const ROUNDS = Number(process.env.LIVE_BENCH_ROUNDS) || 6;
const SAVES_PER_ROUND = 5;
const PACE_MS = 4;
const NAMES = ['concatMap', 'Observable', 'mergeMap', 'Subscriber', 'map', 'switchMap'];
const FILES = ['operators/concatMapTo.ts', 'operators/mergeAll.ts', 'operators/switchMapTo.ts', 'operators/exhaustAll.ts', 'operators/concatAll.ts'];

const sleep = (t: number): Promise<void> => new Promise((r) => setTimeout(r, t));

export async function run(): Promise<void> {
  const home = tempDir('bench-live');
  const repo = rxjsRepo();
  const env = { SCRY_COOLDOWN_MS: '0' };
  const first = await scry(['index', repo, '--json'], { home, env });
  if (first.code !== 0) throw new Error(`initial index failed: ${first.stderr}`);
  const conn = await connectDaemon({ home, spawn: false });
  const swaps: number[] = [];
  const buildStarts: number[] = [];
  conn.onNotification(P.IndexSwapped.type, () => {
    swaps.push(performance.now());
  });
  conn.onNotification(P.Progress.type, (e) => {
    if (e.phase === 'indexing' && e.message.startsWith('running')) buildStarts.push(performance.now());
  });

  // The load: one query every PACE_MS, never waiting for answers.
  const samples: Array<{ at: number; ms: number }> = [];
  let failed = 0;
  let running = true;
  let sent = 0;
  const inFlight = new Set<Promise<unknown>>();
  const load = (async () => {
    while (running) {
      const name = NAMES[sent++ % NAMES.length]!;
      const at = performance.now();
      const q: Promise<unknown> = conn.request(P.Refs.type, { repo, name, limit: 50 }).then(
        (r) => {
          if (r.total > 0) samples.push({ at, ms: performance.now() - at });
          else failed++;
        },
        () => failed++,
      );
      inFlight.add(q);
      void q.finally(() => inFlight.delete(q));
      await sleep(PACE_MS);
    }
  })();

  const overlay: number[] = [];
  const loadStart = performance.now();
  let rebuildsSeen = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (let s = 0; s < SAVES_PER_ROUND; s++) {
      const rel = `src/internal/${FILES[s % FILES.length]}`;
      const probe = `benchProbe${round}x${s}`;
      const saved = performance.now();
      fs.appendFileSync(path.join(repo, rel), `\nexport function ${probe}() {\n  return concatMap(() => source${round});\n}\n`);
      // Poll the way an agent would: ask until the new definition answers.
      for (;;) {
        const r = await conn.request(P.Defs.type, { repo, name: probe });
        if (r.total > 0) break;
        if (performance.now() - saved > 30_000) throw new Error(`${probe} never showed up`);
        await sleep(1);
      }
      overlay.push(performance.now() - saved);
    }
    // Let the watcher's rebuild land before the next round of saves.
    const before = swaps.length;
    while (swaps.length === before) await sleep(20);
    rebuildsSeen++;
    console.error(
      `round ${round + 1}/${ROUNDS}: overlay ${overlay
        .slice(-SAVES_PER_ROUND)
        .map((v) => v.toFixed(0))
        .join(' ')} ms, ${samples.length} answers, ${failed} failed`,
    );
    for (;;) {
      const st = await conn.request(P.Status.type, { repo });
      if (!st.repos[0]!.building && st.repos[0]!.overlay_files === 0) break;
      await sleep(50);
    }
  }
  const loadMs = performance.now() - loadStart;
  console.error('load done');
  running = false;
  await load;
  await Promise.allSettled([...inFlight]);
  conn.dispose();

  const status = await scry(['status', '--repo', repo, '--json'], { home });
  const lastBuild = (JSON.parse(status.stdout) as P.StatusResult).repos[0]!.last_build_ms;
  const log = fs.readFileSync(path.join(home, 'logs', 'scryd.log'), 'utf8').split('\n');
  await stopDaemon(home);

  // The swap pause: the slowest answer to a query sent within 2 s before a swap landed.
  const pauses = swaps.map((t) => Math.max(0, ...samples.filter((s) => s.at >= t - 2000 && s.at <= t).map((s) => s.ms)));
  const swapOnly = swapDurations(log);
  const loopMax = log.filter((l) => l.includes('event loop delay since')).map((l) => Number(/max ([\d.]+) ms/.exec(l)?.[1] ?? NaN));
  const q = summarize(samples.map((s) => s.ms));
  const inBuild = (t: number): boolean => buildStarts.some((b, i) => t >= b && t <= (swaps.find((w) => w > b) ?? Infinity) && i >= 0);
  const qb = summarize(samples.filter((s) => inBuild(s.at)).map((s) => s.ms));
  const qi = summarize(samples.filter((s) => !inBuild(s.at)).map((s) => s.ms));
  const o = summarize(overlay);
  const total = samples.length + failed;
  table(
    'live index under load (rxjs, refs queries paced every 4 ms, saves + watcher rebuilds)',
    ['figure', 'value'],
    [
      ['queries total', total],
      ['queries failed', `${failed} ${failed === 0 ? '(ok)' : '(MISS: must be 0)'}`],
      ['query rate', `${(total / (loadMs / 1000)).toFixed(0)}/s ${total / (loadMs / 1000) >= 200 ? '(ok, >= 200/s)' : '(MISS, < 200/s)'}`],
      ['query latency p50 / p99 (all)', `${ms(q.p50)} / ${ms(q.p99)}`],
      ['  while no build runs', `${ms(qi.p50)} / ${ms(qi.p99)} (n=${qi.n})`],
      ['  while a build runs', `${ms(qb.p50)} / ${ms(qb.p99)} (n=${qb.n})`],
      ['rebuilds swapped in', `${swaps.length} (rounds ${rebuildsSeen}, last build ${lastBuild} ms)`],
      ['swap pause seen by clients (max per rebuild)', pauses.map((p) => ms(p)).join(', ')],
      ['swap itself (close + rename + open), max', ms(Math.max(...swapOnly))],
      ['daemon event-loop stall per rebuild (max)', loopMax.map((v) => ms(v)).join(', ')],
      ['overlay save -> queryable p50 / p95 / max', `${ms(o.p50)} / ${ms(o.p95)} / ${ms(Math.max(...overlay))}`],
      ['overlay p95 verdict', verdict(o.p95, 200)],
    ],
  );
  const pauseMax = Math.max(0, ...pauses);
  record({
    figure: 'queries while a rebuild runs, p99 (rxjs, 2 cores)',
    value: ms(qb.p99),
    baseline: `no build running ${ms(qi.p99)}`,
    ratio: `${(qb.p99 / qi.p99).toFixed(2)}x`,
    target: '<= 20 ms',
    ok: qb.p99 <= 20,
  });
  record({
    figure: 'client-visible swap pause, max',
    value: ms(pauseMax),
    baseline: `swap itself ${ms(Math.max(...swapOnly))}`,
    ratio: '',
    target: '<= 20 ms',
    ok: pauseMax <= 20,
  });
}

/** Durations between 'swap begin' and 'swap done' log lines, in ms. */
function swapDurations(lines: string[]): number[] {
  const out: number[] = [];
  let begin: number | undefined;
  for (const l of lines) {
    const t = Date.parse(l.slice(0, 24));
    if (l.includes('] swap begin ')) begin = t;
    else if (l.includes('] swap done ') && begin !== undefined) {
      out.push(t - begin);
      begin = undefined;
    }
  }
  return out;
}
