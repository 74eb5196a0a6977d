// The code-index domain: one CodeStore per repo, builds, swaps and queries.
// Knows nothing of sockets or clients; the server adapts it to JSON-RPC.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InvalidParamsError, NotIndexedError, ScryError } from '../errors';
import { repoDir } from '../paths';
import type { ImpactResult, IndexResult, IndexStatus, ProgressEvent, QueryResult, RepoStatus, SearchResult, SymbolsResult } from '../protocol';
import * as Q from './query';
import { resolveRepo } from './repos';
import { CodeStore } from './store/store';

export { findRepoRoot, resolveRepo } from './repos';

interface RepoState {
  repo: string;
  dir: string;
  store: CodeStore | undefined;
  building: Promise<IndexResult> | undefined;
  lastError: string | undefined;
}

export interface CodeIndexOptions {
  home: string;
  nodePath?: string;
  log?: (line: string) => void;
}

export class CodeIndex {
  private readonly repos = new Map<string, RepoState>();
  private readonly listeners = new Set<(e: ProgressEvent) => void>();
  private readonly aborter = new AbortController();

  constructor(private readonly options: CodeIndexOptions) {}

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

  refs(repo: string, name: string, limit?: number): Promise<QueryResult> {
    return this.answer(repo, (store) => Q.refs(store, name, { limit }));
  }

  defs(repo: string, name: string, limit?: number): Promise<QueryResult> {
    return this.answer(repo, (store) => Q.refs(store, name, { definitionsOnly: true, limit }));
  }

  callers(repo: string, name: string, opts: { allRefs?: boolean; limit?: number } = {}): Promise<QueryResult> {
    return this.answer(repo, (store) => Q.callers(store, name, opts));
  }

  callees(repo: string, name: string, opts: { allRefs?: boolean; limit?: number } = {}): Promise<QueryResult> {
    return this.answer(repo, (store) => Q.callees(store, name, opts));
  }

  impls(repo: string, name: string, limit?: number): Promise<QueryResult> {
    return this.answer(repo, (store) => Q.impls(store, name, { limit }));
  }

  search(repo: string, pattern: string, opts: { kind?: string; limit?: number } = {}): Promise<SearchResult> {
    return this.answer(repo, (store) => Q.search(store, pattern, opts));
  }

  symbols(repo: string, file: string): Promise<SymbolsResult> {
    return this.answer(repo, (store, state) => Q.outline(store, state.repo, file));
  }

  impact(repo: string, name: string, opts: { depth?: number; limit?: number } = {}): Promise<ImpactResult> {
    return this.answer(repo, (store) => Q.impact(store, name, opts));
  }

  status(repoInput?: string): RepoStatus[] {
    const states = repoInput ? [this.state(repoInput)] : [...this.repos.values()];
    return states.map((s) => this.statusOf(s));
  }

  dispose(): void {
    this.aborter.abort();
    for (const s of this.repos.values()) s.store?.close();
    this.repos.clear();
  }

  /** Runs one query on a repo's index (building it first if there is none) and adds timing and freshness. */
  private async answer<T>(repoInput: string, fn: (store: CodeStore, state: RepoState) => T): Promise<Q.WithFreshness<T>> {
    const state = this.state(repoInput);
    if (!this.open(state)) {
      await this.index(state.repo);
      if (!state.store) throw new NotIndexedError(state.repo);
    }
    const store = state.store!;
    const started = performance.now();
    const body = fn(store, state);
    return { ...body, elapsed_ms: round(performance.now() - started), index: Q.freshness(store.meta(), this.isStale(state)) };
  }

  /** A rebuild failed after this index was built: it is served, but it is behind the code. */
  private isStale(state: RepoState): boolean {
    return state.lastError !== undefined && state.store !== undefined;
  }

  private state(repoInput: string): RepoState {
    if (typeof repoInput !== 'string' || repoInput === '') throw new InvalidParamsError('a repo path is required');
    const repo = resolveRepo(repoInput);
    let state = this.repos.get(repo);
    if (!state) {
      state = { repo, dir: repoDir(this.options.home, repo), store: undefined, building: undefined, lastError: undefined };
      this.repos.set(repo, state);
    }
    return state;
  }

  /** Opens the on-disk index if there is one; true when a store is ready. */
  private open(state: RepoState): boolean {
    if (state.store) return true;
    const file = path.join(state.dir, 'index.db');
    if (!fs.existsSync(file)) return false;
    try {
      state.store = new CodeStore(file);
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
    try {
      // Loaded on first build: the SCIP decoder's descriptors cost ~10 ms to
      // create, which a daemon that only answers queries should not pay at start.
      const { buildIndex } = await import('./build');
      const outcome = await buildIndex({
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
      state.lastError = undefined;
      const result = this.resultOf(state);
      this.log(`build done ${state.repo}: ${result.documents} documents, ${result.symbols} symbols, ${result.occurrences} occurrences in ${result.duration_ms} ms`);
      emit({ phase: 'done', message: `indexed ${result.documents} files, ${result.symbols} symbols`, percent: 100 });
      return result;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      state.lastError = message;
      this.log(`build failed ${state.repo}: ${message}`);
      emit({ phase: 'failed', message });
      throw err instanceof ScryError ? err : new ScryError(message);
    }
  }

  /** Close, rename, reopen. Queries are synchronous, so none straddles this. */
  private swap(state: RepoState, nextPath: string): void {
    const live = path.join(state.dir, 'index.db');
    state.store?.close();
    state.store = undefined;
    fs.renameSync(nextPath, live);
    state.store = new CodeStore(live);
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
    };
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;
