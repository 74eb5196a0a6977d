// Reading the graph into the protocol's shapes: entities by name, alias or
// #id, facts with their endpoints' names and evidence count, episodes as a
// reference back to their source. Shared by recall, path, graph, inspection
// and orientation; statements are prepared once per store.
import { InvalidParamsError } from '../errors';
import type * as P from '../protocol';
import { normalizeName } from './resolve';
import { EntityNotFoundError, type FactRow, type MemoryStore } from './store';
import type { Db } from '../sqlite';

export interface EpisodeRow {
  id: string;
  seq: number;
  source: P.EpisodeRef['source'];
  source_path: string;
  session_id: string;
  line_start: number;
  line_end: number;
  occurred_at: string;
  summary: string;
  repo_root: string | null;
}

export interface EntityRowDb {
  id: number;
  name: string;
  type: string;
  description: string | null;
  repo: string | null;
  updated_at: string;
}

const EPISODE_COLUMNS = 'e.id, e.seq, e.source, e.source_path, e.session_id, e.line_start, e.line_end, e.occurred_at, e.summary, e.repo_root';

function prepare(db: Db) {
  return {
    entity: db.prepare(`SELECT id, name, type, description, repo, updated_at FROM entities WHERE id = ?`),
    byNorm: db.prepare(`SELECT e.id FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? ORDER BY (e.norm = a.norm) DESC, e.updated_at DESC, e.id LIMIT 1`),
    aliases: db.prepare(`SELECT alias FROM aliases WHERE entity_id = ? ORDER BY alias`),
    name: db.prepare(`SELECT name FROM entities WHERE id = ?`),
    evidence: db.prepare(`SELECT count(*) AS n FROM fact_episodes WHERE fact_id = ?`),
    latestEvidence: db.prepare(`SELECT ${EPISODE_COLUMNS} FROM fact_episodes fe JOIN episodes e ON e.id = fe.episode_id WHERE fe.fact_id = ? ORDER BY e.occurred_at DESC, e.seq DESC LIMIT 1`),
    episode: db.prepare(`SELECT ${EPISODE_COLUMNS} FROM episodes e WHERE e.id = ?`),
    suggest: db.prepare(`SELECT e.name FROM entities_fts f JOIN entities e ON e.id = f.rowid WHERE entities_fts MATCH ? ORDER BY bm25(entities_fts) LIMIT 3`),
  };
}

type Statements = ReturnType<typeof prepare>;
const cache = new WeakMap<Db, Statements>();

export function statements(store: MemoryStore): Statements {
  let s = cache.get(store.db);
  if (!s) {
    s = prepare(store.db);
    cache.set(store.db, s);
  }
  return s;
}

/** `#12` is an id; anything else a name or alias (normalized the way resolution does). */
export function findEntityId(store: MemoryStore, ref: string): number | undefined {
  const s = statements(store);
  const id = /^#(\d+)$/.exec(ref.trim());
  if (id) return (s.entity.get(Number(id[1])) as EntityRowDb | undefined)?.id;
  const hit = s.byNorm.get(normalizeName(ref)) as { id: number } | undefined;
  return hit?.id;
}

/** The entity a reference names, or an error with a few names that come close. */
export function requireEntity(store: MemoryStore, ref: string): number {
  const id = findEntityId(store, ref);
  if (id !== undefined) return id;
  let suggestions: string[] = [];
  const q = ftsQuery(ref);
  if (q) suggestions = (statements(store).suggest.all(q) as Array<{ name: string }>).map((r) => r.name);
  throw new EntityNotFoundError(ref, suggestions);
}

export function entityRef(store: MemoryStore, id: number, options: { aliases?: boolean } = {}): P.EntityRef {
  const s = statements(store);
  const r = s.entity.get(id) as EntityRowDb;
  const aliases = options.aliases === false ? [] : (s.aliases.all(id) as Array<{ alias: string }>).map((a) => a.alias).filter((a) => a !== r.name);
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    ...(aliases.length ? { aliases: [...new Set(aliases)] } : {}),
    ...(r.description ? { description: r.description } : {}),
    ...(r.repo ? { repo: r.repo } : {}),
  };
}

