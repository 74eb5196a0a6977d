// The provider chain for one episode: each provider in config order until one
// returns a valid extraction. A provider that failed on auth, quota or rate is
// cooled down (durably, in provider_state) so the next episodes skip it
// instead of failing against it one by one; over the daily budget, model
// providers are skipped and only offline (if configured) runs.
import type { MemoryStore, ProviderState, StoredEpisode } from '../store';
import { ProviderError } from './errors';
import type { ExtractRequest, Provider } from './provider';
import type { Extraction } from './schema';

export interface Budget {
  dailyEpisodes?: number;
  dailyTokens?: number;
}

export interface ChainAttempt {
  provider: string;
  outcome: 'ok' | 'failed' | 'cooling-down' | 'over-budget' | 'deadline';
  error?: string;
}

export type ChainResult =
  | { ok: true; provider: string; extraction: Extraction; tokens: number; attempts: ChainAttempt[] }
  | {
      ok: false;
      attempts: ChainAttempt[];
      /** False when every provider was skipped (cooling down, over budget): the episode should wait, not fail. */
      triedAny: boolean;
      /** When a skipped provider becomes usable again. */
      retryAt?: Date;
    };

export interface ChainOptions {
  budget?: Budget;
  now?: () => Date;
}

export class ExtractionChain {
  private readonly now: () => Date;

  constructor(
    readonly providers: readonly Provider[],
    private readonly store: MemoryStore,
    private readonly options: ChainOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** True when the chain can reach a model (status uses it to say how to enable one). */
  get hasModel(): boolean {
    return this.providers.some((p) => p.usesModel);
  }

  overBudget(): boolean {
    const { dailyEpisodes, dailyTokens } = this.options.budget ?? {};
    if (dailyEpisodes === undefined && dailyTokens === undefined) return false;
    const used = this.store.budgetUsage(utcDay(this.now()));
    return (dailyEpisodes !== undefined && used.episodes >= dailyEpisodes) || (dailyTokens !== undefined && used.tokens >= dailyTokens);
  }

  /** With `modelsOnly` (a refine), the offline provider is skipped: it already ran. */
  async extract(
    episode: StoredEpisode,
    request: Omit<ExtractRequest, 'episode'>,
    signal: AbortSignal,
    options: { modelsOnly?: boolean } = {},
  ): Promise<ChainResult> {
    const attempts: ChainAttempt[] = [];
    let triedAny = false;
    let retryAt: Date | undefined;
    const later = (d: Date): void => {
      if (!retryAt || d < retryAt) retryAt = d;
    };
    const overBudget = this.overBudget();
    for (const p of this.providers) {
      if (options.modelsOnly && !p.usesModel) continue;
      if (signal.aborted) {
        attempts.push({ provider: p.name, outcome: 'deadline' });
        break;
      }
      const now = this.now();
      const state = this.store.providerState(p.name);
      if (coolingDown(state, now)) {
        attempts.push({ provider: p.name, outcome: 'cooling-down', error: state!.lastError });
        later(new Date(state!.cooldownUntil!));
        continue;
      }
      if (p.usesModel && overBudget) {
        attempts.push({ provider: p.name, outcome: 'over-budget' });
        later(nextUtcMidnight(now));
        continue;
      }
      triedAny = true;
      try {
        const reply = await p.extract({ ...request, episode }, signal);
        this.store.recordProviderSuccess(p.name);
        if (p.usesModel) this.store.addBudgetUsage(utcDay(this.now()), p.name, reply.tokens);
        attempts.push({ provider: p.name, outcome: 'ok' });
        return { ok: true, provider: p.name, extraction: reply.extraction, tokens: reply.tokens, attempts };
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.store.recordProviderFailure(p.name, message, cooldownAfter(p, err, this.now()));
        attempts.push({ provider: p.name, outcome: 'failed', error: message });
      }
    }
    return { ok: false, attempts, triedAny, retryAt };
  }
}

export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);

/** True while a provider's recorded cooldown lasts. */
export const coolingDown = (state: Pick<ProviderState, 'cooldownUntil'> | undefined, now: Date): boolean =>
  state?.cooldownUntil !== undefined && new Date(state.cooldownUntil) > now;

/** Until when a failure that is the provider's own (auth, quota, rate) skips it: its Retry-After or its cooldown; undefined for any other failure. */
export const cooldownAfter = (p: Provider, err: unknown, now: Date): Date | undefined =>
  err instanceof ProviderError && err.cooldown ? new Date(now.getTime() + (err.retryAfterMs ?? p.cooldownMs)) : undefined;

function nextUtcMidnight(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}
