// `memory status`: the store's counts, the queue and each provider as the
// worker sees them, the budget, the configuration's state, the sweep, and
// every registered source with the roots a sweep searches.
import type * as P from '../protocol';
import type { MemoryConfig } from './config';
import type { ExtractionSupervisor } from './supervisor';
import type { MemoryStore } from './store';
import type { TranscriptSource } from './sources';

export interface StatusInputs {
  dbFile: string;
  store: MemoryStore;
  supervisor: ExtractionSupervisor;
  config: MemoryConfig;
  configState: P.MemoryStatus['config'];
  sweep: { enabled: boolean; running: boolean; last?: { at: string; added: number } };
  sources: ReadonlyArray<{ source: TranscriptSource; roots: string[]; stores: string[] }>;
  /** What the sweeps and ingests saw: sessions found per source, and the sources that failed. */
  seen: { found: ReadonlyMap<string, number>; failures: ReadonlyMap<string, { source: string; error: string; expected?: string }> };
}

export function memoryStatus(i: StatusInputs): P.MemoryStatus {
  const c = i.store.counts();
  const bySource = i.store.countsBySource();
  const w = i.supervisor.status();
  // The first model provider: what recall's rewording asks. A remembered fact waiting for a model is not pending
  // while there is none: offline-only memory has nothing to wait for.
  const firstModel = i.config.providers.find((p) => p.type !== 'offline');
  const pending = firstModel ? c.pending : c.pending - c.waitingRefine;
  return {
    db: i.dbFile,
    episodes: c.episodes,
    entities: c.entities,
    facts: c.facts,
    current_facts: c.currentFacts,
    sources_tracked: c.cursors,
    queue: { pending, done: c.done, failed: c.failed, running: w?.running ?? false, ...(w?.current ? { current: w.current } : {}) },
    providers: (w?.providers ?? []).map((p) => ({
      name: p.name,
      type: p.type,
      successes: p.successes,
      failures: p.failures,
      ...(p.lastError ? { last_error: p.lastError } : {}),
      ...(p.cooldownUntil ? { cooldown_until: p.cooldownUntil } : {}),
      cooling_down: p.coolingDown,
    })),
    budget: w
      ? {
          day: w.budget.day,
          episodes: w.budget.episodes,
          tokens: w.budget.tokens,
          ...(w.budget.dailyEpisodes !== undefined ? { daily_episodes: w.budget.dailyEpisodes } : {}),
          ...(w.budget.dailyTokens !== undefined ? { daily_tokens: w.budget.dailyTokens } : {}),
          over: w.budget.over,
        }
      : { day: new Date().toISOString().slice(0, 10), episodes: 0, tokens: 0, over: false },
    config: i.configState,
    sweep: {
      enabled: i.sweep.enabled,
      interval_minutes: i.config.sweep.intervalMinutes,
      ...(i.sweep.last ? { last_at: i.sweep.last.at, last_added: i.sweep.last.added } : {}),
      running: i.sweep.running,
    },
    recall_rewrite: { enabled: i.config.recall.rewrite, ...(firstModel ? { provider: firstModel.name } : {}) },
    sources: i.sources.map(({ source, roots, stores }) => {
      const held = bySource.get(source.id);
      const failed = [...i.seen.failures]
        .filter(([, f]) => f.source === source.id)
        .map(([p, f]) => ({ path: p, error: f.error, ...(f.expected ? { expected: f.expected } : {}) }));
      const found = i.seen.found.get(source.id);
      return {
        id: source.id,
        holds: source.holds,
        roots,
        conversational: source.conversational,
        ...(source.sessionEnd ? { session_end: source.sessionEnd } : {}),
        stores,
        ...(found !== undefined ? { sessions_found: found } : {}),
        sessions_ingested: held?.sessions ?? 0,
        episodes: held?.episodes ?? 0,
        failed,
      };
    }),
    ...(w?.hint ? { hint: w.hint } : {}),
  };
}
