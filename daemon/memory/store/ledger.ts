// The provider ledger: each provider's successes, failures and cooldown, and
// the model usage counted against the daily budget (offline is never counted).
import type { Db } from '../../sqlite';
import { providerStateOf, type ProviderRow } from './rows';
import type { ProviderState } from './types';

const PROVIDER_COLUMNS = 'name, cooldown_until, last_error, last_error_at, last_success_at, successes, failures';

function prepare(db: Db) {
  return {
    providerState: db.prepare<[string], ProviderRow>(`SELECT ${PROVIDER_COLUMNS} FROM provider_state WHERE name = ?`),
    providerStates: db.prepare<[], ProviderRow>(`SELECT ${PROVIDER_COLUMNS} FROM provider_state ORDER BY name`),
    providerSuccess: db.prepare<[string, string]>(`INSERT INTO provider_state(name, last_success_at, successes) VALUES (?, ?, 1)
        ON CONFLICT(name) DO UPDATE SET last_success_at = excluded.last_success_at, successes = successes + 1, cooldown_until = NULL`),
    providerFailure: db.prepare<
      [string, string, string, string | null]
    >(`INSERT INTO provider_state(name, last_error, last_error_at, cooldown_until, failures) VALUES (?, ?, ?, ?, 1)
        ON CONFLICT(name) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at,
          cooldown_until = coalesce(excluded.cooldown_until, cooldown_until), failures = failures + 1`),
    budget: db.prepare<[string], { episodes: number; tokens: number }>(
      `SELECT coalesce(sum(episodes), 0) AS episodes, coalesce(sum(tokens), 0) AS tokens FROM budget_usage WHERE day = ?`,
    ),
    addBudget: db.prepare<[string, string, number, number]>(`INSERT INTO budget_usage(day, provider, episodes, tokens) VALUES (?, ?, ?, ?)
        ON CONFLICT(day, provider) DO UPDATE SET episodes = episodes + excluded.episodes, tokens = tokens + excluded.tokens`),
  };
}

export class ProviderLedger {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    db: Db,
    private readonly iso: () => string,
  ) {
    this.s = prepare(db);
  }

  state(name: string): ProviderState | undefined {
    const r = this.s.providerState.get(name);
    return r ? providerStateOf(r) : undefined;
  }

  states(): ProviderState[] {
    return this.s.providerStates.all().map(providerStateOf);
  }

  success(name: string): void {
    this.s.providerSuccess.run(name, this.iso());
  }

  /** A failure; with `cooldownUntil` the provider is skipped by the chain until then. */
  failure(name: string, error: string, cooldownUntil?: Date): void {
    this.s.providerFailure.run(name, error.slice(0, 2000), this.iso(), cooldownUntil ? cooldownUntil.toISOString() : null);
  }

  /** Model usage on a UTC day. */
  budgetUsage(day: string): { episodes: number; tokens: number } {
    return this.s.budget.get(day) ?? { episodes: 0, tokens: 0 };
  }

  /** One episode's model usage; `episodes: 0` for a call that extracted none (recall's query rewrite). */
  addBudgetUsage(day: string, provider: string, tokens: number, episodes = 1): void {
    this.s.addBudget.run(day, provider, episodes, Math.max(0, Math.round(tokens)));
  }
}
