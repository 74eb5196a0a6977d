// What every kind of build (seed, syntactic first index, precise build) works
// with: the stores it swaps into, the worker runner, and where it reports.
import type { IndexResult, ProgressEvent } from '../../protocol';
import type { BuildOptions, BuildOutcome } from './build-index';
import type { BuildRunner } from './runner';
import type { RepoEntry } from '../repo-registry';
import type { StoreCache } from '../store-cache';

export interface BuildContext {
  home: string;
  nodePath: string;
  stores: StoreCache;
  runner: BuildRunner;
  signal: AbortSignal;
  log(line: string): void;
  onSwapped(result: IndexResult): void;
}

/** One build of the repo in the worker: the options every kind shares, plus its own. */
export function runInWorker(
  ctx: BuildContext,
  entry: RepoEntry,
  onProgress: (e: Omit<ProgressEvent, 'repo'>) => void,
  own: Pick<BuildOptions, 'scipFile' | 'syntacticFirst'>,
): Promise<BuildOutcome> {
  return ctx.runner.run({
    repo: entry.repo,
    workDir: entry.dir,
    nodePath: ctx.nodePath,
    home: ctx.home,
    onProgress,
    signal: ctx.signal,
    log: (l) => ctx.log(l),
    ...own,
  });
}
