// The freshness every answer carries, so an agent never reads "no results"
// from an index that could not see a language as "no references".
import type { IndexerReport, IndexFreshness, IndexStatus } from '../../protocol';
import type { IndexMeta } from '../store/store';

// An open index's meta never changes (CodeStore reads it once), so the parse
// of its indexer reports is done once per index, not once per query.
const built = new WeakMap<IndexMeta, IndexFreshness>();

/** A fresh object each call: callers add fields (overlay_files) to it. */
export function freshness(meta: IndexMeta, stale: boolean): IndexFreshness {
  let base = built.get(meta);
  if (!base) {
    base = compute(meta);
    built.set(meta, base);
  }
  return { ...base, status: stale ? 'stale' : base.status };
}

function compute(meta: IndexMeta): IndexFreshness {
  const indexers = parseIndexers(meta.indexers);
  // A language is missing when none of its indexers succeeded (a syntactic fallback counts) or none exists.
  const served = new Set(indexers.filter((i) => i.status === 'ok').map((i) => i.language));
  const missing = [...new Set(indexers.filter((i) => i.status !== 'ok' && i.language !== 'none' && !served.has(i.language)).map((i) => i.language))];
  const builtStatus = (meta.status as IndexStatus) || 'ready';
  return {
    indexed_at: meta.indexed_at,
    status: builtStatus,
    partial: builtStatus === 'partial' || missing.length > 0,
    missing_languages: missing,
    ...(meta.first_index === 'syntactic' ? { syntactic: true } : {}),
    ...(typeof meta.seeded_from === 'string' && meta.seeded_from ? { seeded_from: meta.seeded_from } : {}),
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
