// One build at a time per repo (concurrent asks share it), run in the build
// worker, swapped in through the store cache, reported as progress and swaps.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { errorMessage, ScryError } from '../errors';
import type { BuildProgress, IndexResult, ProgressEvent } from '../protocol';
import { BuildPace } from './build-pace';
import { BuildRunner } from './build-runner';
import { BuildSlots, maxBuildsFromEnv } from './build-slots';
import type { LiveRepo } from './live';
import { indexResultOf } from './project';
import type { RepoEntry } from './repo-registry';
import { copyIndex, differingFiles, missingDependencies } from './seed';
import type { StoreCache } from './store-cache';
import type { IndexMeta } from './store/store';

export interface BuildCoordinatorOptions {
  home: string;
  nodePath: string;
  stores: StoreCache;
  log(line: string): void;
  onProgress(event: ProgressEvent): void;
  onSwapped(result: IndexResult): void;
  /** Precise builds running at once across repos (default: SCRY_MAX_BUILDS, else half the cores, at least one). */
  maxBuilds?: number;
  /** Off: a repo with no index waits for its precise build, as before the first index existed. */
  firstIndex: boolean;
  /** The indexed sibling a new checkout can start from (see seed/), if any. */
  siblingOf?(entry: RepoEntry): Promise<Sibling | undefined>;
}

export type FirstStart = 'seed' | 'syntactic' | 'index';

export interface Sibling {
  repo: string;
  /** Its index.db. */
  index: string;
  /** Files its overlay answers for: its index is behind them. */
  overlayFiles: string[];
}

