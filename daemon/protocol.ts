// Every JSON-RPC method the daemon answers, declared once. The CLI, the MCP
// server and the extension all import these, so a renamed method or a changed
// shape is a compile error on both ends rather than a silent mismatch.
import { NotificationType, RequestType } from 'vscode-jsonrpc';

export const PROTOCOL_VERSION = 1;

// ---- shared shapes -------------------------------------------------------

export interface RepoParams {
  /** Absolute path of the repository root (the CLI resolves the git root). */
  repo: string;
}

export interface Occurrence {
  file: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  context: string;
  containing_symbol: string | null;
  is_definition: boolean;
  /** A call or construction (`f(`, `f<T>(`, `new F`), not any other use. */
  is_call?: boolean;
  /** 'syntactic' while a changed file is served from the tree-sitter overlay. */
  precision?: 'precise' | 'syntactic';
}

export interface SymbolMatch {
  symbol_id: string;
  display_name: string;
  kind: string;
  occurrences: Occurrence[];
}

export interface IndexFreshness {
  indexed_at: string;
  status: IndexStatus;
  /** True when some language's indexer failed or is missing: absence of results is not proof. */
  partial?: boolean;
  /** Languages present in the repo whose indexer did not run successfully. */
  missing_languages?: string[];
  /** Files currently answered from the syntactic overlay (changed since the last build). */
  overlay_files?: number;
}

export type IndexStatus = 'ready' | 'partial' | 'empty' | 'stale';

/** The answer to every name query; compatible with the original scry's JSON. */
export interface QueryResult {
  symbol: string;
  matches: SymbolMatch[];
  total: number;
  elapsed_ms: number;
  index: IndexFreshness;
  truncated?: string;
  /** Set when a compound name (`A.b`) matched nothing and the tail alone was used. */
  note?: string;
}

export interface NameQueryParams extends RepoParams {
  /** A name, or a compound form: `DB::table`, `auth->user`, `client.Connect`, `OrderService#processOrder`. */
  name: string;
  limit?: number;
}

export interface CallQueryParams extends NameQueryParams {
  /** Every reference inside/to the function, not only calls. */
  all_refs?: boolean;
}

export interface ImpactParams extends NameQueryParams {
  /** How many levels of callers to follow (default 3). */
  depth?: number;
}

export interface SearchParams extends RepoParams {
  pattern: string;
  kind?: string;
  limit?: number;
}

export interface SearchHit {
  symbol_id: string;
  display_name: string;
  qualified_name: string;
  kind: string;
  file: string | null;
  line: number | null;
  column: number | null;
  score: number;
}

export interface SearchResult {
  pattern: string;
  results: SearchHit[];
  total: number;
  elapsed_ms: number;
  index: IndexFreshness;
  truncated?: string;
}

export interface SymbolsParams extends RepoParams {
  /** Repo-relative (or absolute) path of the file to outline. */
  file: string;
}

export interface OutlineEntry {
  symbol_id: string;
  display_name: string;
  kind: string;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  containing_symbol: string | null;
  /** The whole definition (body included), when the indexer reports it. */
  extent?: { line: number; column: number; end_line: number; end_column: number };
}

export interface SymbolsResult {
  file: string;
  symbols: OutlineEntry[];
  elapsed_ms: number;
  index: IndexFreshness;
}

export interface ImpactEntry {
  symbol_id: string;
  display_name: string;
  kind: string;
  file: string;
  line: number;
  /** 1 for direct callers, 2 for their callers, ... */
  depth?: number;
}

export interface ImpactResult {
  symbol: string;
  counts: { callers: number; implementations: number; importing_files: number; test_files: number };
  callers: ImpactEntry[];
  implementations: ImpactEntry[];
  importing_files: string[];
  test_files: string[];
  elapsed_ms: number;
  index: IndexFreshness;
  truncated?: string;
  note?: string;
}

