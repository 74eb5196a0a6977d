// The code-index domain: repos, their stores, builds and watchers, and the
// queries over them, plugged into the daemon through the Domain seam. It knows
// nothing of sockets or clients.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoDir } from '../paths';
import { collectGarbage } from '../gc';
import { NotIndexedError } from '../errors';
import * as P from '../protocol';
import type { CodeLookup, MemoryNotes } from '../protocol/anchors';
import { handler, type Domain, type DomainContext } from '../domain';
import { BuildCoordinator, type Sibling } from './build';
import { knownRepos, recoverRepoDirs, type LiveRepo } from './live';
import { LiveRepos } from './live-repos';
import { emptyStore, exactFirst, glance } from './first';
import { mergeOverlay, mergeOverlayGroups, type KnownSymbol, type OverlayView } from './overlay';
import { IndexLookup, remembered } from './anchors';
import { indexResultOf, repoStatusOf } from './project';
import * as Q from './query';
import { RepoRegistry, type RepoEntry } from './repo-registry';
import { bytesUnder, indexedRepoOf, listIndexed } from './repo-index-dirs';
import { admit, whyNotRestored } from './roots';
import { exportScip, type ScipExport } from './scip/export';
import { findSibling, missingDependencies, type Candidate } from './seed';
import { INDEX_FILE, isCorrupt, StoreCache } from './store-cache';
import { VERSION } from '../version';
import type { CodeStore } from './store/store';
import { inotifyWatches, maxUserWatches, type SchedulerOptions } from './watch';

export interface CodeDomainOptions {
  nodePath?: string;
  /** Watch indexed repos and keep them live (default true). */
  watch?: boolean;
  schedule?: Partial<SchedulerOptions>;
  /** Close a repo's store after this long without use (it reopens on demand). */
  idleCloseMs?: number;
  /**
   * A repo with no index answers first from a syntactic index, or from its
   * indexed sibling's (default true; SCRY_FIRST_INDEX=0 turns both off, so
   * benchmarks can run the cold precise build side by side).
   */
  firstIndex?: boolean;
  /** Folders watched with inotify per repo at most; past it the repo is polled (SCRY_MAX_WATCHED_DIRS). */
  maxWatchedDirs?: number;
  /** Poll interval of a degraded watcher, ms (SCRY_POLL_MS). */
  pollMs?: number;
  /** What memory remembers about a symbol (protocol/anchors.ts), handed over by the daemon; refs, defs, callers and impact carry it. */
  memory?: () => MemoryNotes | undefined;
  /** How long a repo's folder may be gone (`git worktree remove`, a deleted clone) before its index is dropped, ms (SCRY_GONE_GRACE_MS). */
  goneGraceMs?: number;
}

const IDLE_CLOSE_MS = 10 * 60_000;
/** The queries a glance answers: those the overlay merges into (see first/glance.ts). */
const GLANCED: ReadonlySet<string> = new Set([P.Refs.method, P.Defs.method, P.Callers.method, P.Callees.method]);
const SWEEP_MS = 30_000;
/** A folder gone this long is not coming back (a removed worktree, a deleted clone): its index goes. */
const GONE_GRACE_MS = 15 * 60_000;

/** SCRY_DEBOUNCE_MS / SCRY_COOLDOWN_MS tune rebuild scheduling (tests and benchmarks shorten the cooldown). */
export function scheduleFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<SchedulerOptions> {
  const num = (v: string | undefined): number | undefined => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined);
  const out: Partial<SchedulerOptions> = {};
  const debounce = num(env.SCRY_DEBOUNCE_MS);
  const cooldown = num(env.SCRY_COOLDOWN_MS);
  if (debounce !== undefined) out.debounceMs = debounce;
  if (cooldown !== undefined) out.cooldownMs = cooldown;
  return out;
}

/** SCRY_MAX_WATCHED_DIRS / SCRY_POLL_MS: the watch cap per repo and the degraded watcher's poll interval. */
export function watchFromEnv(env: NodeJS.ProcessEnv = process.env): Pick<CodeDomainOptions, 'maxWatchedDirs' | 'pollMs'> {
  const positive = (v: string | undefined): number | undefined => (v !== undefined && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);
  const out: Pick<CodeDomainOptions, 'maxWatchedDirs' | 'pollMs'> = {};
  const cap = positive(env.SCRY_MAX_WATCHED_DIRS);
  const poll = positive(env.SCRY_POLL_MS);
  if (cap !== undefined) out.maxWatchedDirs = cap;
  if (poll !== undefined) out.pollMs = poll;
  return out;
}

