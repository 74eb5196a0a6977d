// episodes ENTITY: the sessions that mention an entity, newest first, each a
// reference back to its source (path and line span) to open.
import type * as P from '../protocol';
import { AmbiguousEpisodeError, EpisodeNotFoundError, type MemoryStore } from './store';
import { inspectReads } from './store/queries/inspect';
import { entityRef, episodeOut, requireEntity } from './views';

export function episodesOf(store: MemoryStore, params: P.EpisodesParams): P.EpisodesResult {
  const started = performance.now();
  const id = requireEntity(store, params.entity);
  const limit = params.limit ?? 10;
  const q = inspectReads(store);
  const rows = q.episodesOfEntity(id, limit);
  const total = q.episodeCountOfEntity(id);
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
  const rows = inspectReads(store).episodesWithTextBetween(prefix, `${prefix}\uffff`);
  if (rows.length === 0) throw new EpisodeNotFoundError(params.id);
  // Two rows for a prefix: saying which one was meant would be a guess.
  if (rows.length > 1) throw new AmbiguousEpisodeError(params.id, rows.length);
  const r = rows[0]!;
  return { episode: episodeOut(r), text: r.text, tokens: r.tokens, extraction: r.extraction };
}