export class BuildCoordinator {
  private readonly running = new Map<string, Promise<IndexResult>>();
  // Per running build: settles once the repo can answer (its first index is in, or the build is over).
  private readonly answerable = new Map<string, Promise<void>>();
  private readonly paces = new Map<string, BuildPace>();
  private readonly starts = new Map<string, Promise<FirstStart>>();
  private readonly slots: BuildSlots;
  private readonly aborter = new AbortController();
  private readonly runner = new BuildRunner();
  // How long the event loop stalls while builds run and swap: queries wait that long.
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly options: BuildCoordinatorOptions) {
    this.loopDelay.enable();
    this.slots = new BuildSlots(options.maxBuilds ?? maxBuildsFromEnv());
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
    let ready = (): void => undefined;
    const first = new Promise<void>((resolve) => (ready = resolve));
    let decide = (_start: FirstStart): void => undefined;
    const start = new Promise<FirstStart>((resolve) => (decide = resolve));
    this.starts.set(entry.repo, start);
    const run = this.run(entry, live, scip, { ready, decide }).finally(() => {
      decide('index');
      this.running.delete(entry.repo);
      this.answerable.delete(entry.repo);
      this.starts.delete(entry.repo);
    });
    this.running.set(entry.repo, run);
    const answerable = Promise.race([first, run.then(() => undefined)]);
    // Nobody may be waiting on it: the build's own promise carries its failure.
    answerable.catch(() => undefined);
    this.answerable.set(entry.repo, answerable);
    return run;
  }

  /**
   * Settles when a query can be answered: a repo with no index gets its first,
   * syntactic one in seconds, and queries never wait for the precise build.
   * Undefined when no build runs.
   */
  whenAnswerable(entry: RepoEntry): Promise<void> | undefined {
    return this.answerable.get(entry.repo);
  }

  /**
   * How the running build starts: from a sibling's index ('seed'), from a
   * syntactic first index ('syntactic'), or from the index the repo already
   * has ('index'). Undefined when no build runs.
   */
  startOf(entry: RepoEntry): Promise<FirstStart> | undefined {
    return this.starts.get(entry.repo);
  }

  /** The running build's progress and expected end, for answers and status. */
  progressOf(entry: RepoEntry): BuildProgress | undefined {
    return this.paces.get(entry.repo)?.progress();
  }

  /** Resolves once the repo's running build (if any) has settled, whatever its outcome. */
  async settled(entry: RepoEntry): Promise<void> {
    await this.running.get(entry.repo)?.catch(() => undefined);
  }

  /** Abandons running builds (their .next is removed) and waits for them to settle. */
  async dispose(): Promise<void> {
    this.aborter.abort();
    await Promise.allSettled(this.running.values());
    this.runner.dispose();
    this.loopDelay.disable();
  }

  private async run(entry: RepoEntry, live: LiveRepo | undefined, scip: string | undefined, phases: { ready: () => void; decide: (start: FirstStart) => void }): Promise<IndexResult> {
    const { log } = this.options;
    log(`build start ${entry.repo}${scip ? ` from ${scip}` : ''}`);
    const lost = entry.rebuildPrecise === true;
    entry.rebuildPrecise = undefined;
    if (!scip && this.options.firstIndex && !lost && !this.options.stores.hasIndex(entry)) {
      const sibling = await this.siblingOf(entry);
      phases.decide(sibling ? 'seed' : 'syntactic');
      this.paces.set(entry.repo, new BuildPace(undefined, sibling ? `seeding from ${sibling.repo}` : 'reading the first index (tree-sitter)'));
      if (!sibling || !(await this.seed(entry, live, sibling))) await this.first(entry);
    }
    phases.decide('index');
    phases.ready();
    // A seeded worktree without the node_modules its sibling has keeps the sibling's index: its own would resolve less.
    const deferred = scip ? undefined : this.deferral(entry);
    entry.deferred = deferred;
    const current = this.options.stores.get(entry);
    if (deferred && current) {
      this.paces.delete(entry.repo);
      log(`precise build of ${entry.repo} deferred: ${deferred}`);
      return indexResultOf(entry.repo, current.meta());
    }
    const previous = previousBuildMs(this.options.stores.meta(entry));
    let pace = new BuildPace(previous);
    const emit = (e: Omit<ProgressEvent, 'repo'>): void => {
      pace.note(e);
      this.options.onProgress({ repo: entry.repo, ...e });
    };
    this.paces.set(entry.repo, pace);
    // The first answers never queue; the precise build waits for a slot, and says so.
    let release: (() => void) | undefined;
    try {
      release = await this.slots.acquire((ahead) => {
        const message = `waiting for a build slot (${this.slots.max} at once; ${ahead} more waiting ahead)`;
        log(`build of ${entry.repo} queued: ${message}`);
        emit({ phase: 'indexing', message });
      }, this.aborter.signal);
    } catch (err) {
      this.paces.delete(entry.repo);
      throw err;
    }
    // Its expected end counts from when it runs, not from when it queued.
    pace = new BuildPace(previous);
    this.paces.set(entry.repo, pace);
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
      release();
      this.paces.delete(entry.repo);
      if (!swapped && coveredSeq !== undefined) live?.buildEnded(coveredSeq, false);
    }
  }

  /**
   * A new checkout of a repository Scry has indexed elsewhere (a git worktree,
   * a clone) starts from that sibling's index: copied, re-rooted, and the
   * files that differ between the two (by content: commits apart, or dirty)
   * answered from the overlay until this checkout's precise build is in.
   * False when there is no sibling, or seeding failed (then the syntactic first index).
   */
  private async seed(entry: RepoEntry, live: LiveRepo | undefined, sibling: Sibling): Promise<boolean> {
    const { log } = this.options;
    let next: string | undefined;
    try {
      const started = performance.now();
      fs.mkdirSync(entry.dir, { recursive: true, mode: 0o700 });
      next = path.join(entry.dir, 'index.db.next');
      // The copy is the kernel's work and the comparison git's: side by side, the seed waits for the longer only.
      const timed = async <T>(work: Promise<T>): Promise<{ value: T; ms: number }> => ({ value: await work, ms: Math.round(performance.now() - started) });
      const [copied, differing] = await Promise.allSettled([timed(copyIndex(sibling.index, next, entry.repo, sibling.repo)), timed(differingFiles(entry.repo, sibling.repo))]);
      if (copied.status === 'rejected') throw copied.reason;
      if (differing.status === 'rejected') throw differing.reason;
      const diff = differing.value.value;
      const phases = `copy ${copied.value.ms} ms, comparison ${differing.value.ms} ms`;
      const store = this.options.stores.swap(entry, next);
      next = undefined;
      // The sibling's own overlay: files changed there since its index was built, so its index is behind them.
      const behind = sibling.overlayFiles.filter((f) => fs.existsSync(path.join(entry.repo, f)));
      const changed = [...new Set([...diff.changed, ...behind])];
      await Promise.all([...changed.map((f) => live?.overlay.update(f, false)), ...diff.deleted.map((f) => live?.overlay.update(f, true))]);
      const result = indexResultOf(entry.repo, store.meta());
      log(`seeded ${entry.repo} from ${sibling.repo} in ${Math.round(performance.now() - started)} ms (${phases}): ${changed.length} files changed, ${diff.deleted.length} deleted, answered from the overlay`);
      this.options.onSwapped(result);
      return true;
    } catch (err) {
      if (next) fs.rmSync(next, { force: true });
      log(`seeding ${entry.repo} from a sibling failed, indexing it afresh: ${errorMessage(err)}`);
      return false;
    }
  }

  private async siblingOf(entry: RepoEntry): Promise<Sibling | undefined> {
    try {
      return await this.options.siblingOf?.(entry);
    } catch (err) {
      this.options.log(`looking for an indexed sibling of ${entry.repo} failed: ${errorMessage(err)}`);
      return undefined;
    }
  }

  /** Why this repo's precise build should wait, if it should (see seed/dependencies.ts). */
  private deferral(entry: RepoEntry): string | undefined {
    const from = this.options.stores.meta(entry)?.seeded_from;
    return typeof from === 'string' && from !== '' ? missingDependencies(entry.repo, from) : undefined;
  }

  /**
   * A repo with no index first gets a syntactic one (tree-sitter, every
   * language with a reader), swapped in at once; queries answer from it while
   * the precise build runs. If it fails, queries wait for the precise build.
   */
  private async first(entry: RepoEntry): Promise<void> {
    const { log } = this.options;
    try {
      const outcome = await this.runner.run({
        repo: entry.repo,
        workDir: entry.dir,
        nodePath: this.options.nodePath,
        home: this.options.home,
        syntacticFirst: true,
        onProgress: (e) => {
          this.paces.get(entry.repo)?.note(e);
          this.options.onProgress({ repo: entry.repo, ...e });
        },
        signal: this.aborter.signal,
        log,
      });
      const store = this.options.stores.swap(entry, outcome.nextPath);
      const result = indexResultOf(entry.repo, store.meta());
      log(`first index (syntactic) of ${entry.repo}: ${result.documents} documents, ${result.occurrences} occurrences in ${result.duration_ms} ms`);
      this.options.onSwapped(result);
    } catch (err) {
      if (this.aborter.signal.aborted) throw err;
      log(`first index of ${entry.repo} failed, queries wait for the precise one: ${errorMessage(err)}`);
    }
  }
}

function previousBuildMs(meta: IndexMeta | undefined): number | undefined {
  // A syntactic first index took seconds: it says nothing of the precise build.
  if (!meta || meta.first_index !== undefined || meta.build_ms === undefined) return undefined;
  const ms = Number(meta.build_ms);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