/** SCRY_IDLE_CLOSE_MS: how long an unused store stays open (tests and benchmarks shorten it). */
export function idleCloseFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  return msFromEnv(env.SCRY_IDLE_CLOSE_MS);
}

function msFromEnv(v: string | undefined): number | undefined {
  return v !== undefined && v !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 ? Number(v) : undefined;
}

export function createCodeDomain(options: CodeDomainOptions = {}): (ctx: DomainContext) => CodeDomain {
  const idleCloseMs = idleCloseFromEnv();
  const goneGraceMs = msFromEnv(process.env.SCRY_GONE_GRACE_MS);
  return (ctx) => new CodeDomain(ctx, { schedule: scheduleFromEnv(), ...watchFromEnv(), firstIndex: process.env.SCRY_FIRST_INDEX !== '0', ...(idleCloseMs !== undefined ? { idleCloseMs } : {}), ...(goneGraceMs !== undefined ? { goneGraceMs } : {}), ...options });
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
  private readonly sweeper: NodeJS.Timeout;
  // The index glance answers run over (see first/empty.ts): opened on the first one.
  private empty: CodeStore | undefined;
  private emptyUsedAt = 0;
  // Repos whose folder went away, and since when: dropped after the grace period unless they come back.
  private readonly goneSince = new Map<string, number>();

  constructor(private readonly ctx: DomainContext, private readonly options: CodeDomainOptions) {
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
      siblingOf: (entry) => this.siblingOf(entry),
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
    this.methods = [
      handler(P.IndexRepo, async (p) => {
        const result = await this.index(p.repo, { force: p.force, scip: p.scip, explicit: p.explicit === true });
        return p.export_scip === undefined ? result : { ...result, exported: this.exportScip(p.repo, p.export_scip) };
      }),
      handler(P.Repos, () => ({ repos: listIndexed(ctx.home, (r) => this.watching(r), (l) => ctx.log(l), this.repos.all().filter((e) => e.admitted !== undefined)) })),
      handler(P.ForgetRepo, (p) => this.forget(p.repo)),
      ...Q.READ_QUERIES.map((q) => ({ decl: q.decl, run: (p: unknown) => this.query(q, p as P.RepoParams) })),
    ];
    // Often enough that a store closes within about its idle time, and a gone repo's index goes within about its grace.
    this.sweeper = setInterval(() => this.sweep(), Math.max(100, Math.min(SWEEP_MS, (options.idleCloseMs ?? IDLE_CLOSE_MS) / 2, (options.goneGraceMs ?? GONE_GRACE_MS) / 2)));
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

  /** Answers one read-only query (see query/methods.ts), building the index first if there is none. */
  async query(q: Q.ReadQuery, params: P.RepoParams): Promise<object> {
    const entry = this.repos.get(params.repo);
    this.admit(entry, false, false);
    try {
      return await this.queryOnce(q, params, entry);
    } catch (err) {
      if (!isCorrupt(err) || !this.stores.peek(entry)) throw err;
      // A damaged page under an index that opened fine: moved aside (status
      // shows the error while it rebuilds) and asked again of the rebuilt one.
      entry.rebuildPrecise = true;
      this.stores.moveAside(entry, err);
      return this.queryOnce(q, params, entry);
    }
  }

  private async queryOnce(q: Q.ReadQuery, params: P.RepoParams, entry: RepoEntry): Promise<object> {
    let store = this.open(entry);
    if (!store) {
      const built = this.index(entry.repo);
      // The first (syntactic) index, or the whole build when there is none: never longer than the build.
      const answerable = this.builds.whenAnswerable(entry) ?? built;
      // A name query may not even wait for that: the files naming it are read for it alone, whichever comes first.
      // Not for a worktree seeded from its sibling: that answer is precise, and as quick.
      const start = this.builds.startOf(entry);
      if (this.options.firstIndex !== false && GLANCED.has(q.method) && start && (await start) === 'syntactic') {
        const quick = this.glanced(entry, q, params).catch((err: unknown) => {
          this.ctx.log(`glance at ${entry.repo} failed: ${err instanceof Error ? err.message : String(err)}`);
          return undefined;
        });
        const first = await Promise.race([answerable.then(() => undefined, () => undefined), quick]);
        if (first) return first;
      }
      await answerable;
      store = this.stores.get(entry);
      if (!store) {
        await built;
        store = this.stores.get(entry);
      }
      if (!store) throw new NotIndexedError(entry.repo);
    }
    entry.lastUsed = Date.now();
    const live = this.live.get(entry);
    const ctx: Q.QueryContext = { store, repo: entry.repo, overlay: overlayMerges(live?.overlay, store, live?.overlay.size ?? 0) };
    // Remembered lines come out of the page's budget, so the answer stays within it; elapsed_ms counts them.
    let memory: ReturnType<typeof remembered>;
    const result = Q.answered(store, this.isStale(entry), () => {
      memory = remembered(this.options.memory?.(), q.method, params, entry.repo, (l) => this.ctx.log(l));
      return q.run(ctx, memory ? memory.params : params);
    });
    if (memory) Object.assign(result, { memory: memory.notes });
    const overlayFiles = live?.overlay.size ?? 0;
    if (overlayFiles > 0) result.index.overlay_files = overlayFiles;
    const building = this.builds.progressOf(entry);
    if (building) result.index.building = building;
    return result;
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

  /** Starts watching every repo this SCRY_HOME has indexed, after cleaning up what an interrupted build left. */
  restore(): void {
    let watched = 0;
    recoverRepoDirs(this.ctx.home, (l) => this.ctx.log(l));
    for (const known of knownRepos(this.ctx.home, (l) => this.ctx.log(l))) {
      if (!fs.existsSync(known.repo)) {
        this.ctx.log(`known repo ${known.repo} is gone (deleted or moved); not watching it, and its index is dropped unless it is back within ${Math.round((this.options.goneGraceMs ?? GONE_GRACE_MS) / 1000)} s`);
        this.goneSince.set(known.repo, Date.now());
        continue;
      }
      const refused = whyNotRestored(known.repo, known.dir);
      if (refused) {
        this.ctx.log(`not watching ${known.repo}: ${refused}; scry forget ${known.repo} drops its index`);
        continue;
      }
      try {
        if (this.live.ensure(this.repos.get(known.repo), known.indexedAt)) watched++;
        // A first index whose precise build was cut short (the daemon stopped): build it now.
        if (known.syntactic || known.seededFrom) {
          this.index(known.repo, { force: true }).catch((err: unknown) => this.ctx.log(`precise build of ${known.repo} failed: ${err instanceof Error ? err.message : String(err)}`));
        }
      } catch (err) {
        this.ctx.log(`could not watch ${known.repo}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (watched > 0) this.ctx.log(`watching ${watched} known repo${watched === 1 ? '' : 's'}`);
  }

  /** Stops watching a repo, waits for its build, closes its store and deletes its index folder. */
  async forget(input: string): Promise<P.ForgetRepoResult> {
    const repo = indexedRepoOf(this.ctx.home, input, (r) => this.repos.peek(r) !== undefined);
    const entry = this.repos.peek(repo);
    const dir = entry?.dir ?? repoDir(this.ctx.home, repo);
    const wasWatching = this.watching(repo);
    if (entry) {
      await this.live.stop(entry);
      await this.builds.settled(entry);
      this.stores.close(entry);
      this.repos.delete(repo);
    }
    this.lookup.forget(repo);
    const freed = bytesUnder(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    this.ctx.log(`forgot ${repo}: removed ${dir} (${freed} bytes)`);
    return { repo, index_dir: dir, freed_bytes: freed, was_watching: wasWatching };
  }

  /** Stops watchers, abandons running builds (their .next is removed) and closes stores. */
  async dispose(): Promise<void> {
    clearInterval(this.sweeper);
    await this.live.dispose();
    await this.builds.dispose();
    this.stores.closeAll();
    this.empty?.close();
    this.lookup.dispose();
    this.repos.clear();
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

  /**
   * A name query's answer from the files naming it, parsed for it alone, over
   * an empty index (see first/glance.ts); undefined when the name is too common.
   */
  private async glanced(entry: RepoEntry, q: Q.ReadQuery, params: P.RepoParams): Promise<object | undefined> {
    const name = (params as { name?: unknown }).name;
    if (typeof name !== 'string') return undefined;
    const seen = await glance(entry.repo, name, (l) => this.ctx.log(l));
    this.empty ??= emptyStore(this.ctx.home);
    this.emptyUsedAt = Date.now();
    const store = this.empty;
    const result = Q.answered(store, false, () => q.run({ store, repo: entry.repo, overlay: overlayMerges(exactFirst(seen.overlay), store, seen.overlay.size) }, params));
    const building = this.builds.progressOf(entry);
    // Every file naming it was read: complete as far as syntax goes (the files' own text decides what names it).
    const partial = seen.read < seen.naming;
    result.index = { indexed_at: new Date().toISOString(), status: partial ? 'partial' : 'ready', partial, missing_languages: [], syntactic: true, glance: { files_read: seen.read, files_naming: seen.naming }, ...(building ? { building } : {}) };
    return result;
  }

  /** The indexed checkout of the same repository nearest to this new one (see seed/), with its overlay's files. */
  private async siblingOf(entry: RepoEntry): Promise<Sibling | undefined> {
    const candidates: Candidate[] = knownRepos(this.ctx.home, (l) => this.ctx.log(l))
      .filter((k) => k.repo !== entry.repo && fs.existsSync(k.repo))
      .map((k) => ({ repo: k.repo, index: path.join(k.dir, INDEX_FILE), indexedAt: k.indexedAt, seeded: k.seededFrom !== undefined }));
    const found = await findSibling(entry.repo, candidates);
    if (!found) return undefined;
    const overlayFiles = this.live.get(this.repos.get(found.repo))?.overlay.changedFiles ?? [];
    return { repo: found.repo, index: found.index, overlayFiles };
  }

  /** Closes stores nobody asked for in a while, notices repos that disappeared, and starts deferred builds whose wait is over. */
  private sweep(): void {
    const entries = this.repos.all();
    for (const e of entries) this.live.checkGone(e);
    this.dropGone(entries);
    for (const e of entries) {
      if (!e.deferred || e.gone || this.builds.isBuilding(e)) continue;
      const from = this.stores.meta(e)?.seeded_from;
      if (typeof from === 'string' && missingDependencies(e.repo, from)) continue;
      this.ctx.log(`${e.repo} has its dependencies now: building its precise index`);
      e.deferred = undefined;
      this.index(e.repo, { force: true }).catch((err: unknown) => this.ctx.log(`build of ${e.repo} failed: ${err instanceof Error ? err.message : String(err)}`));
    }
    const idleMs = this.options.idleCloseMs ?? IDLE_CLOSE_MS;
    const closed = this.stores.closeIdle(entries, idleMs, (e) => this.builds.isBuilding(e));
    // The glance's empty index goes the same way as any unused store.
    if (this.empty && Date.now() - this.emptyUsedAt > idleMs) {
      this.empty.close();
      this.empty = undefined;
    }
    // The last store closed: the build worker started ahead goes too (a whole isolate with SQLite loaded).
    if (closed > 0 && this.stores.openCount === 0) {
      this.builds.releaseIdle();
      // Idle now: the heap grown for the build or the queries goes back too.
      setImmediate(collectGarbage);
    }
  }

  /** Forgets the repos whose folder has been gone for the grace period (their index and watcher go); one that came back stays. */
  private dropGone(entries: readonly RepoEntry[]): void {
    for (const e of entries) if (e.gone && !this.goneSince.has(e.repo)) this.goneSince.set(e.repo, Date.now());
    const grace = this.options.goneGraceMs ?? GONE_GRACE_MS;
    for (const [repo, since] of this.goneSince) {
      if (fs.existsSync(repo)) {
        this.goneSince.delete(repo);
        continue;
      }
      if (Date.now() - since < grace) continue;
      this.goneSince.delete(repo);
      this.ctx.log(`${repo} has been gone for ${Math.round((Date.now() - since) / 1000)} s: dropping its index`);
      this.forget(repo).catch((err: unknown) => this.ctx.log(`dropping the index of gone ${repo} failed: ${err instanceof Error ? err.message : String(err)}`));
    }
  }

  /** What the domain holds in memory besides its watchers: open indexes and a build worker kept ready. */
  resources(): { openStores: number; spareWorker: boolean } {
    return { openStores: this.stores.openCount, spareWorker: this.builds.holdsSpareWorker };
  }
}

/** Swaps in the overlay's syntactic occurrences for files changed since the last build. */
function overlayMerges(overlay: OverlayView | undefined, store: CodeStore, size: number): Q.OverlayMerges | undefined {
  if (!overlay || size === 0) return undefined;
  // The repo's only symbol of a name, which a new call site or caller most likely means.
  const known = (name: string): KnownSymbol | undefined => {
    const found = store.symbolsNamed(name).filter((s) => !s.is_local);
    return found.length === 1 ? { symbol_id: found[0]!.symbol, display_name: found[0]!.name, qualified_name: found[0]!.qualified_name, kind: found[0]!.kind } : undefined;
  };
  return {
    refs: (definitionsOnly) => (name, matches) => mergeOverlay(name, matches, overlay, definitionsOnly),
    callers: (allRefs) => (name, groups) => mergeOverlayGroups(name, groups, overlay, { callees: false, allRefs, known }),
    callees: (allRefs) => (name, groups) => mergeOverlayGroups(name, groups, overlay, { callees: true, allRefs, known }),
  };
}
