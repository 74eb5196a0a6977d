// Cold index on a solution-style repo (a root tsconfig with `"files": []` and
// project references), beside raw scip-typescript on the same tree: Remix v2
// (MIT), the last commit whose root tsconfig references its 15 packages and
// its integration tests. The tree comes from a local snapshot of
// github:remix-run/remix (the `fetch` tool's mirror, or REMIX_GIT_DIR); without
// one the bench says so and skips. No node_modules: both sides resolve the
// same imports, so the comparison is fair.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { scipTypescriptMain } from '../../daemon/code/indexers/typescript';
import { connectDaemon } from '../../daemon/client';
import { decodeScip } from '../../daemon/code/scip/decode';
import * as P from '../../daemon/protocol';
import { ROOT, stopDaemon, tempDir } from '../helpers';
import { ms, ratio, summarize, table, verdict } from './stats';
import { record } from './summary';

const COMMIT = '77b1e55568147a6173a6be796fe676e38b12632a';
const GIT_DIR = process.env.REMIX_GIT_DIR ?? '/work/.mirror/remix-run+remix/repo';
const ROUNDS = Number(process.env.BENCH_COLD_ROUNDS) || 3;

function checkout(): string | undefined {
  if (!fs.existsSync(GIT_DIR)) return undefined;
  const dir = tempDir('remix');
  const archive = spawnSync('git', ['--git-dir', GIT_DIR, 'archive', '--format=tar', COMMIT], { maxBuffer: 1 << 28 });
  if (archive.status !== 0) return undefined;
  spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
  spawnSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

export async function run(): Promise<void> {
  const repo = checkout();
  if (!repo) {
    console.log(`skipped: no snapshot of remix-run/remix at ${GIT_DIR} (fetch github:remix-run/remix, or set REMIX_GIT_DIR)`);
    return;
  }
  const refs = (JSON.parse(fs.readFileSync(path.join(repo, 'tsconfig.json'), 'utf8')) as { references: unknown[] }).references.length;
  const home = tempDir('bench-solution');
  const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
  // The same files as scip-typescript alone: a daemon told not to cover files outside the tsconfigs.
  const sameHome = tempDir('bench-solution-same');
  const same = await connectDaemon({
    home: sameHome,
    daemonScript: path.join(ROOT, 'dist', 'daemon.js'),
    env: { ...process.env, SCRY_TS_INFER_UNCOVERED: '0' },
  });
  try {
    const out = path.join(tempDir('bench-solution-raw'), 'index.scip');
    const raw: number[] = [];
    const scry: number[] = [];
    let rawFiles = 0;
    let scryFiles = 0;
    const sameFiles: number[] = [];
    let sameCount = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const r = spawnSync(process.execPath, [scipTypescriptMain(), 'index', '--cwd', repo, '--output', out, '--no-progress-bar'], {
        cwd: repo,
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      raw.push(performance.now() - started);
      if (r.status !== 0) throw new Error(`raw scip-typescript failed: ${r.stdout.slice(-500)} ${r.stderr.slice(-500)}`);
      rawFiles = decodeScip(fs.readFileSync(out), out).documents.length;
      const t = performance.now();
      const built = await conn.request(P.IndexRepo.type, { repo, force: true });
      scry.push(performance.now() - t);
      scryFiles = built.documents;
      const t2 = performance.now();
      const alone = await same.request(P.IndexRepo.type, { repo, force: true });
      sameFiles.push(performance.now() - t2);
      sameCount = alone.documents;
    }
    const sameS = summarize(sameFiles);
    const status = await conn.request(P.Status.type, { repo });
    const coverage = status.repos[0]?.coverage;
    const rawS = summarize(raw);
    const scryS = summarize(scry);
    table(
      `cold index, solution-style repo: Remix v2 (root tsconfig with ${refs} project references), median of ${ROUNDS}`,
      ['what', 'files', 'p50', 'ratio', 'target'],
      [
        ['raw scip-typescript index (baseline)', rawFiles, ms(rawS.p50), '1.00x', ''],
        [
          'scry index --force, the same files (SCRY_TS_INFER_UNCOVERED=0)',
          sameCount,
          ms(sameS.p50),
          ratio(sameS.p50, rawS.p50),
          verdict(sameS.p50 / rawS.p50, 1.1),
        ],
        ['scry index --force, files outside the tsconfigs too (default)', scryFiles, ms(scryS.p50), ratio(scryS.p50, rawS.p50), 'more files than the baseline'],
      ],
    );
    record({
      figure: `cold index vs raw scip-typescript, solution-style (Remix v2, ${refs} references), same files`,
      value: ms(sameS.p50),
      baseline: `scip-typescript ${ms(rawS.p50)}`,
      ratio: ratio(sameS.p50, rawS.p50),
      target: '<= 1.10x',
      ok: sameS.p50 / rawS.p50 <= 1.1,
    });
    if (coverage)
      console.log(
        `coverage: ${coverage.by_tsconfig} files by the repo's tsconfigs, ${coverage.inferred} more by an inferred config (raw scip-typescript does not see those)`,
      );
  } finally {
    conn.dispose();
    same.dispose();
    await stopDaemon(home);
    await stopDaemon(sameHome);
  }
}
