// The extraction worker's owner: builds the provider chain from the
// configuration, restarts it when the configuration changes, wakes it when
// episodes arrive, and says how it is doing for status.
import type { DomainContext } from '../domain';
import * as P from '../protocol';
import type { MemoryConfig } from './config';
import { createProviders, ExtractionChain, ExtractionWorker } from './extract';
import type { MemoryStore } from './store';

/** How far back sessions read offline are refined when a model is configured later (its daily budget paces them). */
export const REFINE_BACKLOG_DAYS = 30;

export class ExtractionSupervisor {
  private worker: ExtractionWorker | undefined;
  private workerSub: { dispose(): void } | undefined;
  private applied: string | undefined;

  constructor(
    private readonly ctx: DomainContext,
    private readonly store: MemoryStore,
    private readonly options: { enabled: boolean; env: NodeJS.ProcessEnv },
  ) {}

  /** Starts the chain a configuration describes, unless that one already runs. */
  apply(config: MemoryConfig): void {
    const key = JSON.stringify(config);
    if (key === this.applied) return;
    this.applied = key;
    void this.start(config);
  }

  /** Episodes are waiting: the worker looks now instead of at its next wake. */
  notify(): void {
    this.worker?.notify();
  }

  status(): ReturnType<ExtractionWorker['status']> | undefined {
    return this.worker?.status();
  }

  private async start(config: MemoryConfig): Promise<void> {
    await this.stop();
    if (!this.options.enabled) return;
    const chain = new ExtractionChain(createProviders(config, { home: this.ctx.home, env: this.options.env }), this.store, { budget: config.budget });
    const worker = new ExtractionWorker(this.store, chain, { deadlineMs: config.deadlineMs, budget: config.budget });
    this.workerSub = worker.onProgress((e) => {
      if (e.type === 'extracted') this.ctx.notify(P.MemoryChanged, { episodes: 0, facts: e.facts });
      else if (e.type === 'failed' && e.episodeId) this.ctx.log(`memory: extraction failed for episode ${e.episodeId.slice(0, 12)}: ${e.error}`);
    });
    this.worker = worker;
    if (chain.hasModel) {
      // Remembered facts waited for a model while there was none; sessions read offline before it came get it too.
      this.store.refinesDueNow();
      const since = new Date(Date.now() - REFINE_BACKLOG_DAYS * 86_400_000).toISOString();
      const backlog = this.store.refineOfflineSince(since);
      if (backlog > 0)
        this.ctx.log(
          `memory: ${backlog} episodes of the last ${REFINE_BACKLOG_DAYS} days, read offline before a model was configured, queued for it to refine`,
        );
    }
    worker.start();
    this.ctx.log(`memory: extraction chain ${chain.providers.map((p) => p.name).join(' -> ')}`);
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.workerSub?.dispose();
    await worker?.stop();
  }
}
