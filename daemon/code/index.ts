// The code-index domain: one CodeStore per repo, builds, swaps and queries.
// Knows nothing of sockets or clients; the server adapts it to JSON-RPC.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InvalidParamsError, NotIndexedError, ScryError } from '../errors';
import { repoDir } from '../paths';
import type { IndexerReport, IndexResult, IndexStatus, ProgressEvent, QueryResult, RepoStatus, SymbolMatch } from '../protocol';
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

  async refs(repoInput: string, name: string, limit?: number): Promise<QueryResult> {
    return this.query(repoInput, name, limit, false);
  }

  async defs(repoInput: string, name: string, limit?: number): Promise<QueryResult> {
    return this.query(repoInput, name, limit, true);
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

  private async query(repoInput: string, name: string, limit: number | undefined, definitionsOnly: boolean): Promise<QueryResult> {
    if (typeof name !== 'string' || name.trim() === '') throw new InvalidParamsError('a symbol name is required (got an empty name)');
    const state = this.state(repoInput);
    if (!this.open(state)) {
      await this.index(state.repo);
      if (!state.store) throw new NotIndexedError(state.repo);
    }
    const started = performance.now();
    const store = state.store!;
    const max = limit && limit > 0 ? limit : Infinity;
    const matches: SymbolMatch[] = [];
    let total = 0;
    let shown = 0;
    const cutFiles = new Set<string>();
    for (const s of store.symbolsNamed(name.trim())) {
      const occurrences = store.occurrences(s.id, definitionsOnly);
      if (occurrences.length === 0) continue;
      total += occurrences.length;
      const room = Math.max(0, max - shown);
      const kept = occurrences.length > room ? occurrences.slice(0, room) : occurrences;
      for (let i = kept.length; i < occurrences.length; i++) cutFiles.add(occurrences[i]!.file);
      shown += kept.length;
      if (kept.length > 0) matches.push({ symbol_id: s.symbol, display_name: s.name, kind: s.kind, occurrences: kept });
    }
    const meta = store.meta();
    const result: QueryResult = {
      symbol: name,
      matches,
      total,
      elapsed_ms: round(performance.now() - started),
      index: { indexed_at: meta.indexed_at, status: (meta.status as IndexStatus) || 'ready' },
    };
    if (total > shown) result.truncated = `+${total - shown} more in ${cutFiles.size} files`;
    return result;
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
      indexers: parseIndexers(meta.indexers),
    };
  }

  private statusOf(state: RepoState): RepoStatus {
    const ready = this.open(state);
    const meta = ready ? state.store!.meta() : undefined;
    return {
      repo: state.repo,
      effective_status: state.building && !ready ? 'indexing' : meta ? ((meta.status as IndexStatus) || 'ready') : 'none',
      indexed_at: meta?.indexed_at ?? null,
      documents: meta?.documents ?? 0,
      symbols: meta?.symbols ?? 0,
      occurrences: meta?.occurrences ?? 0,
      last_build_ms: meta?.build_ms !== undefined ? Number(meta.build_ms) : null,
      building: state.building !== undefined,
      indexers: parseIndexers(meta?.indexers),
      last_error: state.lastError ?? null,
    };
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}

function parseIndexers(raw: unknown): IndexerReport[] {
  if (typeof raw !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as IndexerReport[]) : [];
  } catch {
    return [];
  }
}

const round = (ms: number): number => Math.round(ms * 1000) / 1000;
