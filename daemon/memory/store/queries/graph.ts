// The reads behind the graph view and path: an entity's neighbours through
// facts valid now (or at a time), the most recently active entities (by
// their sessions' time, never ingest time), a node's size and the edges
// that touch it.
import { perDb, validity } from '../cache';
import type { Count } from '../rows';
import type { MemoryStore } from '../store';
import type { Db } from '../../../sqlite';

export interface EdgeRow {
  id: number;
  source_id: number;
  target_id: number;
  relation: string;
  text: string;
  valid_from: string | null;
  confidence: number;
}

function build(db: Db, asOf: boolean) {
  const v = validity(asOf ? '' : undefined).sql;
  // As of a time, an entity exists from the first session that touched it, and was last active in the latest one by then.
  const seen = db.prepare<[string, number], { id: number }>(`SELECT entity_id AS id, max(occurred_at) AS at FROM entity_episodes WHERE occurred_at <= ? GROUP BY entity_id ORDER BY at DESC, entity_id DESC LIMIT ?`);
  const seenCount = db.prepare<[string], Count>(`SELECT count(DISTINCT entity_id) AS n FROM entity_episodes WHERE occurred_at <= ?`);
  const nodeAt = db.prepare<[string, number], { id: number; name: string; type: string; updated_at: string }>(`SELECT id, name, type,
      coalesce((SELECT max(occurred_at) FROM entity_episodes WHERE entity_id = entities.id AND occurred_at <= ?), updated_at) AS updated_at FROM entities WHERE id = ?`);
  const s = {
    out: db.prepare<unknown[], { id: number; other: number }>(`SELECT f.id, f.target_id AS other FROM facts f WHERE f.source_id = ? AND f.target_id IS NOT NULL AND ${v}`),
    inc: db.prepare<unknown[], { id: number; other: number }>(`SELECT f.id, f.source_id AS other FROM facts f WHERE f.target_id = ? AND ${v}`),
    recent: db.prepare<[number], { id: number }>(`SELECT id FROM entities ORDER BY updated_at DESC, id DESC LIMIT ?`),
    count: db.prepare<[], Count>(`SELECT count(*) AS n FROM entities`),
    node: db.prepare<[number], { id: number; name: string; type: string; updated_at: string }>(`SELECT id, name, type, updated_at FROM entities WHERE id = ?`),
    factCount: db.prepare<unknown[], Count>(`SELECT count(*) AS n FROM facts f WHERE (f.source_id = ? OR f.target_id = ?) AND ${v}`),
    touching: db.prepare<unknown[], EdgeRow>(`SELECT f.id, f.source_id, f.target_id, f.relation, f.text, f.valid_from, f.confidence FROM facts f
      WHERE (f.source_id = ? OR f.target_id = ?) AND f.target_id IS NOT NULL AND ${v}`),
  };
  return (at: string | undefined) => {
    const p = validity(at).params;
    return {
      /** Entities one fact away, either direction, with the fact that links them. */
      neighbours: (id: number): Array<{ id: number; other: number }> => [...s.out.all(id, ...p), ...s.inc.all(id, ...p)],
      recent: (limit: number): number[] => (at === undefined ? s.recent.all(limit) : seen.all(at, limit)).map((r) => r.id),
      entityCount: (): number => (at === undefined ? s.count.get() : seenCount.get(at))?.n ?? 0,
      /** An entity with the time it was last active (by `at`, when one is asked for): its latest session's time. */
      node: (id: number) => (at === undefined ? s.node.get(id) : nodeAt.get(at, id)),
      factCount: (id: number): number => s.factCount.get(id, id, ...p)?.n ?? 0,
      edgesTouching: (id: number): EdgeRow[] => s.touching.all(id, id, ...p),
    };
  };
}

const cached = perDb((db) => ({ now: build(db, false), asOf: build(db, true) }));

export const graphReads = (store: MemoryStore, asOf: string | undefined) => {
  const c = cached(store.db);
  return (asOf === undefined ? c.now : c.asOf)(asOf);
};
