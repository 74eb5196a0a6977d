// What every query module returns: the protocol's result without the two
// fields the domain adds around it (its own timing and the index freshness).
import type { IndexFreshness } from '../../protocol';
import type { CodeStore } from '../store/store';
import { freshness } from './freshness';

export type Answer<T> = Omit<T, 'elapsed_ms' | 'index'>;

export type WithFreshness<T> = T & { elapsed_ms: number; index: IndexFreshness };

/** Runs a query body, adding the domain's two fields: its own timing and the index freshness. */
export function answered<T extends object>(store: CodeStore, stale: boolean, body: () => T): T & { elapsed_ms: number; index: IndexFreshness } {
  const started = performance.now();
  const result = body();
  return { ...result, elapsed_ms: Math.round((performance.now() - started) * 1000) / 1000, index: freshness(store.meta(), stale) };
}
