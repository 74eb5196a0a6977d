// The daemon's resident memory once it has nothing open: start a real daemon,
// index a real repo (rxjs) and query it, let its store close (idle close cut
// to 2 s), and read RSS at each step. Run three times side by side: as the
// launcher starts the daemon (DAEMON_MALLOC_ENV), as it did before
// (MALLOC_ARENA_MAX=2 alone) and with glibc's defaults; the index time of
// each shows what the allocator settings cost a build.
import * as fs from 'node:fs';
import { connectRunning, DAEMON_MALLOC_ENV } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import { waitFor } from '../live/wait';
import { rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';
import { table } from './stats';
import { record } from './summary';

const NAMES = ['concatMap', 'Observable', 'Subscriber', 'map', 'pipe', 'mergeMap', 'switchMap', 'Subject'];
const MB = (bytes: number): number => Math.round(bytes / 2 ** 20);

interface Measure {
  start: number;
  indexed: number;
  released: number;
  indexMs: number;
}

async function measure(repo: string, env: Record<string, string>): Promise<Measure> {
  const home = tempDir('bench-idle-mem');
  try {
    const started = await scry(['start'], { home, env: { SCRY_IDLE_CLOSE_MS: '2000', ...env } });
    if (started.code !== 0) throw new Error(`start failed: ${started.stderr}`);
    const client = (await connectRunning(home))!;
    try {
      const rss = async (): Promise<number> => (await client.request(P.Status.type, {})).daemon.rss_bytes ?? 0;
      // Let the fresh daemon settle (restore, memory domain) before the baseline.
      await new Promise((r) => setTimeout(r, 2000));
      const start = await rss();
      const t0 = performance.now();
      await client.request(P.IndexRepo.type, { repo });
      const indexMs = performance.now() - t0;
      for (const name of NAMES) {
        await client.request(P.Refs.type, { repo, name });
        await client.request(P.Callers.type, { repo, name });
      }
      const indexed = await rss();
      await waitFor(async () => {
        const s = await client.request(P.Status.type, {});
        return s.index_memory?.open_stores === 0 && !s.index_memory.spare_build_worker;
      }, 'the store and the spare worker to be let go');
      await new Promise((r) => setTimeout(r, 3000));
      return { start, indexed, released: await rss(), indexMs };
    } finally {
      client.dispose();
    }
  } finally {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const repo = rxjsRepo();
  try {
    const tuned = await measure(repo, {});
    const unmapped = { ...DAEMON_MALLOC_ENV };
    delete unmapped.MALLOC_MMAP_THRESHOLD_;
    const noMmap = await measure(repo, { SCRY_GLIBC_DEFAULTS: '1', ...unmapped });
    const before = await measure(repo, { SCRY_GLIBC_DEFAULTS: '1', MALLOC_ARENA_MAX: '2' });
    const glibc = await measure(repo, { SCRY_GLIBC_DEFAULTS: '1' });
    const row = (label: string, m: Measure): Array<string | number> => [
      label,
      MB(m.start),
      MB(m.indexed),
      MB(m.released),
      (m.released / m.start).toFixed(2),
      Math.round(m.indexMs),
    ];
    const named = (env: Record<string, string>): string =>
      Object.entries(env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
    table(
      'daemon RSS (MB): start, after indexing rxjs and 16 queries, after its store closed',
      ['run', 'start', 'indexed', 'stores closed', 'closed / start', 'index ms'],
      [
        row(`as launched (${named(DAEMON_MALLOC_ENV)})`, tuned),
        row(`without the mmap threshold (${named(unmapped)})`, noMmap),
        row('before (MALLOC_ARENA_MAX=2 alone)', before),
        row("glibc's defaults", glibc),
      ],
    );
    const ratio = tuned.released / tuned.start;
    record({
      figure: 'daemon RSS once its stores closed (rxjs)',
      value: `${MB(tuned.released)} MB`,
      baseline: `${MB(tuned.start)} MB at start; ${(before.released / before.start).toFixed(2)}x with MALLOC_ARENA_MAX=2 alone, ${(glibc.released / glibc.start).toFixed(2)}x with glibc's defaults`,
      ratio: `${ratio.toFixed(2)}x start`,
      target: '<= 1.30x start',
      ok: ratio <= 1.3,
    });
  } finally {
    fs.rmSync(repo, { recursive: true, force: true });
  }
}
