// Query latency on a real corpus (rxjs): p50/p95 per method, as the daemon
// measures itself (elapsed_ms) and as a client sees it over the socket.
import * as path from 'node:path';
import { connectDaemon } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import { ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { ms, summarize, table } from './stats';

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
  'Observable.subscribe',
  'Subject#next',
];
const PATTERNS = ['map', 'sMT', 'ubscri', 'Sched', 'conc', 'switchMap', 'ObsInp', 'error'];
const FILES = ['src/internal/Observable.ts', 'src/internal/Subscriber.ts', 'src/internal/operators/mergeInternals.ts', 'src/internal/types.ts'];
const ROUNDS = 20;

export async function run(): Promise<void> {
  const home = tempDir('bench-query');
  const repo = rxjsRepo();
  const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
  try {
    const built = await conn.request(P.IndexRepo.type, { repo });
    console.log(`rxjs: ${built.documents} files, ${built.symbols} symbols, ${built.occurrences} occurrences, indexed in ${built.duration_ms} ms`);
    const cases: Array<[string, Array<() => Promise<{ elapsed_ms: number }>>]> = [
      ['refs', NAMES.map((name) => () => conn.request(P.Refs.type, { repo, name }))],
      ['defs', NAMES.map((name) => () => conn.request(P.Defs.type, { repo, name }))],
      ['callers', NAMES.map((name) => () => conn.request(P.Callers.type, { repo, name }))],
      ['callers --all-refs', NAMES.map((name) => () => conn.request(P.Callers.type, { repo, name, all_refs: true }))],
      ['callees', NAMES.map((name) => () => conn.request(P.Callees.type, { repo, name }))],
      ['impls', NAMES.map((name) => () => conn.request(P.Impls.type, { repo, name }))],
      ['search', PATTERNS.map((pattern) => () => conn.request(P.Search.type, { repo, pattern }))],
      ['symbols', FILES.map((file) => () => conn.request(P.Symbols.type, { repo, file }))],
      ['impact --depth 3', NAMES.map((name) => () => conn.request(P.Impact.type, { repo, name, depth: 3 }))],
    ];
    const rows: Array<Array<string | number>> = [];
    for (const [method, requests] of cases) {
      const inside: number[] = [];
      const roundTrip: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        // One request at a time: latency, not throughput.
        for (const send of requests) {
          const started = performance.now();
          const r = await send();
          roundTrip.push(performance.now() - started);
          inside.push(r.elapsed_ms);
        }
      }
      const a = summarize(inside);
      const b = summarize(roundTrip);
      rows.push([method, a.n, ms(a.p50), ms(a.p95), ms(b.p50), ms(b.p95)]);
    }
    table(
      'query latency on rxjs (daemon time, and round trip over the socket)',
      ['method', 'n', 'daemon p50', 'daemon p95', 'round trip p50', 'round trip p95'],
      rows,
    );
  } finally {
    conn.dispose();
    await stopDaemon(home);
  }
}
