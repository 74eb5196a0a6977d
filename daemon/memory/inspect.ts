// Inspection and correction: list entities, the facts of one (with history),
// invalidate a fact (closed, kept in history), forget an entity or an
// episode (deleted, on request with the facts only it supports).
import type * as P from '../protocol';
import { AmbiguousEpisodeError, EpisodeNotFoundError, FactNotFoundError, type MemoryStore } from './store';
import { entityRef, factOut, isoTime, requireEntity } from './views';
import type { FactRow } from './store';
import { InvalidParamsError } from '../errors';

const ms = (started: number): number => Math.round((performance.now() - started) * 100) / 100;

export function listEntities(store: MemoryStore, params: P.EntitiesParams): P.EntitiesResult {
  const started = performance.now();
  const limit = params.limit ?? 50;
  const offset = params.cursor !== undefined ? cursorOffset(params.cursor) : 0;
  const type = params.type ?? null;
  const rows = store.db
    .prepare(`SELECT e.id, e.name, e.type, e.updated_at,
        (SELECT json_group_array(alias) FROM aliases WHERE entity_id = e.id AND alias <> e.name) AS aliases,
        (SELECT count(*) FROM facts f WHERE (f.source_id = e.id OR f.target_id = e.id) AND f.valid_to IS NULL AND f.expired_at IS NULL) AS current_facts
      FROM entities e WHERE (? IS NULL OR e.type = ?) ORDER BY e.updated_at DESC, e.id DESC LIMIT ? OFFSET ?`)
    .all(type, type, limit + 1, offset) as Array<{ id: number; name: string; type: string; updated_at: string; aliases: string; current_facts: number }>;
  const total = (store.db.prepare(`SELECT count(*) AS n FROM entities WHERE (? IS NULL OR type = ?)`).get(type, type) as { n: number }).n;
  const page = rows.slice(0, limit);
  return {
    entities: page.map((r) => ({ id: r.id, name: r.name, type: r.type, aliases: [...new Set(JSON.parse(r.aliases) as string[])], current_facts: r.current_facts, updated_at: r.updated_at })),
    total,
    ...(rows.length > limit ? { next_cursor: String(offset + limit) } : {}),
    elapsed_ms: ms(started),
  };
}

export function factsOfEntity(store: MemoryStore, params: P.FactsParams): P.FactsResult {
  const started = performance.now();
  const id = requireEntity(store, params.entity);
  const limit = params.limit ?? 100;
  const current = params.all ? '' : 'AND valid_to IS NULL AND expired_at IS NULL';
  const rows = store.db
    .prepare(`SELECT * FROM facts WHERE (source_id = ? OR target_id = ?) ${current} ORDER BY (valid_to IS NULL AND expired_at IS NULL) DESC, coalesce(valid_from, recorded_at) DESC, id DESC LIMIT ?`)
    .all(id, id, limit + 1) as FactRow[];
  const total = (store.db.prepare(`SELECT count(*) AS n FROM facts WHERE (source_id = ? OR target_id = ?) ${current}`).get(id, id) as { n: number }).n;
  const shown = rows.slice(0, limit);
  return {
    entity: entityRef(store, id),
    facts: shown.map((r) => factOut(store, r)),
    total,
    ...(total > shown.length ? { truncated: `${total - shown.length} more (limit ${limit})` } : {}),
    elapsed_ms: ms(started),
  };
}

/** Closes a fact's validity at `at` and retires it; nothing is deleted, so --all and as-of still show it. */
export function invalidateFact(store: MemoryStore, params: P.InvalidateParams, now: Date = new Date()): P.InvalidateResult {
  const id = Number(params.fact.replace(/^#/, ''));
  const get = store.db.prepare(`SELECT * FROM facts WHERE id = ?`);
  const row = Number.isInteger(id) ? (get.get(id) as FactRow | undefined) : undefined;
  if (!row) throw new FactNotFoundError(params.fact);
  if (row.valid_to !== null && row.expired_at !== null) return { fact: factOut(store, row), changed: false };
  const at = params.at !== undefined ? isoTime(params.at, 'at') : now.toISOString();
  const validTo = row.valid_from !== null && at < row.valid_from ? row.valid_from : at;
  store.db.prepare(`UPDATE facts SET valid_to = coalesce(valid_to, ?), expired_at = coalesce(expired_at, ?) WHERE id = ?`).run(validTo, now.toISOString(), id);
  return { fact: factOut(store, get.get(id) as FactRow), changed: true };
}

export function forget(store: MemoryStore, params: P.ForgetParams): P.ForgetResult {
  if ((params.entity === undefined) === (params.episode === undefined)) throw new InvalidParamsError('memory forget needs exactly one of ENTITY or --episode ID');
  const db = store.db;
  return db.transaction((): P.ForgetResult => {
    if (params.entity !== undefined) {
      const id = requireEntity(store, params.entity);
      const facts = (db.prepare(`SELECT count(*) AS n FROM facts WHERE source_id = ? OR target_id = ?`).get(id, id) as { n: number }).n;
      // Facts cascade with the entity; their FTS rows go with them through the facts_ad trigger.
      db.prepare(`DELETE FROM facts WHERE source_id = ? OR target_id = ?`).run(id, id);
      db.prepare(`DELETE FROM entities WHERE id = ?`).run(id);
      return { entities: 1, facts, episodes: 0 };
    }
    const episodeId = resolveEpisode(store, params.episode!);
    let facts = 0;
    if (params.with_facts) {
      const only = db
        .prepare(`SELECT fe.fact_id AS id FROM fact_episodes fe WHERE fe.episode_id = ? AND NOT EXISTS (SELECT 1 FROM fact_episodes o WHERE o.fact_id = fe.fact_id AND o.episode_id <> fe.episode_id)`)
        .all(episodeId) as Array<{ id: number }>;
      const del = db.prepare(`DELETE FROM facts WHERE id = ?`);
      for (const f of only) facts += del.run(f.id).changes;
    }
    const episodes = db.prepare(`DELETE FROM episodes WHERE id = ?`).run(episodeId).changes;
    return { entities: 0, facts, episodes };
  })();
}

/** An episode by its id or a unique prefix of it (ids are long hashes). */
export function resolveEpisode(store: MemoryStore, ref: string): string {
  const exact = store.db.prepare(`SELECT id FROM episodes WHERE id = ?`).get(ref) as { id: string } | undefined;
  if (exact) return exact.id;
  if (!/^[0-9a-f]{6,}$/i.test(ref)) throw new EpisodeNotFoundError(ref);
  const rows = store.db.prepare(`SELECT id FROM episodes WHERE id >= ? AND id < ? LIMIT 2`).all(ref.toLowerCase(), `${ref.toLowerCase()}g`) as Array<{ id: string }>;
  if (rows.length === 0) throw new EpisodeNotFoundError(ref);
  if (rows.length > 1) throw new AmbiguousEpisodeError(ref, rows.length);
  return rows[0]!.id;
}

function cursorOffset(cursor: string): number {
  const n = Number(cursor);
  if (!Number.isInteger(n) || n < 0) throw new InvalidParamsError(`cursor: '${cursor}' is not a cursor this method gave; pass the next_cursor of the previous page`);
  return n;
}

export { cursorOffset };
