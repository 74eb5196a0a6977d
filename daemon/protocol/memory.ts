// The memory domain's methods: the write path (ingest, sweep, retry) and its status.
import * as z from 'zod/mini';
import { defineMethod, defineNotification, describe, opt } from './method';

export const MemorySource = z.enum(['claude', 'codex', 'run', 'seed']);

export const IngestParams = z.object({
  source: describe(MemorySource, 'What the path holds: claude (a session .jsonl or a projects folder), codex (a rollout or a sessions folder), run (a run directory or a folder of them), seed (a markdown file or folder).'),
  path: describe(z.string().check(z.minLength(1)), 'A file or a folder to search for sources of that kind.'),
});

export const FileResult = z.object({
  path: z.string(),
  source: MemorySource,
  outcome: z.enum(['ingested', 'unchanged', 'too-recent', 'too-short', 'extractor', 'failed']),
  added: z.number(),
  existing: z.number(),
  reset: z.optional(z.boolean()),
  unknownTypes: z.optional(z.record(z.string(), z.number())),
  malformedLines: z.optional(z.number()),
  redactions: z.optional(z.number()),
  error: z.optional(z.string()),
});

export const IngestResult = z.object({
  files: z.array(FileResult),
  /** New episodes stored (and queued for extraction). */
  added: z.number(),
  /** Episodes that were already stored (a re-ingest). */
  existing: z.number(),
  failed: z.number(),
  elapsed_ms: z.number(),
  dry_run: z.optional(z.boolean()),
});

export const SweepParams = z.object({ dry_run: opt(z.boolean(), 'Show what a sweep would ingest, write nothing.') });

export const SweepResult = z.object({
  sources: z.array(z.object({ source: MemorySource, roots: z.array(z.string()), files: z.number(), ingested: z.number(), unchanged: z.number(), too_recent: z.number(), failed: z.number(), added: z.number() })),
  added: z.number(),
  failed: z.array(z.object({ path: z.string(), error: z.string() })),
  elapsed_ms: z.number(),
  dry_run: z.boolean(),
});

export const ProviderStatus = z.object({
  name: z.string(),
  type: z.string(),
  successes: z.number(),
  failures: z.number(),
  last_error: z.optional(z.string()),
  cooldown_until: z.optional(z.string()),
  cooling_down: z.boolean(),
});

export const MemoryStatus = z.object({
  db: z.string(),
  episodes: z.number(),
  entities: z.number(),
  facts: z.number(),
  current_facts: z.number(),
  sources_tracked: z.number(),
  queue: z.object({ pending: z.number(), done: z.number(), failed: z.number(), running: z.boolean(), current: z.optional(z.string()) }),
  providers: z.array(ProviderStatus),
  budget: z.object({ day: z.string(), episodes: z.number(), tokens: z.number(), daily_episodes: z.optional(z.number()), daily_tokens: z.optional(z.number()), over: z.boolean() }),
  config: z.object({ file: z.string(), error: z.optional(z.string()) }),
  sweep: z.object({ enabled: z.boolean(), interval_minutes: z.number(), last_at: z.optional(z.string()), last_added: z.optional(z.number()), running: z.boolean() }),
  /** Set when only the offline extractor runs: how to enable a model. */
  hint: z.optional(z.string()),
});

export const MemoryProgress = z.object({
  phase: z.enum(['ingest', 'sweep', 'extract']),
  done: z.number(),
  total: z.number(),
  message: z.string(),
});

export type MemorySource = z.output<typeof MemorySource>;
export type IngestParams = z.output<typeof IngestParams>;
export type IngestResult = z.output<typeof IngestResult>;
export type MemoryFileResult = z.output<typeof FileResult>;
export type SweepParams = z.output<typeof SweepParams>;
export type SweepResult = z.output<typeof SweepResult>;
export type MemoryStatus = z.output<typeof MemoryStatus>;
export type MemoryProgress = z.output<typeof MemoryProgress>;

export const MemoryIngest = defineMethod({
  method: 'memory/ingest',
  params: IngestParams,
  result: IngestResult,
  cli: { command: 'memory ingest', group: 'memory', summary: 'distill agent transcripts at --path into episodes (--source claude|codex|run|seed)', paths: ['path'] },
});

export const MemorySweep = defineMethod({
  method: 'memory/sweep',
  params: SweepParams,
  result: SweepResult,
  cli: { command: 'memory sweep', group: 'memory', summary: 'ingest every known source (files modified in the last 5 minutes wait)' },
});

export const MemoryRetry = defineMethod({
  method: 'memory/retry',
  params: z.object({}),
  result: z.object({ requeued: z.number() }),
  cli: { command: 'memory retry', group: 'memory', summary: 'queue the episodes no provider could extract again' },
});

export const MemoryStatusMethod = defineMethod({
  method: 'memory/status',
  params: z.object({}),
  result: MemoryStatus,
  cli: { command: 'memory status', group: 'memory', summary: 'episodes, entities, facts, the extraction queue and each provider' },
});

export const MEMORY_METHODS = [MemoryIngest, MemorySweep, MemoryRetry, MemoryStatusMethod] as const;

/** Broadcast while an ingest or sweep runs, and as the queue drains. */
export const MemoryProgressNotification = defineNotification({ method: 'memory/progress', params: MemoryProgress });

/** Broadcast when the graph changed (episodes stored, an extraction applied), for views that show it. */
export const MemoryChanged = defineNotification({ method: 'memory/changed', params: z.object({ episodes: z.number(), facts: z.number() }) });
