// What an index's meta table says, in the protocol's shapes.
import type { BuildProgress, IndexResult, IndexStatus, RepoStatus } from '../protocol';
import { parseIndexers, parseLanguages } from './query';
import type { CodeStore } from './store/store';

type Meta = ReturnType<CodeStore['meta']>;

export function indexResultOf(repo: string, meta: Meta): IndexResult {
  return {
    repo,
    // The first index is always followed by the precise build.
    status: meta.first_index === 'syntactic' ? 'building' : (meta.status as IndexStatus) || 'ready',
    indexed_at: meta.indexed_at,
    duration_ms: Number(meta.build_ms ?? 0),
    documents: meta.documents,
    symbols: meta.symbols,
    occurrences: meta.occurrences,
    indexers: parseIndexers(meta.indexers),
    ...(meta.first_index === 'syntactic' ? { syntactic: true } : {}),
    ...(typeof meta.seeded_from === 'string' && meta.seeded_from ? { seeded_from: meta.seeded_from } : {}),
  };
}

export interface RepoState {
  repo: string;
  meta: Meta | undefined;
  building: boolean;
  stale: boolean;
  lastError: string | undefined;
  watching: boolean;
  /** Why watching fell back to polling. */
  degraded: string | undefined;
  watchedDirs: number;
  pendingChanges: number;
  overlayFiles: number;
  progress?: BuildProgress;
  deferred?: string;
}

export function repoStatusOf(s: RepoState): RepoStatus {
  const meta = s.meta;
  return {
    repo: s.repo,
    effective_status: effectiveStatus(s),
    languages: parseLanguages(meta?.languages),
    indexed_at: meta?.indexed_at ?? null,
    documents: meta?.documents ?? 0,
    symbols: meta?.symbols ?? 0,
    occurrences: meta?.occurrences ?? 0,
    last_build_ms: meta?.build_ms !== undefined ? Number(meta.build_ms) : null,
    building: s.building,
    indexers: parseIndexers(meta?.indexers),
    last_error: s.lastError ?? null,
    watching: s.watching,
    ...(s.watching ? { watch_mode: s.degraded !== undefined ? ('polling' as const) : ('events' as const), watched_dirs: s.watchedDirs } : {}),
    ...(s.degraded !== undefined ? { degraded: s.degraded } : {}),
    pending_changes: s.pendingChanges,
    overlay_files: s.overlayFiles,
    ...(meta?.first_index === 'syntactic' ? { syntactic: true } : {}),
    ...(typeof meta?.seeded_from === 'string' && meta.seeded_from ? { seeded_from: meta.seeded_from } : {}),
    ...(s.progress ? { progress: s.progress } : {}),
    ...(s.deferred ? { precise_waits: s.deferred } : {}),
    ...coverageOf(meta?.coverage),
  };
}

function effectiveStatus(s: RepoState): RepoStatus['effective_status'] {
  const meta = s.meta;
  if (!meta) return s.building ? 'indexing' : 'none';
  if (s.stale) return 'stale';
  // The first index answers while the precise one builds: not ready until that is swapped in.
  if (s.building && meta.first_index === 'syntactic') return 'building';
  return (meta.status as IndexStatus) || 'ready';
}

function coverageOf(raw: unknown): Pick<RepoStatus, 'coverage'> {
  if (typeof raw !== 'string') return {};
  try {
    const c = JSON.parse(raw) as NonNullable<RepoStatus['coverage']>;
    return typeof c.by_tsconfig === 'number' && typeof c.inferred === 'number'
      ? { coverage: { by_tsconfig: c.by_tsconfig, inferred: c.inferred, inferred_sample: Array.isArray(c.inferred_sample) ? c.inferred_sample : [] } }
      : {};
  } catch {
    return {};
  }
}
