// Methods of the daemon itself (not of a domain): liveness, status, shutdown.
import * as z from 'zod/mini';
import { CODE_QUERIES, ForgetRepo, IndexRepo, Repos, RepoStatus, WatchUsage } from './code';
import { MemoryStatus } from './memory-status';
import { defineMethod, opt } from './method';

export const PROTOCOL_VERSION = 2;

export const DaemonInfo = z.object({
  pid: z.number(),
  version: z.string(),
  protocol: z.number(),
  home: z.string(),
  socket: z.string(),
  started_at: z.string(),
  uptime_ms: z.number(),
  log_file: z.string(),
  node: z.string(),
  /** The daemon's resident memory now, in bytes (absent from daemons before it was added). */
  rss_bytes: z.optional(z.number()),
  /** Of that, the V8 heap in use and reserved, and memory V8 objects hold outside it (Buffers, native addons' reported memory). */
  heap_used_bytes: z.optional(z.number()),
  heap_total_bytes: z.optional(z.number()),
  external_bytes: z.optional(z.number()),
});

/** What the code index holds in memory besides its watchers. */
export const IndexMemory = z.object({
  /** Indexes open now; each closes after a while without use. */
  open_stores: z.number(),
  /** A build worker started ahead of the next build; let go with the last store. */
  spare_build_worker: z.boolean(),
});

export const StatusParams = z.object({ repo: opt(z.string(), 'Only this repository (absolute path). Default: every repository this daemon knows.') });

/** Each domain contributes its own part of the status (see DomainStatus). */
export const StatusResult = z.object({
  daemon: DaemonInfo,
  repos: z.array(RepoStatus),
  watches: z.optional(WatchUsage),
  memory: z.optional(MemoryStatus),
  index_memory: z.optional(IndexMemory),
});

export type DaemonInfo = z.output<typeof DaemonInfo>;
export type IndexMemory = z.output<typeof IndexMemory>;
export type StatusParams = z.output<typeof StatusParams>;
export type StatusResult = z.output<typeof StatusResult>;

const empty = z.object({});

export const Ping = defineMethod({ method: 'scry/ping', params: empty, result: DaemonInfo });

export const Status = defineMethod({
  method: 'scry/status',
  params: StatusParams,
  result: StatusResult,
  cli: { command: 'status', group: 'daemon', summary: 'the daemon and every indexed repo', everyRepo: true },
});

export const Shutdown = defineMethod({ method: 'scry/shutdown', params: empty, result: z.object({ stopping: z.literal(true) }) });

export const CompactParams = z.object({
  method: z.string(),
  params: z.optional(z.unknown()),
});
export const CompactResult = z.object({
  /** The answer as its compact formatter writes it (protocol/compact.ts). */
  text: z.string(),
  /** The answer's `total`, when it has one (the MCP call log records it). */
  total: z.optional(z.number()),
  /** The answer named no symbol and offers suggestions instead (a CLI exits 1 on it). */
  unknown_name: z.optional(z.boolean()),
});
export type CompactParams = z.output<typeof CompactParams>;
export type CompactResult = z.output<typeof CompactResult>;

/**
 * A method's answer as its compact text, rendered in the daemon where the
 * answer is built: the client is sent the text alone, not the whole JSON to
 * parse and render itself (a 92-site refs answer is 24 KB of JSON, 5 KB of
 * text). For the methods with a compact formatter.
 */
export const Compact = defineMethod({ method: 'scry/compact', params: CompactParams, result: CompactResult });

/** The daemon's own methods and the code index's: every method but memory's, which only memory commands need to read. */
export const CORE_METHODS = [Ping, Status, Shutdown, Compact, IndexRepo, Repos, ForgetRepo, ...CODE_QUERIES] as const;
