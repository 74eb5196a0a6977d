// The code-index domain: repos, their stores, builds and watchers, and the
// queries over them, plugged into the daemon through the Domain seam. It knows
// nothing of sockets or clients. This file is the wiring: the handler table,
// and which part owns what (BuildCoordinator: builds; LiveRepos: watchers and
// overlays; CodeQueries: serving, serving.ts; CodeUpkeep: restore, forget and
// the sweep, upkeep.ts; IndexLookup: what memory may ask, anchors/).
import { handler, type Domain, type DomainContext } from '../domain';
import { NotIndexedError } from '../errors';
import * as P from '../protocol';
import type { CodeLookup } from '../protocol/anchors';
import { VERSION } from '../version';
import { IndexLookup } from './anchors';
import { BuildCoordinator, nearestSibling } from './build';
import { knownRepos, type LiveRepo } from './live';
import { LiveRepos } from './live-repos';
import { optionsFromEnv, sweepEveryMs, type CodeDomainOptions } from './options';
import { indexResultOf, repoStatusOf } from './project';
import * as Q from './query';
import { RepoRegistry, type RepoEntry } from './repo-registry';
import { listIndexed } from './repo-index-dirs';
import { admit } from './roots';
import { exportScip, type ScipExport } from './store/export';
import { CodeQueries } from './serving';
import { StoreCache } from './store-cache';
import type { CodeStore } from './store/store';
import { CodeUpkeep } from './upkeep';
import { inotifyWatches, maxUserWatches } from './watch';

export type { CodeDomainOptions } from './options';

export function createCodeDomain(options: CodeDomainOptions = {}): (ctx: DomainContext) => CodeDomain {
  return (ctx) => new CodeDomain(ctx, { ...optionsFromEnv(), ...options });
}

