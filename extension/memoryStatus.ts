// What the status bar's tooltip and action menu say about memory: counts,
// the extraction queue and the provider state. Pure: table-tested.
import type * as P from '../daemon/protocol';
import { formatCount } from './statusView';

export interface MemoryLines {
  /** "Memory: 6 episodes · 8 entities · 4 facts". */
  counts: string;
  queue: string;
  /** "offline only: configure a model", or the providers' health. */
  provider: string;
  /** True when no model is configured or every model is failing: the menu offers config.yaml. */
  needsConfig: boolean;
  /** A config.yaml that does not parse: its one-line error. */
  configError?: string;
}

export function memoryLines(s: P.MemoryStatus): MemoryLines {
  const counts = `Memory: ${formatCount(s.episodes)} episodes · ${formatCount(s.entities)} entities · ${formatCount(s.current_facts)} facts`;
  const q = s.queue;
  const queue =
    q.pending === 0 && q.failed === 0
      ? 'Extraction queue: empty'
      : `Extraction queue: ${q.pending} pending${q.failed ? `, ${q.failed} failed` : ''}${q.running && q.current ? ` (extracting ${q.current})` : ''}`;
  const models = s.providers.filter((p) => p.type !== 'offline');
  let provider: string;
  let needsConfig = false;
  if (models.length === 0) {
    provider = 'offline only: configure a model';
    needsConfig = true;
  } else {
    const parts = models.map(
      (p) =>
        `${p.name} ${p.cooling_down ? `cooling down${p.last_error ? ` (${p.last_error})` : ''}` : p.failures > 0 && p.successes === 0 ? `failing${p.last_error ? ` (${p.last_error})` : ''}` : 'ok'}`,
    );
    provider = `Providers: ${parts.join(', ')}`;
    needsConfig = models.every((p) => p.cooling_down || (p.failures > 0 && p.successes === 0));
  }
  if (s.budget.over) provider += ' · daily budget reached';
  return { counts, queue, provider, needsConfig, ...(s.config.error ? { configError: s.config.error } : {}) };
}
