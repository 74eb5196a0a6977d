// The reads behind the graph view and path: an entity's neighbours through
// facts valid now (or at a time), the entities to open on (linked ones
// first, by their sessions' day, never ingest time, then by how connected),
// a node's size and the edges that touch it.
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

/** When an entity was last active by @at: the latest session up to then that touched it (its recorded time when no session did). */
const ACTIVE_BY = `coalesce((SELECT max(ee.occurred_at) FROM entity_episodes ee WHERE ee.entity_id = e.id AND ee.occurred_at <= @at), e.updated_at)`;

const EXISTED = `(EXISTS (SELECT 1 FROM entity_episodes ee WHERE ee.entity_id = e.id AND ee.occurred_at <= @at)
  OR (NOT EXISTS (SELECT 1 FROM entity_episodes ee WHERE ee.entity_id = e.id) AND e.created_at <= @at))`;

function build(db: Db, asOf: boolean) {
  const v = validity(asOf ? '' : undefined).sql;
  /** The same validity with the named time, for statements that take named parameters. */
  const linkValid = asOf ? "coalesce(f.valid_from, '') <= @at AND (f.valid_to IS NULL OR f.valid_to > @at)" : v;
  const s = {
    out: db.prepare<unknown[], { id: number; other: number }>(
      `SELECT f.id, f.target_id AS other FROM facts f WHERE f.source_id = ? AND f.target_id IS NOT NULL AND ${v}`,
    ),
    inc: db.prepare<unknown[], { id: number; other: number }>(`SELECT f.id, f.source_id AS other FROM facts f WHERE f.target_id = ? AND ${v}`),
    // As of a time, an entity is there once a session before it mentioned it (or, with no session, once it was recorded).
    // Most recently active first, by the sessions' time (as it stood at the time asked about).
    // The opening view (issue 36): entities a fact links to another first, never one standing alone ahead of them;
    // among those, the most recent sessions' day first, and within a day the most connected.
    recent: db.prepare<[{ at?: string; limit: number }], { id: number }>(
      `SELECT id FROM (SELECT e.id, ${asOf ? ACTIVE_BY : 'e.updated_at'} AS active,
          (SELECT count(*) FROM facts f WHERE (f.source_id = e.id OR f.target_id = e.id) AND f.target_id IS NOT NULL AND f.source_id <> f.target_id AND ${linkValid}) AS links
        FROM entities e ${asOf ? `WHERE ${EXISTED}` : ''})
      ORDER BY links = 0, substr(active, 1, 10) DESC, links DESC, active DESC, id DESC LIMIT @limit`,
    ),
    count: db.prepare<[{ at?: string }], Count>(`SELECT count(*) AS n FROM entities e ${asOf ? `WHERE ${EXISTED}` : ''}`),
    node: db.prepare<[{ at?: string; id: number }], { id: number; name: string; type: string; updated_at: string }>(
      `SELECT id, name, type, ${asOf ? ACTIVE_BY : 'updated_at'} AS updated_at FROM entities e WHERE id = @id`,
    ),
    factCount: db.prepare<unknown[], Count>(`SELECT count(*) AS n FROM facts f WHERE (f.source_id = ? OR f.target_id = ?) AND ${v}`),
    touching: db.prepare<unknown[], EdgeRow>(`SELECT f.id, f.source_id, f.target_id, f.relation, f.text, f.valid_from, f.confidence FROM facts f
      WHERE (f.source_id = ? OR f.target_id = ?) AND f.target_id IS NOT NULL AND ${v}`),
  };
  return (at: string | undefined) => {
    const p = validity(at).params;
    return {
      /** Entities one fact away, either direction, with the fact that links them. */
      neighbours: (id: number): Array<{ id: number; other: number }> => [...s.out.all(id, ...p), ...s.inc.all(id, ...p)],
      recent: (limit: number): number[] => s.recent.all(at === undefined ? { limit } : { at, limit }).map((r) => r.id),
      entityCount: (): number => s.count.get(at === undefined ? {} : { at })?.n ?? 0,
      /** An entity with the time it was last active: its latest session's (by `at`, when one is asked for). */
      node: (id: number) => s.node.get(at === undefined ? { id } : { at, id }),
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
