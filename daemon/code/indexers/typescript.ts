// scip-typescript, run with the daemon's own Node. A repo without a tsconfig
// gets one inferred into Scry's own folder, and so do the files a repo's
// tsconfigs leave out: nothing is written into the repo.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IndexerMissingError } from '../../errors';
import { SKIP_DIRS, walkRepo } from '../languages/skip';
import { outsideTarget } from '../roots/inside';
import { COVERAGE_FILE } from '../store/locals';
import type { IndexerPlan } from './plan';
import { tsCoverage, uncoveredConfig, type Coverage } from './ts-coverage';

/** The coverage answer with what it depends on, reused by the next build when none of that changed. */
export const COVERAGE_CACHE = 'typescript-coverage.cache.json';

/** What `scry status` reports: how many files the repo's tsconfigs cover and which ones Scry covered itself. */
function writeCoverage(repo: string, workDir: string, c: Coverage): void {
  const sample = c.uncovered.slice(0, 20).map((f) => path.relative(repo, f).split(path.sep).join('/'));
  fs.writeFileSync(path.join(workDir, COVERAGE_FILE), JSON.stringify({ by_tsconfig: c.covered, inferred: c.uncovered.length, inferred_sample: sample }));
}

export const TS_INDEXER = 'scip-typescript';

export function scipTypescriptPackage(): string {
  try {
    return require.resolve('@sourcegraph/scip-typescript/package.json');
  } catch {
    throw new IndexerMissingError(TS_INDEXER, 'node_modules/@sourcegraph/scip-typescript');
  }
}

export function scipTypescriptMain(): string {
  const pkg = scipTypescriptPackage();
  const main = path.join(path.dirname(pkg), 'dist', 'src', 'main.js');
  if (!fs.existsSync(main)) throw new IndexerMissingError(TS_INDEXER, main);
  return main;
}

/** The arguments for one run; writes an inferred tsconfig into workDir when the repo has none. */
export function scipTypescriptArgs(repo: string, output: string, workDir: string): string[] {
  const args = [scipTypescriptMain(), 'index', '--cwd', repo, '--output', output, '--no-progress-bar'];
  const root = path.join(repo, 'tsconfig.json');
  fs.rmSync(path.join(workDir, COVERAGE_FILE), { force: true });
  // SCRY_TS_INFER_UNCOVERED=0 indexes only what the repo's tsconfigs include (as scip-typescript alone does).
  if (fs.existsSync(root) && process.env.SCRY_TS_INFER_UNCOVERED === '0') return args;
  if (fs.existsSync(root)) {
    const coverage = tsCoverage(repo, root, scipTypescriptPackage(), path.join(workDir, COVERAGE_CACHE));
    writeCoverage(repo, workDir, coverage);
    if (coverage.uncovered.length === 0) return args;
    const extra = path.join(workDir, 'tsconfig.uncovered.json');
    fs.writeFileSync(extra, JSON.stringify(uncoveredConfig(root, coverage.uncovered), null, 2));
    // Projects after the first are indexed in the same run; symbols of files both reach are the same strings.
    return [...args, root, extra];
  }
  const hasJsconfig = fs.existsSync(path.join(repo, 'jsconfig.json'));
  const inferred = path.join(workDir, 'tsconfig.inferred.json');
  const config = hasJsconfig
    ? { extends: path.join(repo, 'jsconfig.json'), compilerOptions: { allowJs: true, noEmit: true } }
    : {
        compilerOptions: { allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true, typeRoots: [path.join(repo, 'node_modules', '@types')] },
        include: [path.join(repo, '**', '*')],
        // A link out of the repo is not entered: TypeScript would read (and index) whatever it points at.
        exclude: [...SKIP_DIRS].map((d) => path.join(repo, '**', d)).concat(linksOut(repo).flatMap((l) => [path.join(repo, l), path.join(repo, l, '**')])),
      };
  fs.writeFileSync(inferred, JSON.stringify(config, null, 2));
  return [...args, inferred];
}

/** Repo-relative links (outside SKIP_DIRS and hidden folders) whose target lies outside the repo. */
function linksOut(repo: string): string[] {
  const root = fs.realpathSync.native(repo);
  return walkRepo(repo, (e) => e.isSymbolicLink()).filter((l) => outsideTarget(root, l) !== undefined);
}

export function prepareTypescript(ctx: { repo: string; workDir: string; nodePath: string }): { plan: IndexerPlan } {
  const output = path.join(ctx.workDir, 'typescript.scip');
  return { plan: { language: 'typescript', indexer: TS_INDEXER, command: ctx.nodePath, args: scipTypescriptArgs(ctx.repo, output, ctx.workDir), output } };
}