export function entityName(store: MemoryStore, id: number): string {
  return (statements(store).name.get(id) as { name: string } | undefined)?.name ?? `#${id}`;
}

export function factOut(store: MemoryStore, r: FactRow): P.MemoryFact {
  const s = statements(store);
  return {
    id: r.id,
    source: entityName(store, r.source_id),
    source_id: r.source_id,
    relation: r.relation,
    ...(r.target_id !== null ? { target: entityName(store, r.target_id), target_id: r.target_id } : {}),
    ...(r.value !== null ? { value: r.value } : {}),
    text: r.text,
    confidence: r.confidence,
    ...(r.valid_from ? { valid_from: r.valid_from } : {}),
    ...(r.valid_to ? { valid_to: r.valid_to } : {}),
    recorded_at: r.recorded_at,
    ...(r.expired_at ? { expired_at: r.expired_at } : {}),
    ...(r.superseded_by !== null ? { superseded_by: r.superseded_by } : {}),
    evidence: (s.evidence.get(r.id) as { n: number }).n,
  };
}

export function episodeOut(r: EpisodeRow): P.EpisodeRef {
  return {
    id: r.id,
    source: r.source,
    occurred_at: r.occurred_at,
    summary: r.summary,
    path: r.source_path,
    line_start: r.line_start,
    line_end: r.line_end,
    session_id: r.session_id,
    ...(r.repo_root ? { repo_root: r.repo_root } : {}),
  };
}

/** The newest episode that supports a fact: the evidence to show beside it. */
export function latestEvidence(store: MemoryStore, factId: number): P.EpisodeRef | undefined {
  const r = statements(store).latestEvidence.get(factId) as EpisodeRow | undefined;
  return r ? episodeOut(r) : undefined;
}

/**
 * The SQL that keeps facts as the world was at `asOf` (valid_from <= t <
 * valid_to), or the current ones (neither closed nor retired). `f` is the
 * facts alias; the parameter, when there is one, is bound twice.
 */
export function validity(asOf: string | undefined): { sql: string; params: string[] } {
  if (asOf === undefined) return { sql: 'f.valid_to IS NULL AND f.expired_at IS NULL', params: [] };
  return { sql: "coalesce(f.valid_from, '') <= ? AND (f.valid_to IS NULL OR f.valid_to > ?)", params: [asOf, asOf] };
}

/** Words that carry no meaning for full-text search. */
const STOP = new Set(
  ('a an and are as at be by can could did do does for from had has have how i in into is it its me my of on or our that the their them ' +
    'there these they this to us was we were what when where which who whom why will with would you your about any did does should tell ' +
    'know remember recall show find get use used using now current currently again ever still').split(' '),
);

/** The meaningful words of a query (lowercased, stop words and single characters dropped). */
export function queryWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 1 && !STOP.has(w));
  return [...new Set(words)].slice(0, 12);
}

/**
 * The words of a query as an FTS5 query, each quoted so none is read as
 * syntax: all of them (`and`, selective, tried first) or any of them (`or`).
 */
export function ftsQuery(text: string, mode: 'and' | 'or' = 'or'): string | undefined {
  const words = queryWords(text);
  return words.length ? words.map((w) => `"${w}"`).join(mode === 'and' ? ' AND ' : ' OR ') : undefined;
}

/** An ISO time, or an error naming the flag. */
export function isoTime(value: string, what: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new TimeParamError(what, value);
  return new Date(ms).toISOString();
}

class TimeParamError extends InvalidParamsError {
  constructor(what: string, value: string) {
    super(`${what}: '${value}' is not a time; give an ISO 8601 time such as 2025-03-01 or 2025-03-01T10:00:00Z`);
  }
}
