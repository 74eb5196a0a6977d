// What every query module returns: the protocol's result without the two
// fields the domain adds around it (its own timing and the index freshness).
import type { IndexFreshness } from '../../protocol';

export type Answer<T> = Omit<T, 'elapsed_ms' | 'index'>;

export type WithFreshness<T> = T & { elapsed_ms: number; index: IndexFreshness };
