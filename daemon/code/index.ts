// The code-index domain: one CodeStore per repo, builds, swaps and queries.
// Knows nothing of sockets or clients; the server adapts it to JSON-RPC.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InvalidParamsError, NotIndexedError, ScryError } from '../errors';
import { repoDir } from '../paths';
import type * as P from '../protocol';
import type { IndexResult, IndexStatus, ProgressEvent, RepoStatus, SymbolMatch } from '../protocol';
import { runBuild } from './build-runner';
import { knownRepos, LiveRepo, recoverRepoDir } from './live';
import { mergeOverlay } from './overlay';
import * as Q from './query';
import { resolveRepo } from './repos';
import { CodeStore } from './store/store';
import type { SchedulerOptions } from './watch';

export { findRepoRoot, resolveRepo } from './repos';

interface RepoState {
  repo: string;
  dir: string;
  store: CodeStore | undefined;
  building: Promise<IndexResult> | undefined;
  lastError: string | undefined;
  // ---- live index (issue 4) ----
  live: LiveRepo | undefined;
  /** Last query or build, for closing idle stores. */
  lastUsed: number;
  /** The repo folder disappeared while watched. */
  gone: boolean;
}

export interface CodeIndexOptions {
  home: string;
  nodePath?: string;
  log?: (line: string) => void;
  /** Watch indexed repos and keep them live (the daemon sets this). */
  watch?: boolean;
  schedule?: Partial<SchedulerOptions>;
  /** Close a repo's store after this long without use (it reopens on demand). */
  idleCloseMs?: number;
}

const IDLE_CLOSE_MS = 10 * 60_000;
const SWEEP_MS = 30_000;

