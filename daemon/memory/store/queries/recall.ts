// The reads behind recall: exact names, full text over names, facts and
// episode summaries, and an entity's facts and episodes, each as of now or
// as of a time (their SQL differs, so there is one set of each).
import { perDb, validity } from '../cache';
import { EPISODE_REF_COLUMNS, type Count, type EpisodeRefRow, type FactRow } from '../rows';
import type { MemoryStore } from '../store';
import type { Db } from '../../../sqlite';

function build(db: Db, asOf: boolean) {
  const v = validity(asOf ? '' : undefined).sql;
  // The as-of parameter is bound twice by `v` and once by an episode's time.
  type T = [] | [string];
  const s = {
    exact: db.prepare<[string], { id: number; own: number }>(
      `SELECT a.entity_id AS id, (e.norm = a.norm) AS own FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ?`,
    ),
    entityText: db.prepare<[string], { id: number; r: number }>(
      `SELECT rowid AS id, bm25(entities_fts, 10.0, 6.0, 1.0) AS r FROM entities_fts WHERE entities_fts MATCH ? ORDER BY r LIMIT 50`,
    ),
    factText: db.prepare<
      unknown[],
      { id: number; source_id: number; target_id: number | null; r: number }
    >(`SELECT f.id, f.source_id, f.target_id, x.rank AS r FROM (SELECT rowid, rank FROM facts_fts WHERE facts_fts MATCH ? ORDER BY rank LIMIT 300) x
      JOIN facts f ON f.id = x.rowid WHERE ${v} LIMIT 200`),
    episodeText: db.prepare<
      unknown[],
      EpisodeRefRow & { r: number }
    >(`SELECT ${EPISODE_REF_COLUMNS}, x.rank AS r FROM (SELECT rowid, rank FROM episodes_fts WHERE episodes_fts MATCH ? ORDER BY rank LIMIT 30) x
      JOIN episodes e ON e.seq = x.rowid ${asOf ? 'WHERE e.occurred_at <= ?' : ''}`),
    linked: db.prepare<[string], { entity_id: number }>(`SELECT entity_id FROM entity_episodes WHERE episode_id = ? LIMIT 20`),
    updated: db.prepare<[number], { updated_at: string }>(`SELECT updated_at FROM entities WHERE id = ?`),
    factsOf: db.prepare<unknown[], FactRow>(
      `SELECT f.* FROM facts f WHERE (f.source_id = ? OR f.target_id = ?) AND ${v} ORDER BY coalesce(f.valid_from, f.recorded_at) DESC, f.id DESC LIMIT 500`,
    ),
    episodesOf: db.prepare<unknown[], EpisodeRefRow>(`SELECT ${EPISODE_REF_COLUMNS} FROM entity_episodes ee JOIN episodes e ON e.id = ee.episode_id
      WHERE ee.entity_id = ? ${asOf ? 'AND ee.occurred_at <= ?' : ''} ORDER BY ee.occurred_at DESC, e.seq DESC LIMIT ?`),
    episodeCount: db.prepare<unknown[], Count>(`SELECT count(*) AS n FROM entity_episodes WHERE entity_id = ? ${asOf ? 'AND occurred_at <= ?' : ''}`),
  };
  return (at: string | undefined) => {
    const once: T = at === undefined ? [] : [at];
    const twice = validity(at).params;
    return {
      exact: (norm: string) => s.exact.all(norm),
      entityText: (fts: string) => s.entityText.all(fts),
      factText: (fts: string) => s.factText.all(fts, ...twice),
      episodeText: (fts: string) => s.episodeText.all(fts, ...once),
      linked: (episodeId: string) => s.linked.all(episodeId).map((r) => r.entity_id),
      updatedAt: (id: number): string | undefined => s.updated.get(id)?.updated_at,
      factsOf: (id: number) => s.factsOf.all(id, id, ...twice),
      episodesOf: (id: number, limit: number) => s.episodesOf.all(id, ...once, limit),
      episodeCount: (id: number): number => s.episodeCount.get(id, ...once)?.n ?? 0,
    };
  };
}

const cached = perDb((db) => ({ now: build(db, false), asOf: build(db, true) }));

/** Recall's reads against a store, as of `asOf` or now. */
export const recallReads = (store: MemoryStore, asOf: string | undefined) => {
  const c = cached(store.db);
  return (asOf === undefined ? c.now : c.asOf)(asOf);
};
