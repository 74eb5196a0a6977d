// The memory domain's part of `status`, apart from its other declarations:
// the daemon's Status declaration needs this shape, and every CLI start reads
// that declaration, while the rest of memory's is read only by memory commands.
import * as z from 'zod/mini';

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
  budget: z.object({
    day: z.string(),
    episodes: z.number(),
    tokens: z.number(),
    daily_episodes: z.optional(z.number()),
    daily_tokens: z.optional(z.number()),
    over: z.boolean(),
  }),
  /**
   * config.yaml, and its error when it is invalid; `using` then says what runs
   * instead: `last-good` (the last file that parsed) or `safe` (no good copy
   * was ever kept: sweeps and hooks off, offline only).
   */
  config: z.object({ file: z.string(), error: z.optional(z.string()), using: z.optional(z.enum(['last-good', 'safe'])) }),
  sweep: z.object({
    enabled: z.boolean(),
    interval_minutes: z.number(),
    last_at: z.optional(z.string()),
    last_added: z.optional(z.number()),
    running: z.boolean(),
  }),
  /** memory.recall.rewrite: whether recall asks a model to reword questions, and which provider it asks first (none: no model provider). */
  recall_rewrite: z.optional(z.object({ enabled: z.boolean(), provider: z.optional(z.string()) })),
  /** Every transcript format the daemon reads, from its source registry, with the roots a sweep searches. */
  sources: z.optional(
    z.array(
      z.object({
        id: z.string(),
        holds: z.string(),
        roots: z.array(z.string()),
        conversational: z.boolean(),
        session_end: z.optional(z.string()),
        /** The roots that exist on this machine: the agent's stores found. */
        stores: z.optional(z.array(z.string())),
        /** Sessions the last sweep found under them. */
        sessions_found: z.optional(z.number()),
        /** Sessions that gave episodes, and the episodes. */
        sessions_ingested: z.optional(z.number()),
        episodes: z.optional(z.number()),
        /** Sources that could not be read (the latest attempt), with what was expected when the format is unknown. */
        failed: z.optional(z.array(z.object({ path: z.string(), error: z.string(), expected: z.optional(z.string()) }))),
      }),
    ),
  ),
  /** Set when only the offline extractor runs: how to enable a model. */
  hint: z.optional(z.string()),
});

export type MemoryStatus = z.output<typeof MemoryStatus>;
