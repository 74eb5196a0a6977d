// recall QUERY: entities named exactly (name or alias) first, then full text
// (FTS5/BM25 over names and aliases, fact text and episode summaries), each
// with its current facts (or those valid at as_of) ranked by relevance and
// recency, and its most recent episodes. Every answer is bounded: a number of
// entities, facts per entity, and a token budget; what is left out is counted
// and the note says how to get it.
import type * as P from '../protocol';
import { estimateTokens } from './episode';
import { classifyName, normalizeName } from './resolve';
import type { MemoryStore } from './store';
import { entityRef, episodeOut, factOut, ftsQuery, isoTime, validity, type EpisodeRow, type FactRow } from './views';

export const RECALL_DEFAULTS = { limit: 5, facts: 6, budget: 700, episodes: 2 } as const;

interface Candidate {
  id: number;
  score: number;
  match: 'name' | 'alias' | 'text';
}

const DAY_MS = 86_400_000;

export function recall(store: MemoryStore, params: P.RecallParams, now: Date = new Date()): P.RecallResult {
  const started = performance.now();
  const limit = params.limit ?? RECALL_DEFAULTS.limit;
  const perEntity = params.facts ?? RECALL_DEFAULTS.facts;
  const budget = params.budget ?? RECALL_DEFAULTS.budget;
  const asOf = params.as_of !== undefined ? isoTime(params.as_of, 'as_of') : undefined;
  const db = store.db;
  const candidates = new Map<number, Candidate>();
  const add = (id: number, score: number, match: Candidate['match']): void => {
    const c = candidates.get(id);
    if (!c) candidates.set(id, { id, score, match });
    else {
      c.score += score;
      if (match !== 'text' && c.match === 'text') c.match = match;
    }
  };

  // 1. The query is a name: exact on the normalized key of names and aliases.
  if (classifyName(params.query) === 'entity') {
    const rows = db.prepare(`SELECT a.entity_id AS id, (e.norm = a.norm) AS own FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ?`).all(normalizeName(params.query)) as Array<{ id: number; own: number }>;
    for (const r of rows) add(r.id, r.own ? 1000 : 900, r.own ? 'name' : 'alias');
  }

  // 2. Full text over names/aliases, facts valid at the time asked about, and episode summaries.
  const q = ftsQuery(params.query);
  const factScore = new Map<number, number>();
  const episodeHits: Array<{ row: EpisodeRow; score: number }> = [];
  if (q) {
    const ents = db.prepare(`SELECT rowid AS id, bm25(entities_fts, 10.0, 6.0, 1.0) AS r FROM entities_fts WHERE entities_fts MATCH ? ORDER BY r LIMIT 50`).all(q) as Array<{ id: number; r: number }>;
    for (const e of ents) add(e.id, -e.r * 3, 'text');
    const v = validity(asOf);
    const facts = db
      .prepare(`SELECT f.id, f.source_id, f.target_id, bm25(facts_fts) AS r FROM facts_fts JOIN facts f ON f.id = facts_fts.rowid WHERE facts_fts MATCH ? AND ${v.sql} ORDER BY r LIMIT 200`)
      .all(q, ...v.params) as Array<{ id: number; source_id: number; target_id: number | null; r: number }>;
    for (const f of facts) {
      factScore.set(f.id, -f.r);
      add(f.source_id, -f.r, 'text');
      if (f.target_id !== null) add(f.target_id, -f.r / 2, 'text');
    }
    const eps = db
      .prepare(`SELECT e.id, e.seq, e.source, e.source_path, e.session_id, e.line_start, e.line_end, e.occurred_at, e.summary, e.repo_root, bm25(episodes_fts) AS r
        FROM episodes_fts JOIN episodes e ON e.seq = episodes_fts.rowid WHERE episodes_fts MATCH ? ${asOf ? 'AND e.occurred_at <= ?' : ''} ORDER BY r LIMIT 30`)
      .all(q, ...(asOf ? [asOf] : [])) as Array<EpisodeRow & { r: number }>;
    const linked = db.prepare(`SELECT entity_id FROM entity_episodes WHERE episode_id = ? LIMIT 20`);
    for (const e of eps) {
      episodeHits.push({ row: e, score: -e.r });
      for (const l of linked.all(e.id) as Array<{ entity_id: number }>) add(l.entity_id, -e.r / 3, 'text');
    }
  }

  // Recency breaks near-ties: an entity touched this week outranks one from last year.
  const updated = db.prepare(`SELECT updated_at FROM entities WHERE id = ?`);
  const ranked = [...candidates.values()]
    .map((c) => {
      const at = Date.parse((updated.get(c.id) as { updated_at: string } | undefined)?.updated_at ?? '');
      const ageDays = Number.isNaN(at) ? 365 : Math.max(0, (now.getTime() - at) / DAY_MS);
      return { ...c, score: c.score * (1 + 0.15 * Math.exp(-ageDays / 60)) };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);

  const v = validity(asOf);
  const factsOf = db.prepare(`SELECT f.* FROM facts f WHERE (f.source_id = ? OR f.target_id = ?) AND ${v.sql} ORDER BY coalesce(f.valid_from, f.recorded_at) DESC, f.id DESC LIMIT 500`);
  const episodesOf = db.prepare(`SELECT e.id, e.seq, e.source, e.source_path, e.session_id, e.line_start, e.line_end, e.occurred_at, e.summary, e.repo_root
    FROM entity_episodes ee JOIN episodes e ON e.id = ee.episode_id WHERE ee.entity_id = ? ${asOf ? 'AND ee.occurred_at <= ?' : ''} ORDER BY ee.occurred_at DESC, e.seq DESC LIMIT ?`);
  const episodeCount = db.prepare(`SELECT count(*) AS n FROM entity_episodes WHERE entity_id = ? ${asOf ? 'AND occurred_at <= ?' : ''}`);

  const matches: P.RecallMatch[] = [];
  const omitted = { entities: 0, facts: 0, episodes: 0 };
  let spent = estimateTokens(params.query) + 10;
  const shownEpisodes = new Set<string>();
  for (const c of ranked) {
    if (matches.length >= limit || (matches.length > 0 && spent >= budget)) {
      omitted.entities++;
      continue;
    }
    const rows = factsOf.all(c.id, c.id, ...v.params) as FactRow[];
    // Relevance to the question first, then the newest.
    const ordered = rows
      .map((r, i) => ({ r, rel: factScore.get(r.id) ?? 0, i }))
      .sort((a, b) => b.rel - a.rel || a.i - b.i)
      .map((x) => x.r);
    const entity = entityRef(store, c.id);
    spent += 8 + estimateTokens(`${entity.name} ${(entity.aliases ?? []).join(', ')}`);
    const facts: P.MemoryFact[] = [];
    for (const r of ordered) {
      if (facts.length >= perEntity) break;
      const cost = 10 + estimateTokens(r.text);
      // The first entity always shows at least one fact, however small the budget.
      if (spent + cost > budget && !(matches.length === 0 && facts.length === 0)) break;
      facts.push(factOut(store, r));
      spent += cost;
    }
    const eps = (episodesOf.all(c.id, ...(asOf ? [asOf] : []), RECALL_DEFAULTS.episodes) as EpisodeRow[]).map(episodeOut);
    const episodes: P.EpisodeRef[] = [];
    for (const e of eps) {
      const cost = 12 + estimateTokens(e.summary.slice(0, 160));
      if (spent + cost > budget && episodes.length > 0) break;
      episodes.push(e);
      shownEpisodes.add(e.id);
      spent += cost;
    }
    const episodesTotal = (episodeCount.get(c.id, ...(asOf ? [asOf] : [])) as { n: number }).n;
    omitted.facts += rows.length - facts.length;
    omitted.episodes += episodesTotal - episodes.length;
    matches.push({ entity, match: c.match, score: round(c.score), facts, facts_total: rows.length, episodes, episodes_total: episodesTotal });
  }

  // Episodes that match but that no entity shown links to: a remembered note without a name, a session summary.
  const loose: P.EpisodeRef[] = [];
  for (const h of episodeHits.sort((a, b) => b.score - a.score)) {
    if (shownEpisodes.has(h.row.id)) continue;
    const cost = 12 + estimateTokens(h.row.summary.slice(0, 160));
    if (loose.length >= 3 || spent + cost > budget) {
      omitted.episodes++;
      continue;
    }
    loose.push(episodeOut(h.row));
    spent += cost;
  }

  const note = noteFor(omitted, matches, limit, perEntity);
  return {
    query: params.query,
    ...(asOf ? { as_of: asOf } : {}),
    matches,
    episodes: loose,
    total: ranked.length,
    omitted,
    ...(note ? { note } : {}),
    elapsed_ms: round(performance.now() - started),
  };
}

function noteFor(omitted: P.RecallResult['omitted'], matches: P.RecallMatch[], limit: number, perEntity: number): string | undefined {
  const parts: string[] = [];
  if (omitted.entities > 0) parts.push(`${omitted.entities} more matching entit${omitted.entities === 1 ? 'y' : 'ies'} left out (ask with limit > ${limit}, or a more specific query)`);
  if (omitted.facts > 0) {
    const first = matches.find((m) => m.facts.length < m.facts_total);
    parts.push(`${omitted.facts} more fact${omitted.facts === 1 ? '' : 's'} left out (facts > ${perEntity}, or scry memory facts ${first ? quoteArg(first.entity.name) : 'NAME'} for all of one entity)`);
  }
  if (omitted.episodes > 0) parts.push(`${omitted.episodes} more episode${omitted.episodes === 1 ? '' : 's'} (scry_episodes ENTITY lists them)`);
  return parts.length ? parts.join('; ') : undefined;
}

const quoteArg = (s: string): string => (/^[\w.@/+-]+$/.test(s) ? s : JSON.stringify(s));
const round = (n: number): number => Math.round(n * 100) / 100;