export class CodeDomain implements Domain {
  readonly name = 'code';
  readonly notifications = [P.Progress, P.IndexSwapped];
  readonly methods;
  readonly repos: RepoRegistry;
  readonly stores: StoreCache;
  /** What memory may ask of the index (protocol/anchors.ts); the daemon hands it over. */
  readonly lookup: CodeLookup & Pick<IndexLookup, 'forget' | 'dispose'>;
  private readonly builds: BuildCoordinator;
  private readonly live: LiveRepos;
  private readonly queries: CodeQueries;
  private readonly upkeep: CodeUpkeep;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly ctx: DomainContext,
    options: CodeDomainOptions,
  ) {
    this.repos = new RepoRegistry(ctx.home);
    this.stores = new StoreCache((l) => ctx.log(l));
    this.lookup = new IndexLookup(ctx.home, this.repos, this.stores);
    this.builds = new BuildCoordinator({
      home: ctx.home,
      nodePath: options.nodePath ?? process.execPath,
      stores: this.stores,
      log: (l) => ctx.log(l),
      onProgress: (e) => ctx.notify(P.Progress, e),
      onSwapped: (r) => ctx.notify(P.IndexSwapped, r),
      firstIndex: options.firstIndex ?? true,
      siblingOf: (entry) =>
        nearestSibling(
          ctx.home,
          entry.repo,
          (l) => ctx.log(l),
          (repo) => this.live.get(this.repos.get(repo))?.overlay.changedFiles ?? [],
        ),
    });
    this.live = new LiveRepos({
      home: ctx.home,
      enabled: options.watch ?? true,
      schedule: options.schedule,
      maxDirs: options.maxWatchedDirs,
      pollMs: options.pollMs,
      log: (l) => ctx.log(l),
      rebuild: (entry) => this.index(entry.repo, { force: true }),
      onGone: (entry) => {
        entry.gone = true;
        this.stores.close(entry);
        entry.lastError = `repository folder '${entry.repo}' is gone (deleted or moved)`;
      },
    });
    const parts = { ctx, options, repos: this.repos, stores: this.stores, builds: this.builds, live: this.live };
    this.queries = new CodeQueries({
      ...parts,
      index: (repo) => this.index(repo),
      admit: (entry) => this.admit(entry, false, false),
      open: (entry) => this.open(entry),
      isStale: (entry) => this.isStale(entry),
    });
    this.upkeep = new CodeUpkeep({
      ...parts,
      index: (repo, opts) => this.index(repo, opts),
      watching: (repo) => this.watching(repo),
      forgotten: (repo) => this.lookup.forget(repo),
      closeIdle: (idleMs) => this.queries.closeIdle(idleMs),
    });
    this.methods = [
      handler(P.IndexRepo, async (p) => {
        const result = await this.index(p.repo, { force: p.force, scip: p.scip, explicit: p.explicit === true });
        return p.export_scip === undefined ? result : { ...result, exported: this.exportScip(p.repo, p.export_scip) };
      }),
      handler(P.Repos, () => ({
        repos: listIndexed(
          ctx.home,
          (r) => this.watching(r),
          (l) => ctx.log(l),
          this.repos.all().filter((e) => e.admitted !== undefined),
        ),
      })),
      handler(P.ForgetRepo, (p) => this.forget(p.repo)),
      ...Q.READ_QUERIES.map((q) => ({ decl: q.decl, run: (p: unknown) => this.query(q, p as P.RepoParams) })),
    ];
    this.sweeper = setInterval(() => this.upkeep.sweep(), sweepEveryMs(options));
    this.sweeper.unref();
  }

  /**
   * Builds (or rebuilds) a repo's index; concurrent calls share one build.
   * `explicit`: the user named this folder (CLI `scry index PATH`), so it may
   * be a folder that is no git root; otherwise it must be a git root or a
   * folder indexed so before.
   */
  index(repoInput: string, opts: { force?: boolean; scip?: string; explicit?: boolean } = {}): Promise<P.IndexResult> {
    const entry = this.repos.get(repoInput);
    this.admit(entry, opts.explicit === true, opts.force === true);
    if (!this.builds.isBuilding(entry) && !opts.force && !opts.scip) {
      const store = this.open(entry);
      if (store) return Promise.resolve(indexResultOf(entry.repo, store.meta()));
    }
    const live = this.live.ensure(entry);
    return this.builds.build(entry, live, opts.scip);
  }

  /** Writes the repo's index out as a standard SCIP file. */
  exportScip(repoInput: string, file: string): ScipExport {
    const entry = this.repos.get(repoInput);
    const store = this.open(entry);
    if (!store) throw new NotIndexedError(entry.repo);
    return exportScip(store, entry.repo, file, { name: 'scry', version: VERSION });
  }

  /** Answers one read-only query (see serving.ts), building the index first if there is none. */
  query(q: Q.ReadQuery, params: P.RepoParams): Promise<object> {
    return this.queries.query(q, params);
  }

  /** The overlay of a repo, for tests and benchmarks that wait on it. */
  liveRepo(repoInput: string): LiveRepo | undefined {
    return this.live.get(this.repos.get(repoInput));
  }

  status(params: P.StatusParams): { repos: P.RepoStatus[]; watches: P.WatchUsage; index_memory: P.IndexMemory } {
    const entries = params.repo ? [this.repos.get(params.repo)] : this.repos.all();
    const held = this.resources();
    return {
      watches: { inotify_watches: inotifyWatches() ?? null, max_user_watches: maxUserWatches() ?? null },
      index_memory: { open_stores: held.openStores, spare_build_worker: held.spareWorker },
      repos: entries.map((e) => {
        const live = this.live.get(e);
        return repoStatusOf({
          repo: e.repo,
          meta: this.stores.meta(e),
          building: this.builds.isBuilding(e),
          stale: this.isStale(e),
          lastError: e.lastError,
          watching: live?.watching ?? false,
          degraded: live?.degraded,
          watchedDirs: live?.watchedDirs ?? 0,
          pendingChanges: live?.pendingChanges ?? 0,
          overlayFiles: live?.overlay.size ?? 0,
          progress: this.builds.progressOf(e),
          deferred: e.deferred,
        });
      }),
    };
  }

  /** Starts watching every repo this SCRY_HOME has indexed, and indexes the repos queued while no daemon ran (see upkeep.ts). */
  restore(): void {
    this.upkeep.restore();
  }

  /** Stops watching a repo, waits for its build, closes its store and deletes its index folder. */
  forget(input: string): Promise<P.ForgetRepoResult> {
    return this.upkeep.forget(input);
  }

  /** Stops watchers, abandons running builds (their .next is removed) and closes stores. */
  async dispose(): Promise<void> {
    clearInterval(this.sweeper);
    await this.live.dispose();
    await this.builds.dispose();
    this.stores.closeAll();
    this.queries.dispose();
    this.lookup.dispose();
    this.repos.clear();
  }

  /** The real paths of the repos this SCRY_HOME holds an index for (memory finds Aider's histories in them). */
  indexedRepos(): string[] {
    return knownRepos(this.ctx.home, (l) => this.ctx.log(l)).map((k) => k.repo);
  }

  /** What the domain holds in memory besides its watchers: open indexes and a build worker kept ready. */
  resources(): { openStores: number; spareWorker: boolean } {
    return { openStores: this.stores.openCount, spareWorker: this.builds.holdsSpareWorker };
  }

  /** May this folder be a repo here (roots/)? Checked once per entry; throws a one-line error naming it. */
  private admit(entry: RepoEntry, explicit: boolean, force: boolean): void {
    if (entry.admitted !== undefined && !explicit) return;
    try {
      entry.admitted = admit(entry.repo, entry.dir, { explicit, force });
    } catch (err) {
      // A folder refused is not one this daemon knows: status does not list it.
      if (entry.admitted === undefined) this.repos.delete(entry.repo);
      throw err;
    }
  }

  private watching(repo: string): boolean {
    const entry = this.repos.peek(repo);
    return entry !== undefined && (this.live.get(entry)?.watching ?? false);
  }

  /** The repo's store, opened on demand; opening an index starts watching its repo. */
  private open(entry: RepoEntry): CodeStore | undefined {
    const store = this.stores.get(entry);
    if (store) this.live.ensure(entry);
    return store;
  }

  /** A rebuild failed after this index was built: it is served, but it is behind the code. */
  private isStale(entry: RepoEntry): boolean {
    return entry.lastError !== undefined && this.stores.peek(entry) !== undefined;
  }
}
