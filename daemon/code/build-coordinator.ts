// One build at a time per repo (concurrent asks share it), run in the build
// worker, swapped in through the store cache, reported as progress and swaps.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { errorMessage, ScryError } from '../errors';
import type { IndexResult, ProgressEvent } from '../protocol';
import { BuildRunner } from './build-runner';
import type { LiveRepo } from './live';
import { indexResultOf } from './project';
import type { RepoEntry } from './repo-registry';
import type { StoreCache } from './store-cache';

export interface BuildCoordinatorOptions {
  home: string;
  nodePath: string;
  stores: StoreCache;
  log(line: string): void;
  onProgress(event: ProgressEvent): void;
  onSwapped(result: IndexResult): void;
}

export class BuildCoordinator {
  private readonly running = new Map<string, Promise<IndexResult>>();
  private readonly aborter = new AbortController();
  private readonly runner = new BuildRunner();
  // How long the event loop stalls while builds run and swap: queries wait that long.
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly options: BuildCoordinatorOptions) {
    this.loopDelay.enable();
  }

  isBuilding(entry: RepoEntry): boolean {
    return this.running.has(entry.repo);
  }

  /** No build runs: the worker kept for the next one is let go. */
  releaseIdle(): void {
    if (this.running.size === 0) this.runner.releaseSpare();
  }

  /** What builds hold between builds: a worker started ahead, or none. */
  get holdsSpareWorker(): boolean {
    return this.runner.hasSpare;
  }

  /** Builds the repo, or joins the build already under way. */
  build(entry: RepoEntry, live: LiveRepo | undefined, scip?: string): Promise<IndexResult> {
    const existing = this.running.get(entry.repo);
    if (existing) return existing;
    const run = this.run(entry, live, scip).finally(() => this.running.delete(entry.repo));
    this.running.set(entry.repo, run);
    return run;
  }

  /** Abandons running builds (their .next is removed) and waits for them to settle. */
  async dispose(): Promise<void> {
    this.aborter.abort();
    await Promise.allSettled(this.running.values());
    this.runner.dispose();
    this.loopDelay.disable();
  }

  private async run(entry: RepoEntry, live: LiveRepo | undefined, scip?: string): Promise<IndexResult> {
    const { log } = this.options;
    const emit = (e: Omit<ProgressEvent, 'repo'>): void => this.options.onProgress({ repo: entry.repo, ...e });
    log(`build start ${entry.repo}${scip ? ` from ${scip}` : ''}`);
    // Changes up to here are covered by this build; the overlay keeps later ones.
    const coveredSeq = live?.buildStarted();
    let swapped = false;
    try {
      const outcome = await this.runner.run({
        repo: entry.repo,
        workDir: entry.dir,
        nodePath: this.options.nodePath,
        home: this.options.home,
        scipFile: scip,
        onProgress: emit,
        signal: this.aborter.signal,
        log,
      });
      emit({ phase: 'swapping', message: 'swapping in the new index' });
      log(`swap begin ${entry.repo}`);
      const store = this.options.stores.swap(entry, outcome.nextPath);
      log(`swap done ${entry.repo}`);
      swapped = true;
      entry.lastError = undefined;
      entry.lastUsed = Date.now();
      const result = indexResultOf(entry.repo, store.meta());
      if (coveredSeq !== undefined) live?.buildEnded(coveredSeq, true);
      this.options.onSwapped(result);
      log(`event loop delay since the previous swap: p99 ${(this.loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(this.loopDelay.max / 1e6).toFixed(1)} ms`);
      this.loopDelay.reset();
      log(`build done ${entry.repo}: ${result.documents} documents, ${result.symbols} symbols, ${result.occurrences} occurrences in ${result.duration_ms} ms`);
      emit({ phase: 'done', message: `indexed ${result.documents} files, ${result.symbols} symbols`, percent: 100 });
      return result;
    } catch (err) {
      entry.lastError = errorMessage(err);
      log(`build failed ${entry.repo}: ${entry.lastError}`);
      emit({ phase: 'failed', message: entry.lastError });
      throw err instanceof ScryError ? err : new ScryError(errorMessage(err));
    } finally {
      if (!swapped && coveredSeq !== undefined) live?.buildEnded(coveredSeq, false);
    }
  }
}