export interface IndexParams extends RepoParams {
  /** Rebuild even when an index exists. */
  force?: boolean;
  /** Import this prebuilt .scip file (from any SCIP indexer) instead of running indexers. */
  scip?: string;
}

export interface IndexerReport {
  language: string;
  indexer: string;
  status: 'ok' | 'missing' | 'failed' | 'skipped';
  file_count: number;
  duration_ms: number;
  error?: string;
  remedy?: string;
  stderr_tail?: string;
}

export interface IndexResult {
  repo: string;
  status: IndexStatus;
  indexed_at: string;
  duration_ms: number;
  documents: number;
  symbols: number;
  occurrences: number;
  indexers: IndexerReport[];
}

export interface RepoStatus {
  repo: string;
  effective_status: IndexStatus | 'indexing' | 'none';
  languages?: string[];
  watching?: boolean;
  pending_changes?: number;
  overlay_files?: number;
  indexed_at: string | null;
  documents: number;
  symbols: number;
  occurrences: number;
  last_build_ms: number | null;
  building: boolean;
  indexers: IndexerReport[];
  last_error: string | null;
}

export interface DaemonInfo {
  pid: number;
  version: string;
  protocol: number;
  home: string;
  socket: string;
  started_at: string;
  uptime_ms: number;
  log_file: string;
  node: string;
}

export interface StatusParams {
  repo?: string;
}

export interface StatusResult {
  daemon: DaemonInfo;
  repos: RepoStatus[];
}

export interface ProgressEvent {
  repo: string;
  phase: 'indexing' | 'decoding' | 'storing' | 'swapping' | 'done' | 'failed';
  message: string;
  percent?: number;
}

// ---- methods -------------------------------------------------------------

export namespace Ping {
  export const method = 'scry/ping' as const;
  export const type = new RequestType<Record<string, never>, DaemonInfo, void>(method);
}

export namespace Status {
  export const method = 'scry/status' as const;
  export const type = new RequestType<StatusParams, StatusResult, void>(method);
}

export namespace Shutdown {
  export const method = 'scry/shutdown' as const;
  export const type = new RequestType<Record<string, never>, { stopping: true }, void>(method);
}

export namespace IndexRepo {
  export const method = 'code/index' as const;
  export const type = new RequestType<IndexParams, IndexResult, void>(method);
}

export namespace Refs {
  export const method = 'code/refs' as const;
  export const type = new RequestType<NameQueryParams, QueryResult, void>(method);
}

export namespace Defs {
  export const method = 'code/defs' as const;
  export const type = new RequestType<NameQueryParams, QueryResult, void>(method);
}

export namespace Callers {
  export const method = 'code/callers' as const;
  export const type = new RequestType<CallQueryParams, QueryResult, void>(method);
}

export namespace Callees {
  export const method = 'code/callees' as const;
  export const type = new RequestType<CallQueryParams, QueryResult, void>(method);
}

export namespace Impls {
  export const method = 'code/impls' as const;
  export const type = new RequestType<NameQueryParams, QueryResult, void>(method);
}

export namespace Search {
  export const method = 'code/search' as const;
  export const type = new RequestType<SearchParams, SearchResult, void>(method);
}

export namespace Symbols {
  export const method = 'code/symbols' as const;
  export const type = new RequestType<SymbolsParams, SymbolsResult, void>(method);
}

export namespace Impact {
  export const method = 'code/impact' as const;
  export const type = new RequestType<ImpactParams, ImpactResult, void>(method);
}

/** Broadcast when a repo's new index has been swapped in (the extension refreshes). */
export namespace IndexSwapped {
  export const method = 'code/swapped' as const;
  export const type = new NotificationType<IndexResult>(method);
}

/** Broadcast to every connected client while a repo builds. */
export namespace Progress {
  export const method = 'code/progress' as const;
  export const type = new NotificationType<ProgressEvent>(method);
}
