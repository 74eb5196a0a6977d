// Call-graph accuracy: `scry callers` and `scry callees` against the
// TypeScript language service's call hierarchy, call site by call site, on
// two real repos nobody here wrote (rxjs's src/, ajv's lib/). The sample is
// the rule in callgraph-oracle.ts. Every listed call site counts: one site
// listed twice (under two symbols) is one hit and one extra. The same for
// Go against gopls's call hierarchy (callgraph-go.ts), where both are installed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { connectDaemon, type RpcClient } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import type { QueryResult } from '../../daemon/protocol';
import { ajvRepo, ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { GO_MODULE, goBin, goModuleRepo, goTruth, sampleGo } from './callgraph-go';
import { CallOracle, type Sampled, type Site } from './callgraph-oracle';
import { PY_PACKAGE_DIR, PyrightOracle, pythonPackageRepo, samplePython } from './callgraph-python';
import { table } from './stats';
import { record } from './summary';

interface Score {
  truth: number;
  listed: number;
  hits: number;
  misses: string[];
  extras: string[];
}

const score = (): Score => ({ truth: 0, listed: 0, hits: 0, misses: [], extras: [] });

/** Every occurrence an answer lists, as sites (a site listed twice is there twice). */
const listed = (r: QueryResult): Site[] => r.matches.flatMap((m) => m.occurrences.map((o) => `${o.file}:${o.line}:${o.column}`));

function compare(s: Score, name: string, truth: Set<Site>, got: Site[]): void {
  s.truth += truth.size;
  s.listed += got.length;
  const seen = new Set<Site>();
  for (const g of got) {
    if (truth.has(g) && !seen.has(g)) s.hits++;
    else s.extras.push(`${name}: ${seen.has(g) ? 'repeated' : 'extra'} ${g}`);
    seen.add(g);
  }
  for (const t of truth) if (!seen.has(t)) s.misses.push(`${name}: missed ${t}`);
}

const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((a / b) * 100).toFixed(1)}%`);

export interface RepoScore {
  label: string;
  /** Whose call hierarchy is the truth. */
  oracle: string;
  sample: Sampled[];
  callers: Score;
  callees: Score;
}

/** The repo's rows: its functions by the first sample rule, and its object-literal methods by the second (callgraph-oracle.ts). */
export async function measureRepo(conn: RpcClient, label: string, repo: string, srcDir: string): Promise<RepoScore[]> {
  await conn.request(P.IndexRepo.type, { repo });
  const oracle = new CallOracle(repo, srcDir);
  const rows = [await measureSample(conn, label, repo, oracle, oracle.sample())];
  const methods = oracle.sampleObjectMethods();
  if (methods.length > 0) rows.push(await measureSample(conn, `${label} object-literal methods`, repo, oracle, methods));
  else console.log(`${label}: no object-literal method by the sample rule`);
  return rows;
}

async function measureSample(conn: RpcClient, label: string, repo: string, oracle: CallOracle, sample: Sampled[]): Promise<RepoScore> {
  const callers = score();
  const callees = score();
  for (const d of sample) {
    const truth = oracle.truth(d);
    compare(callers, d.name, truth.callers, listed(await conn.request(P.Callers.type, { repo, name: d.name })));
    compare(callees, d.name, truth.callees, listed(await conn.request(P.Callees.type, { repo, name: d.name })));
  }
  return { label, oracle: 'the TS call hierarchy', sample, callers, callees };
}

/**
 * Scores one oracle's sample: each function's callers and callees against its truth (a function the
 * oracle cannot place is said and skipped; one with no call site in or out is counted and left out).
 */
async function scoreSample<F extends { name: string; file: string }>(
  conn: RpcClient,
  repo: string,
  language: string,
  functions: readonly F[],
  truthOf: (f: F) => Promise<{ callers: Set<Site>; callees: Set<Site> } | { skip: string }>,
  keep: (sites: Site[]) => Site[] = (sites) => sites,
): Promise<{ sample: Sampled[]; callers: Score; callees: Score }> {
  const sample: Sampled[] = [];
  const callers = score();
  const callees = score();
  let idle = 0;
  for (const f of functions) {
    const truth = await truthOf(f);
    if ('skip' in truth) {
      console.log(`  ${truth.skip}`);
      continue;
    }
    if (truth.callers.size + truth.callees.size === 0) {
      idle++;
      continue;
    }
    sample.push({ name: f.name, file: f.file, pos: 0, local: false });
    compare(callers, f.name, truth.callers, keep(listed(await conn.request(P.Callers.type, { repo, name: f.name }))));
    compare(callees, f.name, truth.callees, keep(listed(await conn.request(P.Callees.type, { repo, name: f.name }))));
  }
  console.log(`${language}: ${sample.length} sampled functions with a call site in or out (${idle} without any left out)`);
  return { sample, callers, callees };
}

/** The same, for Go against gopls; undefined (with the reason printed) where gopls or scip-go is not installed. */
async function measureGo(conn: RpcClient): Promise<RepoScore | undefined> {
  const bin = goBin();
  const gopls = bin && path.join(bin, 'gopls');
  if (!gopls || !fs.existsSync(gopls) || !fs.existsSync(path.join(bin, 'scip-go'))) {
    console.log(
      `Go call graph vs gopls: skipped, gopls and scip-go are not both in ${bin ?? '$(go env GOPATH)/bin'} (go install golang.org/x/tools/gopls@v0.23.0; scip-go as .ci/run installs it)`,
    );
    return undefined;
  }
  const repo = goModuleRepo(tempDir('gomod'));
  if (typeof repo !== 'string') {
    console.log(`Go call graph vs gopls: skipped, ${repo.skip}`);
    return undefined;
  }
  await conn.request(P.IndexRepo.type, { repo });
  const nonTest = (sites: Site[]): Site[] => sites.filter((s) => !s.split(':')[0]!.endsWith('_test.go'));
  const { sample, callers, callees } = await scoreSample(conn, repo, 'Go', sampleGo(repo), async (f) => goTruth(gopls, repo, f), nonTest);
  return { label: GO_MODULE, oracle: 'gopls call_hierarchy', sample, callers, callees };
}

/** The same, for Python against pyright's call hierarchy; undefined (with the reason printed) where the package is not installed. */
export async function measurePython(conn: RpcClient): Promise<RepoScore | undefined> {
  const repo = pythonPackageRepo(tempDir('pypkg'));
  if (typeof repo !== 'string') {
    console.log(`Python call graph vs pyright: skipped, ${repo.skip}`);
    return undefined;
  }
  await conn.request(P.IndexRepo.type, { repo });
  const oracle = await PyrightOracle.start(repo);
  try {
    const { sample, callers, callees } = await scoreSample(conn, repo, 'Python', samplePython(repo), (f) => oracle.truth(f));
    return { label: `${PY_PACKAGE_DIR} (Debian python3-requests)`, oracle: 'pyright call hierarchy', sample, callers, callees };
  } finally {
    oracle.dispose();
  }
}

export async function run(): Promise<void> {
  const home = tempDir('bench-callgraph');
  const bin = goBin();
  // The daemon finds scip-go on PATH, where go install puts it.
  if (bin) process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
  const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
  try {
    const results = [...(await measureRepo(conn, 'rxjs 7.8.2 src/', rxjsRepo(), 'src')), ...(await measureRepo(conn, 'ajv 8.20.0 lib/', ajvRepo(), 'lib'))];
    const go = await measureGo(conn);
    if (go) results.push(go);
    const py = await measurePython(conn);
    if (py) results.push(py);
    const rows = results.flatMap((r) => [
      [
        r.label,
        'callers',
        `${r.sample.length} (${r.sample.filter((d) => d.local).length} local)`,
        r.callers.truth,
        r.callers.listed,
        pct(r.callers.hits, r.callers.truth),
        pct(r.callers.hits, r.callers.listed),
      ],
      [r.label, 'callees', '', r.callees.truth, r.callees.listed, pct(r.callees.hits, r.callees.truth), pct(r.callees.hits, r.callees.listed)],
    ]);
    table(
      "call graph vs the compilers' call hierarchies (TypeScript, gopls, pyright), call site by call site",
      ['repo', 'query', 'functions', 'sites (oracle)', 'sites listed', 'recall', 'precision'],
      rows,
    );
    for (const r of results) {
      for (const [what, s] of [
        ['callers', r.callers],
        ['callees', r.callees],
      ] as const) {
        const wrong = [...s.misses, ...s.extras];
        if (wrong.length > 0)
          console.log(`\n${r.label} ${what}, ${s.misses.length} missed, ${s.extras.length} extra (first 15):\n  ${wrong.slice(0, 15).join('\n  ')}`);
        const recall = s.hits / Math.max(1, s.truth);
        const precision = s.hits / Math.max(1, s.listed);
        record({
          figure: `${what} recall / precision vs ${r.oracle} (${r.sample.length} ${r.label} functions)`,
          value: `${pct(s.hits, s.truth)} / ${pct(s.hits, s.listed)}`,
          baseline: `${r.oracle}: ${s.truth} sites`,
          ratio: '',
          target: '>= 99% / >= 99%',
          ok: recall >= 0.99 && precision >= 0.99,
        });
      }
    }
  } finally {
    conn.dispose();
    await stopDaemon(home);
  }
}
