// The warm CLI per call (issue 38, items 3, 4 and 6), apart from the skeleton
// bench's index rounds so it can run alone: bare `node -e 0` (what any Node
// process costs here), Node running an empty file, Node loading the CLI's
// entry bundle and nothing else, and `scry refs` answered by a warm daemon as
// JSON and as compact text, all interleaved call by call so the machine's load
// falls on each alike. The same rows for every other supported Node this
// machine has (test/install/nodes.ts: 22 and 24), with the compile cache that
// bin/scry turns on there switched off, and the quick path started from a
// user-land startup snapshot (node --snapshot-blob, built per Node here): the
// variants measured for issue 38 item 4, side by side. Where
// NODE_EXTRA_CA_CERTS is set, Node 20 reads it at every start (~35 ms here),
// so the baseline and the CLI are also run without it. The daemon's own share
// is the answer's elapsed_ms. The native client (a Go build of the
// same design, 8 ms on the same repo) is not run here: the gap to it is the
// floor `node -e 0` sets, printed beside it.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectDaemon } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import type { QueryResult } from '../../daemon/protocol';
import { CLI, ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { supportedNodes } from '../install/nodes';
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

/** A user-land startup snapshot of the quick path: dist/cli.js evaluated (node:net with it) when the blob is built, cliMain run when it is deserialized. */
const snapshotEntry = (entry: string): string =>
  [
    `const file = ${JSON.stringify(entry)};`,
    "const src = require('node:fs').readFileSync(file, 'utf8');",
    'let real;',
    "const req = (id) => (id.startsWith('node:') ? require(id) : (real ??= require('node:module').createRequire(file))(id));",
    'const mod = { exports: {} };',
    "new Function('exports', 'require', 'module', '__filename', '__dirname', src)(mod.exports, req, mod, file, require('node:path').dirname(file));",
    "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => { process.argv.splice(1, 0, file); mod.exports.cliMain(); });",
  ].join('\n');

interface Variant {
  what: string;
  node: string;
  args: (name: string) => string[];
  env?: NodeJS.ProcessEnv;
  /** The row this one's ratio is to: its own Node's bare start, under the same environment. */
  base?: Variant;
  /** Its answer is JSON with the daemon's elapsed_ms. */
  json?: boolean;
  /** The figure issue 38 sets a target for. */
  target?: boolean;
  wall: number[];
  cpu: number[];
}

function timed(v: Variant, name: string, env: NodeJS.ProcessEnv, preload: string): { ms: number; cpu: number; stdout: string } {
  const args = v.args(name);
  const started = performance.now();
  const r = spawnSync(v.node, ['-r', preload, ...args], { env: { ...env, ...v.env }, encoding: 'utf8' });
  const took = performance.now() - started;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${v.node} ${args.join(' ')} failed: ${r.stderr}`);
  const cpu = /cpu-us: (\d+)/.exec(r.stderr);
  if (!cpu) throw new Error(`${v.node} ${args.join(' ')} did not say its CPU time: ${r.stderr}`);
  return { ms: took, cpu: Number(cpu[1]) / 1000, stdout: r.stdout };
}

export async function run(): Promise<void> {
  const repo = rxjsRepo();
  const home = tempDir('bench-cli');
  const env: NodeJS.ProcessEnv = { ...process.env, SCRY_HOME: home };
  delete env.NODE_COMPILE_CACHE;
  const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
  await conn.request(P.IndexRepo.type, { repo });
  conn.dispose();
  const entry = path.join(ROOT, 'dist', 'cli.js');
  const work = tempDir('bench-cli-work');
  const preload = path.join(work, 'cpu.js');
  fs.writeFileSync(preload, CPU_PRELOAD);
  const empty = path.join(work, 'empty.js');
  fs.writeFileSync(empty, '');
  fs.writeFileSync(path.join(work, 'snapshot-entry.js'), snapshotEntry(entry));
  const runs = Number(process.env.BENCH_CLI_RUNS ?? 60);
  const refs =
    (...more: string[]) =>
    (name: string) => [CLI, 'refs', name, '--repo', repo, ...more];
  const variants: Variant[] = [];
  const add = (v: Omit<Variant, 'wall' | 'cpu'>): Variant => {
    const full = { ...v, wall: [], cpu: [] };
    variants.push(full);
    return full;
  };
  /** A blob per Node: it runs only on the node binary that built it. */
  const snapshot = (node: string, major: number): string | undefined => {
    const blob = path.join(work, `cli-${major}.blob`);
    const r = spawnSync(node, ['--snapshot-blob', blob, '--build-snapshot', path.join(work, 'snapshot-entry.js')], { cwd: work, encoding: 'utf8' });
    return r.status === 0 ? blob : undefined;
  };
  const current = Number(process.versions.node.split('.')[0]);
  const nodes = [
    { major: current, bin: process.execPath },
    ...supportedNodes()
      .filter((n) => !n.missing && n.major !== current)
      .map((n) => ({ major: n.major, bin: n.bin })),
  ];
  let main: { bare: Variant; json: Variant } | undefined;
  for (const { major, bin } of nodes) {
    const v = `node ${major}`;
    const bare = add({ what: `${v}: bare node -e 0 (baseline: Node starting and exiting)`, node: bin, args: () => ['-e', '0'] });
    add({ what: `${v}: node running an empty file`, node: bin, args: () => [empty], base: bare });
    add({
      what: `${v}: node loading dist/cli.js only (${(fs.statSync(entry).size / 1024).toFixed(1)} KB, nothing run)`,
      node: bin,
      args: () => ['-e', `require(${JSON.stringify(entry)})`],
      base: bare,
    });
    const json = add({ what: `${v}: scry refs --json`, node: bin, args: refs('--json'), base: bare, json: true, target: true });
    if (major === current)
      add({ what: `${v}: scry refs --format compact (text rendered by the daemon)`, node: bin, args: refs('--format', 'compact'), base: bare, target: true });
    if (major >= 22)
      add({
        what: `${v}: scry refs --json, compile cache off (NODE_DISABLE_COMPILE_CACHE)`,
        node: bin,
        args: refs('--json'),
        env: { NODE_DISABLE_COMPILE_CACHE: '1' },
        base: bare,
      });
    const blob = snapshot(bin, major);
    if (blob)
      add({
        what: `${v}: scry refs --json from a startup snapshot (--snapshot-blob, ${(fs.statSync(blob).size / 1e6).toFixed(1)} MB)`,
        node: bin,
        args: (name) => ['--snapshot-blob', blob, ...refs('--json')(name).slice(1)],
        base: bare,
      });
    if (major === current) main = { bare, json };
    // Node 20 reads NODE_EXTRA_CA_CERTS at every start (22 and 24 on first TLS use), the baseline's too: the same two rows without it.
    if (process.env.NODE_EXTRA_CA_CERTS && major === current) {
      const noCa = { NODE_EXTRA_CA_CERTS: undefined };
      const bareNoCa = add({ what: `${v}: bare node -e 0, NODE_EXTRA_CA_CERTS unset`, node: bin, args: () => ['-e', '0'], env: noCa });
      add({ what: `${v}: scry refs --json, NODE_EXTRA_CA_CERTS unset`, node: bin, args: refs('--json'), env: noCa, base: bareNoCa, target: true });
    }
  }
  const daemon: number[] = [];
  try {
    for (let i = 0; i < runs + 5; i++) {
      const name = NAMES[i % NAMES.length]!;
      for (const v of variants) {
        const r = timed(v, name, env, preload);
        if (i < 5) continue; // the page cache, the compile caches and the daemon's statements warm up
        v.wall.push(r.ms);
        v.cpu.push(r.cpu);
        if (v === main?.json) daemon.push((JSON.parse(r.stdout) as QueryResult).elapsed_ms);
      }
    }
  } finally {
    await stopDaemon(home);
  }
  if (!main) throw new Error('no row for this Node');
  const sum = new Map(variants.map((v) => [v, { wall: summarize(v.wall), cpu: summarize(v.cpu) }]));
  const rows = variants.map((v) => {
    const { wall, cpu } = sum.get(v)!;
    const base = sum.get(v.base ?? v)!;
    return [
      v.what,
      ms(wall.p50),
      ms(wall.p90),
      ratio(wall.p50, base.wall.p50),
      v.target ? verdict(wall.p50 / base.wall.p50, 1.15) : '',
      ms(cpu.p50),
      ms(cpu.p90),
      ratio(cpu.p50, base.cpu.p50),
    ];
  });
  const d = summarize(daemon);
  const b = sum.get(main.bare)!.wall;
  const j = sum.get(main.json)!.wall;
  const cb = sum.get(main.bare)!.cpu;
  const cj = sum.get(main.json)!.cpu;
  table(
    `scry refs per CLI call, warm daemon, rxjs (${runs} calls each, interleaved; ratios to the same Node's bare start)`,
    ['what', 'wall p50', 'wall p90', 'ratio p50 to node -e 0', 'target', 'CPU p50', 'CPU p90', 'CPU ratio p50'],
    [
      ...rows,
      [`  of which the daemon lookup (elapsed_ms, node ${current} --json)`, ms(d.p50), ms(d.p90), '', '', '', '', ''],
      [`a native client of the same design (the issue's figure, not run here)`, `${NATIVE_MS} ms`, '', ratio(NATIVE_MS, b.p50), '', '', '', ''],
    ],
  );
  console.log(
    `scry refs --json is ${ms(j.p50 - NATIVE_MS)} over the native ${NATIVE_MS} ms; Node's own start (node -e 0) is ${ms(b.p50)} of it, scry's part over that ${ms(j.p50 - b.p50)}`,
  );
  console.log(
    `node ${process.version}; NODE_EXTRA_CA_CERTS ${process.env.NODE_EXTRA_CA_CERTS ? 'set (Node 20 reads that bundle at every start, the baseline too)' : 'unset'}; other Nodes from test/install/nodes.ts`,
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
