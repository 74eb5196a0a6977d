// Reading the graph into the protocol's shapes: entities by name, alias or
// #id, facts with their endpoints' names and evidence count, episodes as a
// reference back to their source. Shared by recall, path, graph, inspection
// and orientation. The SQL behind them is in store/queries/views.ts.
import { InvalidParamsError } from '../errors';
import type * as P from '../protocol';
import { normalizeName } from './resolve';
import { EntityNotFoundError, type EpisodeRefRow, type FactRow, type MemoryStore } from './store';
import { viewReads } from './store/queries/views';

export type { EpisodeRefRow as EpisodeRow } from './store';

/** `#12` is an id; anything else a name or alias (normalized the way resolution does). */
export function findEntityId(store: MemoryStore, ref: string): number | undefined {
  const s = viewReads(store);
  const id = /^#(\d+)$/.exec(ref.trim());
  if (id) return s.entity(Number(id[1]))?.id;
  return s.idByNorm(normalizeName(ref));
}

/** The entity a reference names, or an error with a few names that come close. */
export function requireEntity(store: MemoryStore, ref: string): number {
  const id = findEntityId(store, ref);
  if (id !== undefined) return id;
  let suggestions: string[] = [];
  const q = ftsQuery(ref);
  if (q) suggestions = viewReads(store).suggest(q);
  throw new EntityNotFoundError(ref, suggestions);
}

export function entityRef(store: MemoryStore, id: number, options: { aliases?: boolean } = {}): P.EntityRef {
  const s = viewReads(store);
  const r = s.entity(id);
  if (!r) throw new EntityNotFoundError(`#${id}`);
  const aliases = options.aliases === false ? [] : s.aliases(id).filter((a) => a !== r.name);
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
  return viewReads(store).name(id) ?? `#${id}`;
}

export function factOut(store: MemoryStore, r: FactRow): P.MemoryFact {
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
    evidence: viewReads(store).evidenceCount(r.id),
  };
}

export function episodeOut(r: EpisodeRefRow): P.EpisodeRef {
  return {
    id: r.id,
    source: r.source,
    occurred_at: r.occurred_at,
    summary: r.summary,
    path: r.source_path,
    line_start: r.line_start,
    line_end: r.line_end,
    session_id: r.session_id,
    ...(r.parent_session_id ? { parent_session_id: r.parent_session_id } : {}),
    ...(r.repo_root ? { repo_root: r.repo_root } : {}),
  };
}

/** The newest episode that supports a fact: the evidence to show beside it. */
export function latestEvidence(store: MemoryStore, factId: number): P.EpisodeRef | undefined {
  const r = viewReads(store).latestEvidence(factId);
  return r ? episodeOut(r) : undefined;
}

/** Words that carry no meaning for full-text search. */
const STOP = new Set(
  (
    'a an and are as at be by can could did do does for from had has have how i in into is it its me my of on or our that the their them ' +
    'there these they this to us was we were what when where which who whom why will with would you your about any did does should tell ' +
    'know remember recall show find get use used using now current currently again ever still ' +
    // The rest of a small English list: words every sentence has, which only add noise to an any-word search.
    'am been being after before then than so if but not no nor all also just only some such one more most very much many ' +
    'same other own each both few too here out over under up down off once while until because through during against between ' +
    'he him his she her hers its itself ours ourselves yours yourself themselves myself what whatever whose ' +
    'doing done make made need needed way thing things going want wanted like something anything ' +
    'would should shall may might must let lets us via per else ok okay yes please thanks'
  ).split(' '),
);

/** The meaningful words of a query (lowercased, stop words and single characters dropped). */
export function queryWords(text: string, max = 12): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter((w) => w.length > 1 && !STOP.has(w));
  return [...new Set(words)].slice(0, max);
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
