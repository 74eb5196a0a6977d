// episodes ENTITY: the sessions that mention an entity, newest first, each a
// reference back to its source (path and line span) to open.
import type * as P from '../protocol';
import type { CodeLookup } from '../protocol/anchors';
import { codeOfEpisode } from './anchors';
import { AmbiguousEpisodeError, EpisodeNotFoundError, type EpisodeRefRow, type MemoryStore } from './store';
import { inspectReads } from './store/queries/inspect';
import { entityRef, episodeOut, requireEntity } from './views';

/** Anchored mentions shown per episode of a list, and for one episode opened whole. */
const CODE_IN_LIST = 3;
const CODE_IN_EPISODE = 20;

const withCode = (store: MemoryStore, lookup: CodeLookup | undefined, r: EpisodeRefRow, limit: number): P.EpisodeRef => {
  const code = codeOfEpisode(store, lookup, r.seq, limit);
  return { ...episodeOut(r), ...(code.length ? { code } : {}) };
};

export function episodesOf(store: MemoryStore, params: P.EpisodesParams, lookup?: CodeLookup): P.EpisodesResult {
  const started = performance.now();
  const id = requireEntity(store, params.entity);
  const limit = params.limit ?? 10;
  const q = inspectReads(store);
  const rows = q.episodesOfEntity(id, limit);
  const total = q.episodeCountOfEntity(id);
  return {
    entity: entityRef(store, id),
    episodes: rows.map((r) => withCode(store, lookup, r, CODE_IN_LIST)),
    total,
    ...(total > rows.length ? { note: `${total - rows.length} older episodes left out (limit ${limit})` } : {}),
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}

/** One episode by id or unique prefix, with its distilled text. */
export function episodeText(store: MemoryStore, params: P.EpisodeParams, lookup?: CodeLookup): P.EpisodeResult {
  const prefix = params.id.trim().toLowerCase();
  const rows = inspectReads(store).episodesWithTextBetween(prefix, `${prefix}\uffff`);
  if (rows.length === 0) throw new EpisodeNotFoundError(params.id);
  // Two rows for a prefix: saying which one was meant would be a guess.
  if (rows.length > 1) throw new AmbiguousEpisodeError(params.id, rows.length);
  const r = rows[0]!;
  return { episode: withCode(store, lookup, r, CODE_IN_EPISODE), text: r.text, tokens: r.tokens, extraction: r.extraction };
}
