// The freshness every answer carries, so an agent never reads "no results"
// from an index that could not see a language as "no references".
import type { IndexerReport, IndexFreshness, IndexStatus } from '../../protocol';
import type { IndexMeta } from '../store/store';

export function freshness(meta: IndexMeta, stale: boolean): IndexFreshness {
  const indexers = parseIndexers(meta.indexers);
  const missing = [...new Set(indexers.filter((i) => i.status === 'missing' || i.status === 'failed').map((i) => i.language))];
  const built = (meta.status as IndexStatus) || 'ready';
  return {
    indexed_at: meta.indexed_at,
    status: stale ? 'stale' : built,
    partial: built === 'partial' || missing.length > 0,
    missing_languages: missing,
  };
}

export function parseIndexers(raw: unknown): IndexerReport[] {
  if (typeof raw !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as IndexerReport[]) : [];
  } catch {
    return [];
  }
}

export function parseLanguages(raw: unknown): string[] {
  if (typeof raw !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === 'string') : [];
  } catch {
    return [];
  }
}
