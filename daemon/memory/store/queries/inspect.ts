// The reads and corrections behind inspection: entities listed, the facts
// of one, a fact by id, invalidate (closed, kept), forget (deleted), episodes
// by id or prefix and what one episode produced.
import { perDb } from '../cache';
import { aliasList, EPISODE_REF_COLUMNS, type Count, type EpisodeRefRow, type FactRow } from '../rows';
import type { MemoryStore } from '../store';
import type { Db } from '../../../sqlite';

export interface EntityListRow {
  id: number;
  name: string;
  type: string;
  updated_at: string;
  aliases: string[];
  current_facts: number;
}

const CURRENT = 'valid_to IS NULL AND expired_at IS NULL';

function build(db: Db) {
  const s = {
    entities: db.prepare<
      [string | null, string | null, number, number],
      Omit<EntityListRow, 'aliases'> & { aliases: string }
    >(`SELECT e.id, e.name, e.type, e.updated_at,
        (SELECT json_group_array(alias) FROM aliases WHERE entity_id = e.id AND alias <> e.name) AS aliases,
        (SELECT count(*) FROM facts f WHERE (f.source_id = e.id OR f.target_id = e.id) AND f.valid_to IS NULL AND f.expired_at IS NULL) AS current_facts
      FROM entities e WHERE (? IS NULL OR e.type = ?) ORDER BY e.updated_at DESC, e.id DESC LIMIT ? OFFSET ?`),
    entityCount: db.prepare<[string | null, string | null], Count>(`SELECT count(*) AS n FROM entities WHERE (? IS NULL OR type = ?)`),
    factsAll: db.prepare<[number, number, number], FactRow>(
      `SELECT * FROM facts WHERE (source_id = ? OR target_id = ?) ORDER BY (${CURRENT}) DESC, coalesce(valid_from, recorded_at) DESC, id DESC LIMIT ?`,
    ),
    factsCurrent: db.prepare<[number, number, number], FactRow>(
      `SELECT * FROM facts WHERE (source_id = ? OR target_id = ?) AND ${CURRENT} ORDER BY coalesce(valid_from, recorded_at) DESC, id DESC LIMIT ?`,
    ),
    factCountAll: db.prepare<[number, number], Count>(`SELECT count(*) AS n FROM facts WHERE source_id = ? OR target_id = ?`),
    factCountCurrent: db.prepare<[number, number], Count>(`SELECT count(*) AS n FROM facts WHERE (source_id = ? OR target_id = ?) AND ${CURRENT}`),
    fact: db.prepare<[number], FactRow>(`SELECT * FROM facts WHERE id = ?`),
    invalidate: db.prepare<[string, string, number]>(`UPDATE facts SET valid_to = coalesce(valid_to, ?), expired_at = coalesce(expired_at, ?) WHERE id = ?`),
    deleteFactsOf: db.prepare<[number, number]>(`DELETE FROM facts WHERE source_id = ? OR target_id = ?`),
    deleteEntity: db.prepare<[number]>(`DELETE FROM entities WHERE id = ?`),
    onlyFactsOf: db.prepare<[string], { id: number }>(
      `SELECT fe.fact_id AS id FROM fact_episodes fe WHERE fe.episode_id = ? AND NOT EXISTS (SELECT 1 FROM fact_episodes o WHERE o.fact_id = fe.fact_id AND o.episode_id <> fe.episode_id)`,
    ),
    deleteFact: db.prepare<[number]>(`DELETE FROM facts WHERE id = ?`),
    deleteEpisode: db.prepare<[string]>(`DELETE FROM episodes WHERE id = ?`),
    episodeId: db.prepare<[string], { id: string }>(`SELECT id FROM episodes WHERE id = ?`),
    episodeIdRange: db.prepare<[string, string], { id: string }>(`SELECT id FROM episodes WHERE id >= ? AND id < ? ORDER BY id LIMIT 2`),
    episodeWithText: db.prepare<[string, string], EpisodeRefRow & { text: string; tokens: number; extraction: string }>(
      `SELECT ${EPISODE_REF_COLUMNS}, e.text, e.tokens, e.extraction FROM episodes e WHERE e.id >= ? AND e.id < ? ORDER BY e.id LIMIT 2`,
    ),
    episodesOfEntity: db.prepare<[number, number], EpisodeRefRow>(`SELECT ${EPISODE_REF_COLUMNS}
      FROM entity_episodes ee JOIN episodes e ON e.id = ee.episode_id WHERE ee.entity_id = ? ORDER BY ee.occurred_at DESC, e.seq DESC LIMIT ?`),
    episodeCountOfEntity: db.prepare<[number], Count>(`SELECT count(*) AS n FROM entity_episodes WHERE entity_id = ?`),
    factsOfEpisode: db.prepare<[string], FactRow>(`SELECT f.* FROM fact_episodes fe JOIN facts f ON f.id = fe.fact_id WHERE fe.episode_id = ? ORDER BY f.id`),
    entitiesOfEpisode: db.prepare<[string], { entity_id: number }>(`SELECT entity_id FROM entity_episodes WHERE episode_id = ? ORDER BY entity_id`),
  };
  return {
    entities: (type: string | null, limit: number, offset: number): EntityListRow[] =>
      s.entities.all(type, type, limit, offset).map((r) => ({ ...r, aliases: [...new Set(aliasList(r.aliases))] })),
    entityCount: (type: string | null): number => s.entityCount.get(type, type)?.n ?? 0,
    /** Facts touching an entity, current ones first (with `all`, also closed and retired ones). */
    factsOf: (id: number, all: boolean, limit: number): FactRow[] => (all ? s.factsAll : s.factsCurrent).all(id, id, limit),
    factCount: (id: number, all: boolean): number => (all ? s.factCountAll : s.factCountCurrent).get(id, id)?.n ?? 0,
    fact: (id: number): FactRow | undefined => s.fact.get(id),
    invalidate: (id: number, validTo: string, expiredAt: string): void => void s.invalidate.run(validTo, expiredAt, id),
    /** Deletes an entity and every fact touching it; returns how many facts went. */
    forgetEntity: (id: number): number =>
      db.transaction(() => {
        const facts = s.deleteFactsOf.run(id, id).changes;
        s.deleteEntity.run(id);
        return facts;
      })(),
    /** Deletes an episode, and with `withFacts` the facts no other episode supports. */
    forgetEpisode: (episodeId: string, withFacts: boolean): { facts: number; episodes: number } =>
      db.transaction(() => {
        let facts = 0;
        if (withFacts) for (const f of s.onlyFactsOf.all(episodeId)) facts += s.deleteFact.run(f.id).changes;
        return { facts, episodes: s.deleteEpisode.run(episodeId).changes };
      })(),
    episodeExists: (id: string): boolean => s.episodeId.get(id) !== undefined,
    /** Up to two episode ids in [from, to): one means a unique prefix. */
    episodeIdsBetween: (from: string, to: string): string[] => s.episodeIdRange.all(from, to).map((r) => r.id),
    episodesWithTextBetween: (from: string, to: string) => s.episodeWithText.all(from, to),
    episodesOfEntity: (id: number, limit: number): EpisodeRefRow[] => s.episodesOfEntity.all(id, limit),
    episodeCountOfEntity: (id: number): number => s.episodeCountOfEntity.get(id)?.n ?? 0,
    factsOfEpisode: (episodeId: string): FactRow[] => s.factsOfEpisode.all(episodeId),
    entitiesOfEpisode: (episodeId: string): number[] => s.entitiesOfEpisode.all(episodeId).map((r) => r.entity_id),
  };
}

const cached = perDb(build);

export const inspectReads = (store: MemoryStore) => cached(store.db);

/** A fact by id, as stored. */
export const factById = (store: MemoryStore, id: number): FactRow | undefined => cached(store.db).fact(id);
