// Inspection and correction: list entities, the facts of one (with history),
// invalidate a fact (closed, kept in history), forget an entity or an
// episode (deleted, on request with the facts only it supports).
import type * as P from '../protocol';
import { AmbiguousEpisodeError, EpisodeNotFoundError, FactNotFoundError, type MemoryStore } from './store';
import { inspectReads } from './store/queries/inspect';
import { entityRef, factOut, isoTime, requireEntity } from './views';
import { InvalidParamsError } from '../errors';

const ms = (started: number): number => Math.round((performance.now() - started) * 100) / 100;

export function listEntities(store: MemoryStore, params: P.EntitiesParams): P.EntitiesResult {
  const started = performance.now();
  const limit = params.limit ?? 50;
  const offset = params.cursor !== undefined ? cursorOffset(params.cursor) : 0;
  const type = params.type ?? null;
  const q = inspectReads(store);
  const rows = q.entities(type, limit + 1, offset);
  const total = q.entityCount(type);
  const page = rows.slice(0, limit);
  return {
    entities: page.map((r) => ({ id: r.id, name: r.name, type: r.type, aliases: r.aliases, current_facts: r.current_facts, updated_at: r.updated_at })),
    total,
    ...(rows.length > limit ? { next_cursor: String(offset + limit) } : {}),
    elapsed_ms: ms(started),
  };
}

export function factsOfEntity(store: MemoryStore, params: P.FactsParams): P.FactsResult {
  const started = performance.now();
  const id = requireEntity(store, params.entity);
  const limit = params.limit ?? 100;
  const q = inspectReads(store);
  const rows = q.factsOf(id, params.all ?? false, limit + 1);
  const total = q.factCount(id, params.all ?? false);
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
  const q = inspectReads(store);
  const row = Number.isInteger(id) ? q.fact(id) : undefined;
  if (!row) throw new FactNotFoundError(params.fact);
  if (row.valid_to !== null && row.expired_at !== null) return { fact: factOut(store, row), changed: false };
  const at = params.at !== undefined ? isoTime(params.at, 'at') : now.toISOString();
  const validTo = row.valid_from !== null && at < row.valid_from ? row.valid_from : at;
  q.invalidate(id, validTo, now.toISOString());
  return { fact: factOut(store, q.fact(id)!), changed: true };
}

export function forget(store: MemoryStore, params: P.ForgetParams): P.ForgetResult {
  if ((params.entity === undefined) === (params.episode === undefined))
    throw new InvalidParamsError('memory forget needs exactly one of ENTITY or --episode ID');
  const q = inspectReads(store);
  return store.atomically((): P.ForgetResult => {
    if (params.entity !== undefined) {
      // The facts' FTS rows go with them through the facts_ad trigger.
      const facts = q.forgetEntity(requireEntity(store, params.entity));
      return { entities: 1, facts, episodes: 0 };
    }
    const { facts, episodes } = q.forgetEpisode(resolveEpisode(store, params.episode!), params.with_facts ?? false);
    return { entities: 0, facts, episodes };
  });
}

/** An episode by its id or a unique prefix of it (ids are long hashes). */
export function resolveEpisode(store: MemoryStore, ref: string): string {
  const q = inspectReads(store);
  if (q.episodeExists(ref)) return ref;
  if (!/^[0-9a-f]{6,}$/i.test(ref)) throw new EpisodeNotFoundError(ref);
  const rows = q.episodeIdsBetween(ref.toLowerCase(), `${ref.toLowerCase()}g`);
  if (rows.length === 0) throw new EpisodeNotFoundError(ref);
  if (rows.length > 1) throw new AmbiguousEpisodeError(ref, rows.length);
  return rows[0]!;
}

function cursorOffset(cursor: string): number {
  const n = Number(cursor);
  if (!Number.isInteger(n) || n < 0)
    throw new InvalidParamsError(`cursor: '${cursor}' is not a cursor this method gave; pass the next_cursor of the previous page`);
  return n;
}

export { cursorOffset };