export class CodeIndex {
  private readonly repos = new Map<string, RepoState>();
  /** What each repo argument seen so far resolved to (its real path). */
  private readonly resolved = new Map<string, string>();
  private readonly listeners = new Set<(e: ProgressEvent) => void>();
  private readonly aborter = new AbortController();
  private readonly swapListeners = new Set<(r: IndexResult) => void>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: CodeIndexOptions) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** Fires after each new index is swapped in. */
  onSwapped(listener: (r: IndexResult) => void): { dispose(): void } {
    this.swapListeners.add(listener);
    return { dispose: () => this.swapListeners.delete(listener) };
  }

  /**
   * Starts watching every repo this SCRY_HOME has indexed, after cleaning up
   * what an interrupted build left. Repos whose folder is gone are skipped.
   */
  restoreKnownRepos(): number {
    let watched = 0;
    for (const known of knownRepos(this.options.home, (l) => this.log(l))) {
      recoverRepoDir(known.dir, (l) => this.log(l));
      if (!fs.existsSync(known.repo)) {
        this.log(`known repo ${known.repo} is gone (deleted or moved); not watching it`);
        continue;
      }
      try {
        const state = this.state(known.repo);
        this.watch(state, known.indexedAt);
        watched++;
      } catch (err) {
        this.log(`could not watch ${known.repo}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return watched;
  }

  /** The overlay of a repo, for tests and benchmarks that wait on it. */
  liveRepo(repoInput: string): LiveRepo | undefined {
    return this.state(repoInput).live;
  }

  onProgress(listener: (e: ProgressEvent) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Builds (or rebuilds) a repo's index; concurrent calls share one build. */
  index(repoInput: string, opts: { force?: boolean; scip?: string } = {}): Promise<IndexResult> {
    const state = this.state(repoInput);
    if (state.building) return state.building;
    if (!opts.force && !opts.scip && this.open(state)) return Promise.resolve(this.resultOf(state));
    const run = this.build(state, opts.scip).finally(() => {
      state.building = undefined;
    });
    state.building = run;
    return run;
  }

  /** Answers one read-only query (see query/methods.ts), building the index first if there is none. */
  async query(q: Q.ReadQuery, params: P.RepoParams): Promise<object> {
    if (typeof params !== 'object' || params === null) throw new InvalidParamsError(`${q.method} needs params with a repo`);
    const state = this.state(params.repo);
    if (!this.open(state)) {
      await this.index(state.repo);
      if (!state.store) throw new NotIndexedError(state.repo);
    }
    const store = state.store!;
    state.lastUsed = Date.now();
    const ctx: Q.QueryContext = { store, repo: state.repo, overlay: (definitionsOnly) => this.overlayMerge(state, definitionsOnly) };
    const result = Q.answered(store, this.isStale(state), () => q.run(ctx, params));
    const overlayFiles = state.live?.overlay.size ?? 0;
    if (overlayFiles > 0) result.index.overlay_files = overlayFiles;
    return result;
  }

  status(repoInput?: string): RepoStatus[] {
    const states = repoInput ? [this.state(repoInput)] : [...this.repos.values()];
    return states.map((s) => this.statusOf(s));
  }

  /** Stops watchers, abandons running builds (their .next is removed) and closes stores. */
  async dispose(): Promise<void> {
    clearInterval(this.sweeper);
    this.aborter.abort();
    const states = [...this.repos.values()];
    await Promise.allSettled(states.map((s) => s.live?.dispose()));
    await Promise.allSettled(states.map((s) => s.building));
    for (const s of states) s.store?.close();
    this.repos.clear();
    this.resolved.clear();
  }

  /** Swaps in the overlay's syntactic occurrences for files changed since the last build. */
  private overlayMerge(state: RepoState, definitionsOnly: boolean): ((name: string, matches: SymbolMatch[]) => SymbolMatch[]) | undefined {
    const overlay = state.live?.overlay;
    if (!overlay || overlay.size === 0) return undefined;
    return (name, matches) => mergeOverlay(name, matches, overlay, definitionsOnly);
  }

  /** A rebuild failed after this index was built: it is served, but it is behind the code. */
  private isStale(state: RepoState): boolean {
    return state.lastError !== undefined && state.store !== undefined;
  }

  private state(repoInput: string): RepoState {
    if (typeof repoInput !== 'string' || repoInput === '') throw new InvalidParamsError('a repo path is required');
    // Every query names its repo; resolving the real path costs a syscall per
    // path component, so a known input is resolved once. A repo noticed gone is
    // resolved again (and then errors, or is found back).
    const known = this.resolved.get(repoInput);
    const cached = known === undefined ? undefined : this.repos.get(known);
    if (cached && !cached.gone) return cached;
    const repo = resolveRepo(repoInput);
    this.resolved.set(repoInput, repo);
    let state = this.repos.get(repo);
    if (!state) {
      state = { repo, dir: repoDir(this.options.home, repo), store: undefined, building: undefined, lastError: undefined, live: undefined, lastUsed: Date.now(), gone: false };
      this.repos.set(repo, state);
    }
    if (state.gone) {
      // The folder is back (resolveRepo found it): serve and watch it again.
      state.gone = false;
      state.lastError = undefined;
    }
    return state;
  }

  /** Opens the on-disk index if there is one; true when a store is ready. */
  private open(state: RepoState): boolean {
    if (state.store) return true;
    if (state.gone) return false;
    const file = path.join(state.dir, 'index.db');
    if (!fs.existsSync(file)) return false;
    try {
      state.store = new CodeStore(file);
      state.lastUsed = Date.now();
      this.watch(state);
      return true;
    } catch (err) {
      this.log(`index for ${state.repo} is unreadable, it will be rebuilt: ${String(err)}`);
      fs.rmSync(file, { force: true });
      return false;
    }
  }

  private async build(state: RepoState, scip?: string): Promise<IndexResult> {
    const emit = (e: Omit<ProgressEvent, 'repo'>): void => {
      for (const l of this.listeners) l({ repo: state.repo, ...e });
    };
    this.log(`build start ${state.repo}${scip ? ` from ${scip}` : ''}`);
    this.watch(state);
    // Changes up to here are covered by this build; the overlay keeps later ones.
    const coveredSeq = state.live?.buildStarted();
    let swapped = false;
    try {
      const outcome = await runBuild({
        repo: state.repo,
        workDir: state.dir,
        nodePath: this.options.nodePath ?? process.execPath,
        home: this.options.home,
        scipFile: scip,
        onProgress: emit,
        signal: this.aborter.signal,
        log: (l) => this.log(l),
      });
      emit({ phase: 'swapping', message: 'swapping in the new index' });
      this.swap(state, outcome.nextPath);
      swapped = true;
      state.lastError = undefined;
      state.lastUsed = Date.now();
      const result = this.resultOf(state);
      if (coveredSeq !== undefined) state.live?.buildEnded(coveredSeq, true);
      for (const l of this.swapListeners) l(result);
      this.log(`build done ${state.repo}: ${result.documents} documents, ${result.symbols} symbols, ${result.occurrences} occurrences in ${result.duration_ms} ms`);
      emit({ phase: 'done', message: `indexed ${result.documents} files, ${result.symbols} symbols`, percent: 100 });
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      state.lastError = message;
      this.log(`build failed ${state.repo}: ${message}`);
      emit({ phase: 'failed', message });
      throw err instanceof ScryError ? err : new ScryError(message);
    } finally {
      if (!swapped && coveredSeq !== undefined) state.live?.buildEnded(coveredSeq, false);
    }
  }

  /**
   * Close, rename, reopen. Queries are synchronous, so none straddles this, and
   * rename() is atomic: a kill at any point leaves either the old or the new
   * index.db in place (a leftover .next is removed on restart).
   */
  private swap(state: RepoState, nextPath: string): void {
    const live = path.join(state.dir, 'index.db');
    this.log(`swap begin ${state.repo}`);
    state.store?.close();
    state.store = undefined;
    holdForTests();
    fs.renameSync(nextPath, live);
    state.store = new CodeStore(live);
    this.log(`swap done ${state.repo}`);
  }

  /** Starts the watcher of a repo once (when watching is on and the repo is still there). */
  private watch(state: RepoState, changedSince?: number): void {
    if (!this.options.watch || state.live || state.gone) return;
    const home = this.options.home;
    state.live = new LiveRepo({
      root: state.repo,
      exclude: [home],
      schedule: this.options.schedule,
      changedSince,
      rebuild: () => this.index(state.repo, { force: true }),
      onGone: () => {
        state.gone = true;
        state.live = undefined;
        state.store?.close();
        state.store = undefined;
        state.lastError = `repository folder '${state.repo}' is gone (deleted or moved)`;
      },
      log: (l) => this.log(l),
    });
    this.log(`watching ${state.repo}`);
  }

  /** Closes stores nobody asked for in a while, and notices repos that disappeared. */
  private sweep(): void {
    const idle = this.options.idleCloseMs ?? IDLE_CLOSE_MS;
    for (const state of this.repos.values()) {
      if (state.live?.checkGone()) continue;
      if (state.store && !state.building && Date.now() - state.lastUsed > idle) {
        state.store.close();
        state.store = undefined;
        this.log(`closed idle index of ${state.repo}`);
      }
    }
  }

  private resultOf(state: RepoState): IndexResult {
    const meta = state.store!.meta();
    return {
      repo: state.repo,
      status: (meta.status as IndexStatus) || 'ready',
      indexed_at: meta.indexed_at,
      duration_ms: Number(meta.build_ms ?? 0),
      documents: meta.documents,
      symbols: meta.symbols,
      occurrences: meta.occurrences,
      indexers: Q.parseIndexers(meta.indexers),
    };
  }

  private statusOf(state: RepoState): RepoStatus {
    const ready = this.open(state);
    const meta = ready ? state.store!.meta() : undefined;
    return {
      repo: state.repo,
      effective_status: state.building && !ready ? 'indexing' : meta ? (this.isStale(state) ? 'stale' : (meta.status as IndexStatus) || 'ready') : 'none',
      languages: Q.parseLanguages(meta?.languages),
      indexed_at: meta?.indexed_at ?? null,
      documents: meta?.documents ?? 0,
      symbols: meta?.symbols ?? 0,
      occurrences: meta?.occurrences ?? 0,
      last_build_ms: meta?.build_ms !== undefined ? Number(meta.build_ms) : null,
      building: state.building !== undefined,
      indexers: Q.parseIndexers(meta?.indexers),
      last_error: state.lastError ?? null,
      watching: state.live?.watching ?? false,
      pending_changes: state.live?.pendingChanges ?? 0,
      overlay_files: state.live?.overlay.size ?? 0,
    };
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}


/**
 * SCRY_TEST_SWAP_HOLD_MS blocks the swap between close and rename, so tests
 * can kill the daemon mid-swap deterministically. Never set in normal use.
 */
function holdForTests(): void {
  const ms = Number(process.env.SCRY_TEST_SWAP_HOLD_MS);
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
