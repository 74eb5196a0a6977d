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
}

export interface NameQueryParams extends RepoParams {
  name: string;
  limit?: number;
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

/** Broadcast to every connected client while a repo builds. */
export namespace Progress {
  export const method = 'code/progress' as const;
  export const type = new NotificationType<ProgressEvent>(method);
}
