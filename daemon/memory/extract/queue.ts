// The worker that drains the durable extraction queue inside the daemon, one
// episode at a time, each under a deadline. The queue lives in memory.db, so
// a crash or a stop loses nothing: an episode in flight is still pending and
// is taken again on the next start.
//
// Over the daily budget, model providers are skipped: if offline is in the
// chain it extracts the episode (the graph keeps growing, at lower quality);
// if not, the episode waits, pending, until the next UTC day.
import { deadline } from './deadline';
import type { MemoryStore, ProviderState } from '../store';
import { coolingDown, utcDay, type Budget, type ChainAttempt, type ExtractionChain } from './chain';
import { ExtractionFailedError } from './errors';

export type ProgressEvent =
  | { type: 'extracted'; episodeId: string; provider: string; facts: number; entities: number }
  | { type: 'failed'; episodeId: string; error: string; attempts: ChainAttempt[] }
  | { type: 'deferred'; episodeId: string; until: string; attempts: ChainAttempt[] }
  | { type: 'idle'; pending: number };

export interface WorkerOptions {
  /** Per-episode deadline over the whole chain. */
  deadlineMs: number;
  budget?: Budget;
  /** How long an idle worker sleeps before looking again when nobody calls notify(). */
  pollMs?: number;
  glossaryLimit?: number;
  now?: () => Date;
}

export interface WorkerStatus {
  running: boolean;
  current?: string;
  queue: { pending: number; done: number; failed: number };
  providers: Array<ProviderState & { type: string; coolingDown: boolean }>;
  budget: { day: string; episodes: number; tokens: number; dailyEpisodes?: number; dailyTokens?: number; over: boolean };
  /** Set when only offline runs: what to do to enable a model. */
  hint?: string;
}

export type StepResult = 'extracted' | 'failed' | 'deferred' | 'empty';

export class ExtractionWorker {
  private running = false;
  private loop: Promise<void> | undefined;
  private stopper = new AbortController();
  private wake: (() => void) | undefined;
  private current: string | undefined;
  private readonly listeners = new Set<(e: ProgressEvent) => void>();
  private readonly now: () => Date;

  constructor(
    private readonly store: MemoryStore,
    private readonly chain: ExtractionChain,
    private readonly options: WorkerOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  onProgress(listener: (e: ProgressEvent) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopper = new AbortController();
    this.loop = this.run();
  }

  /** Stops after aborting the episode in flight (which stays pending). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.stopper.abort();
    this.wake?.();
    await this.loop;
    this.loop = undefined;
  }

  /** New episodes were queued: wake an idle worker now rather than at its next poll. */
  notify(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let step: StepResult;
      try {
        step = await this.step();
      } catch (err) {
        // A store error (disk full, locked) must not end the worker; it retries after the poll interval.
        this.emit({ type: 'failed', episodeId: this.current ?? '', error: err instanceof Error ? err.message : String(err), attempts: [] });
        step = 'empty';
      }
      if (step === 'empty' && this.running) {
        const c = this.store.counts();
        this.emit({ type: 'idle', pending: this.chain.hasModel ? c.pending : c.pending - c.waitingRefine });
        await this.sleep();
      }
    }
  }

  private sleep(): Promise<void> {
    const poll = this.options.pollMs ?? 30_000;
    const next = this.store.nextAttemptAt({ refine: this.chain.hasModel });
    const due = next ? Math.max(0, Date.parse(next) - this.now().getTime()) : poll;
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.min(poll, due + 5));
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  /** Extracts the next due episode, if any. Public so `retry` and tests can drain without the timer. */
  async step(): Promise<StepResult> {
    const item = this.store.takeNext({ refine: this.chain.hasModel });
    if (!item) return 'empty';
    const episode = this.store.episode(item.episodeId);
    if (!episode) return 'empty'; // unreachable: the queue row cascades with its episode
    this.current = episode.id;
    const limit = deadline(this.options.deadlineMs, this.stopper.signal);
    const signal = limit.signal;
    try {
      const glossary = this.store.glossary({ repo: episode.repoRoot, limit: this.options.glossaryLimit ?? 60 });
      const refine = item.purpose === 'refine';
      const result = await this.chain.extract(episode, { glossary, referenceTime: episode.occurredAt }, signal, { modelsOnly: refine });
      // Stopping is not the episode's fault: leave it pending for the next start.
      if (this.stopper.signal.aborted) return 'deferred';
      if (result.ok) {
        const applied = this.store.applyExtraction(episode.id, result.extraction, result.provider);
        this.emit({
          type: 'extracted',
          episodeId: episode.id,
          provider: result.provider,
          facts: applied.factsCreated + applied.factsRestated,
          entities: applied.entitiesCreated + applied.entitiesMerged,
        });
        return 'extracted';
      }
      if (!result.triedAny && result.retryAt) {
        const reason = result.attempts.map((a) => `${a.provider}: ${a.outcome}`).join('; ');
        this.store.deferExtraction(episode.id, result.retryAt, reason);
        this.emit({ type: 'deferred', episodeId: episode.id, until: result.retryAt.toISOString(), attempts: result.attempts });
        return 'deferred';
      }
      const error = new ExtractionFailedError(
        episode.id,
        result.attempts.map((a) => `${a.provider}: ${a.error ?? a.outcome}`),
      );
      const tried = result.attempts.filter((a) => a.outcome !== 'cooling-down' && a.outcome !== 'over-budget').map((a) => a.provider);
      // A failed refine leaves the offline facts the episode already has.
      if (refine) this.store.failRefine(episode.id, error.message, tried);
      else this.store.failExtraction(episode.id, error.message, tried);
      this.emit({ type: 'failed', episodeId: episode.id, error: error.message, attempts: result.attempts });
      return 'failed';
    } finally {
      limit.dispose();
      this.current = undefined;
    }
  }

  /** Steps until nothing is due; returns how each step ended. */
  async drain(limit = Number.POSITIVE_INFINITY): Promise<Record<StepResult, number>> {
    const counts: Record<StepResult, number> = { extracted: 0, failed: 0, deferred: 0, empty: 0 };
    for (let i = 0; i < limit; i++) {
      const r = await this.step();
      counts[r]++;
      if (r === 'empty') break;
    }
    return counts;
  }

  status(): WorkerStatus {
    const now = this.now();
    const states = new Map(this.store.providerStates().map((s) => [s.name, s]));
    const providers = this.chain.providers.map((p) => {
      const s = states.get(p.name) ?? { name: p.name, successes: 0, failures: 0 };
      return { ...s, type: p.type, coolingDown: coolingDown(s, now) };
    });
    const day = utcDay(now);
    const used = this.store.budgetUsage(day);
    const c = this.store.counts();
    return {
      running: this.running,
      current: this.current,
      queue: { pending: this.chain.hasModel ? c.pending : c.pending - c.waitingRefine, done: c.done, failed: c.failed },
      providers,
      budget: { day, ...used, dailyEpisodes: this.options.budget?.dailyEpisodes, dailyTokens: this.options.budget?.dailyTokens, over: this.chain.overBudget() },
      hint: this.chain.hasModel
        ? undefined
        : 'Only the offline extractor runs. To let a model extract facts, add a provider (claude-cli, anthropic or openai) under memory.providers in $SCRY_HOME/config.yaml',
    };
  }

  private emit(e: ProgressEvent): void {
    for (const l of this.listeners) l(e);
  }
}
