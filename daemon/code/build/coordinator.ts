// One build at a time per repo (concurrent asks share it): first a start for
// a repo with no index (seed.ts, first.ts), then the precise build
// (precise.ts), reported as progress and swaps.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { errorMessage } from '../../errors';
import type { BuildProgress, IndexResult, ProgressEvent } from '../../protocol';
import type { BuildContext } from './context';
import { syntacticFirstIndex } from './first';
import { BuildPace } from './pace';
import { preciseBuild } from './precise';
import { BuildRunner } from './runner';
import { seedFromSibling, type Sibling } from './seed';
import { BuildSlots, maxBuildsFromEnv } from './slots';
import type { LiveRepo } from '../live';
import { indexResultOf } from '../project';
import type { RepoEntry } from '../repo-registry';
import { missingDependencies } from '../seed';
import type { StoreCache } from '../store-cache';
import type { IndexMeta } from '../store/store';

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

export type { Sibling } from './seed';

export type FirstStart = 'seed' | 'syntactic' | 'index';

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

  private readonly context: BuildContext;

  constructor(private readonly options: BuildCoordinatorOptions) {
    this.loopDelay.enable();
    this.slots = new BuildSlots(options.maxBuilds ?? maxBuildsFromEnv());
    this.context = {
      home: options.home,
      nodePath: options.nodePath,
      stores: options.stores,
      runner: this.runner,
      signal: this.aborter.signal,
      log: (l) => options.log(l),
      onSwapped: (r) => options.onSwapped(r),
    };
  }

  isBuilding(entry: RepoEntry): boolean {
    return this.running.has(entry.repo);
  }

  /** A build is likely soon (the daemon starts): its worker is started ahead. */
  prepare(): void {
    this.runner.prepare();
  }

  /** No build runs: the workers waiting for the next one are let go. */
  releaseIdle(): void {
    if (this.running.size > 0 || !this.runner.hasWaiting) return;
    this.options.log('no index is open: the build workers waiting for a build are let go');
    void this.runner.releaseWaiting();
  }

  /** What builds hold between builds: a worker started ahead or kept from a build, or none. */
  get holdsSpareWorker(): boolean {
    return this.runner.hasWaiting;
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
    await this.runner.dispose();
    this.loopDelay.disable();
  }

  private async run(
    entry: RepoEntry,
    live: LiveRepo | undefined,
    scip: string | undefined,
    phases: { ready: () => void; decide: (start: FirstStart) => void },
  ): Promise<IndexResult> {
    const { log } = this.options;
    log(`build start ${entry.repo}${scip ? ` from ${scip}` : ''}`);
    const lost = entry.rebuildPrecise === true;
    entry.rebuildPrecise = undefined;
    if (!scip && this.options.firstIndex && !lost && !this.options.stores.hasIndex(entry)) await this.firstStart(entry, live, phases);
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
    return preciseBuild(
      this.context,
      {
        slots: this.slots,
        loopDelay: this.loopDelay,
        previousMs: previousBuildMs(this.options.stores.meta(entry)),
        onProgress: (e) => this.options.onProgress(e),
        setPace: (pace) => (pace ? this.paces.set(entry.repo, pace) : this.paces.delete(entry.repo)),
      },
      entry,
      live,
      scip,
    );
  }

  /** A repo with no index starts from its indexed sibling's (seeded), else from a syntactic first index. */
  private async firstStart(entry: RepoEntry, live: LiveRepo | undefined, phases: { ready: () => void; decide: (start: FirstStart) => void }): Promise<void> {
    const sibling = await this.siblingOf(entry);
    phases.decide(sibling ? 'seed' : 'syntactic');
    this.paces.set(entry.repo, new BuildPace(undefined, sibling ? `seeding from ${sibling.repo}` : 'reading the first index (tree-sitter)'));
    if (sibling && (await seedFromSibling(this.context, entry, live, sibling, phases.ready))) return;
    await syntacticFirstIndex(this.context, entry, (e) => {
      this.paces.get(entry.repo)?.note(e);
      this.options.onProgress({ repo: entry.repo, ...e });
    });
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
}

function previousBuildMs(meta: IndexMeta | undefined): number | undefined {
  // A syntactic first index took seconds: it says nothing of the precise build.
  if (!meta || meta.first_index !== undefined || meta.build_ms === undefined) return undefined;
  const ms = Number(meta.build_ms);
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
