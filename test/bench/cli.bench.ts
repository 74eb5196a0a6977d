// The warm CLI per call (issue 38, items 3 and 6), apart from the skeleton
// bench's index rounds so it can run alone: bare `node -e 0` (what any Node
// process costs here), Node loading the CLI's entry bundle and nothing else,
// and `scry refs` answered by a warm daemon as JSON and as compact text, all
// interleaved call by call so the machine's load falls on each alike. The
// daemon's own share is the answer's elapsed_ms. The native client (a
// Go build of the same design, 8 ms on the same repo) is not run here: the
// gap to it is the floor `node -e 0` sets, printed beside it.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectDaemon } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import type { QueryResult } from '../../daemon/protocol';
import { CLI, ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { ms, ratio, summarize, table, verdict } from './stats';
import { record } from './summary';

const NAMES = ['mergeMap', 'Observable', 'concatMap', 'switchMap', 'Subject', 'pipe'];
/** The figure for a native client of the same design on the same repo. */
const NATIVE_MS = 8;

/**
 * Says, as the process exits, the CPU time it used (user + system, since it
 * started): on a machine loaded past its cores the wall time is mostly the
 * wait for one, and the CPU time is the work each process did. Preloaded in
 * every run, the baseline's too.
 */
const CPU_PRELOAD = "process.on('exit', () => { const u = process.cpuUsage(); require('fs').writeSync(2, '\\ncpu-us: ' + (u.user + u.system) + '\\n'); });\n";

function timed(args: string[], env: NodeJS.ProcessEnv, preload: string): { ms: number; cpu: number; stdout: string } {
  const started = performance.now();
  const r = spawnSync(process.execPath, ['-r', preload, ...args], { env, encoding: 'utf8' });
  const took = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`node ${args.join(' ')} failed: ${r.stderr}`);
  const cpu = /cpu-us: (\d+)/.exec(r.stderr);
  if (!cpu) throw new Error(`node ${args.join(' ')} did not say its CPU time: ${r.stderr}`);
  return { ms: took, cpu: Number(cpu[1]) / 1000, stdout: r.stdout };
}

export async function run(): Promise<void> {
  const repo = rxjsRepo();
  const home = tempDir('bench-cli');
  const env = { ...process.env, SCRY_HOME: home };
  const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
  await conn.request(P.IndexRepo.type, { repo });
  conn.dispose();
  const entry = path.join(ROOT, 'dist', 'cli.js');
  const preload = path.join(tempDir('bench-cli-preload'), 'cpu.js');
  fs.writeFileSync(preload, CPU_PRELOAD);
  const cpu = { bare: [] as number[], load: [] as number[], json: [] as number[], compact: [] as number[] };
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 60);
  const bare: number[] = [];
  const load: number[] = [];
  const json: number[] = [];
  const compact: number[] = [];
  const daemon: number[] = [];
  try {
    for (let i = 0; i < runs + 5; i++) {
      const name = NAMES[i % NAMES.length]!;
      const b = timed(['-e', '0'], env, preload);
      const l = timed(['-e', `require(${JSON.stringify(entry)})`], env, preload);
      const j = timed([CLI, 'refs', name, '--repo', repo, '--json'], env, preload);
      const c = timed([CLI, 'refs', name, '--repo', repo, '--format', 'compact'], env, preload);
      if (i < 5) continue; // the page cache and the daemon's statements warm up
      bare.push(b.ms);
      load.push(l.ms);
      json.push(j.ms);
      compact.push(c.ms);
      cpu.bare.push(b.cpu);
      cpu.load.push(l.cpu);
      cpu.json.push(j.cpu);
      cpu.compact.push(c.cpu);
      daemon.push((JSON.parse(j.stdout) as QueryResult).elapsed_ms);
    }
  } finally {
    await stopDaemon(home);
  }
  const [b, l, j, c, d] = [bare, load, json, compact, daemon].map(summarize) as [
    ReturnType<typeof summarize>,
    ReturnType<typeof summarize>,
    ReturnType<typeof summarize>,
    ReturnType<typeof summarize>,
    ReturnType<typeof summarize>,
  ];
  const [cb, cl, cj, cc] = [cpu.bare, cpu.load, cpu.json, cpu.compact].map(summarize) as [typeof b, typeof b, typeof b, typeof b];
  table(
    `scry refs per CLI call, warm daemon, rxjs (${runs} calls each, interleaved)`,
    ['what', 'wall p50', 'wall p90', 'ratio p50 to node -e 0', 'target', 'CPU p50', 'CPU p90', 'CPU ratio p50'],
    [
      ['bare node -e 0 (baseline: Node starting and exiting)', ms(b.p50), ms(b.p90), '1.00x', '', ms(cb.p50), ms(cb.p90), '1.00x'],
      [
        `node loading dist/cli.js only (${(fs.statSync(entry).size / 1024).toFixed(1)} KB, nothing run)`,
        ms(l.p50),
        ms(l.p90),
        ratio(l.p50, b.p50),
        '',
        ms(cl.p50),
        ms(cl.p90),
        ratio(cl.p50, cb.p50),
      ],
      ['scry refs --json', ms(j.p50), ms(j.p90), ratio(j.p50, b.p50), verdict(j.p50 / b.p50, 1.15), ms(cj.p50), ms(cj.p90), ratio(cj.p50, cb.p50)],
      [
        'scry refs --format compact (text rendered by the daemon)',
        ms(c.p50),
        ms(c.p90),
        ratio(c.p50, b.p50),
        verdict(c.p50 / b.p50, 1.15),
        ms(cc.p50),
        ms(cc.p90),
        ratio(cc.p50, cb.p50),
      ],
      ['  of which the daemon lookup (elapsed_ms)', ms(d.p50), ms(d.p90), '', '', '', '', ''],
      [`a native client of the same design (the issue's figure, not run here)`, `${NATIVE_MS} ms`, '', ratio(NATIVE_MS, b.p50), '', '', '', ''],
    ],
  );
  console.log(
    `scry refs --json is ${ms(j.p50 - NATIVE_MS)} over the native ${NATIVE_MS} ms; Node's own start (node -e 0) is ${ms(b.p50)} of it, scry's part over that ${ms(j.p50 - b.p50)}`,
  );
  console.log(
    `node ${process.version}: module.enableCompileCache ${typeof (require('node:module') as { enableCompileCache?: unknown }).enableCompileCache === 'function' ? 'available' : 'not available (Node 22.1 and later)'}; NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? 'set (every node here, the baseline too, reads that bundle at start)' : 'unset'}`,
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  record({
    figure: 'CLI warm vs bare node -e 0 (scry refs --json)',
    value: ms(j.p50),
    baseline: `node -e 0 ${ms(b.p50)}`,
    ratio: ratio(j.p50, b.p50),
    target: '<= 1.15x',
    ok: j.p50 / b.p50 <= 1.15,
  });
  record({
    figure: 'CLI warm vs bare node -e 0, CPU time (scry refs --json)',
    value: ms(cj.p50),
    baseline: `node -e 0 ${ms(cb.p50)}`,
    ratio: ratio(cj.p50, cb.p50),
    target: '<= 1.15x',
    ok: cj.p50 / cb.p50 <= 1.15,
  });
  record({
    figure: 'scry refs per CLI call against a native client',
    value: ms(j.p50),
    baseline: `native ${NATIVE_MS} ms (issue's figure); node -e 0 ${ms(b.p50)}`,
    ratio: ratio(j.p50, NATIVE_MS),
    target: 'report',
  });
}
