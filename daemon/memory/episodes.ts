// episodes ENTITY: the sessions that mention an entity, newest first, each a
// reference back to its source (path and line span) to open.
import type * as P from '../protocol';
import { AmbiguousEpisodeError, EpisodeNotFoundError, type MemoryStore } from './store';
import { entityRef, episodeOut, requireEntity, type EpisodeRow } from './views';

export function episodesOf(store: MemoryStore, params: P.EpisodesParams): P.EpisodesResult {
  const started = performance.now();
  const id = requireEntity(store, params.entity);
  const limit = params.limit ?? 10;
  const rows = store.db
    .prepare(`SELECT e.id, e.seq, e.source, e.source_path, e.session_id, e.line_start, e.line_end, e.occurred_at, e.summary, e.repo_root
      FROM entity_episodes ee JOIN episodes e ON e.id = ee.episode_id WHERE ee.entity_id = ? ORDER BY ee.occurred_at DESC, e.seq DESC LIMIT ?`)
    .all(id, limit) as EpisodeRow[];
  const total = (store.db.prepare(`SELECT count(*) AS n FROM entity_episodes WHERE entity_id = ?`).get(id) as { n: number }).n;
  return {
    entity: entityRef(store, id),
    episodes: rows.map(episodeOut),
    total,
    ...(total > rows.length ? { note: `${total - rows.length} older episodes left out (limit ${limit})` } : {}),
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}

/** One episode by id or unique prefix, with its distilled text. */
export function episodeText(store: MemoryStore, params: P.EpisodeParams): P.EpisodeResult {
  const prefix = params.id.trim().toLowerCase();
  const rows = store.db
    .prepare(`SELECT id, seq, source, source_path, session_id, line_start, line_end, occurred_at, summary, repo_root, text, tokens, extraction FROM episodes WHERE id >= ? AND id < ? ORDER BY id LIMIT 2`)
    .all(prefix, `${prefix}\uffff`) as Array<EpisodeRow & { text: string; tokens: number; extraction: string }>;
  if (rows.length === 0) throw new EpisodeNotFoundError(params.id);
  // Two rows for a prefix: saying which one was meant would be a guess.
  if (rows.length > 1) throw new AmbiguousEpisodeError(params.id, rows.length);
  const r = rows[0]!;
  return { episode: episodeOut(r), text: r.text, tokens: r.tokens, extraction: r.extraction };
}
