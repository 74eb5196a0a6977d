// recall QUERY: entities named exactly (name or alias) first, then full text
// (FTS5/BM25 over names and aliases, fact text and episode summaries), each
// with its current facts (or those valid at as_of) ranked by relevance and
// recency, and its most recent episodes; beside them, what the sessions said
// (recall-passages.ts): passages by the query's words, shown whole with the
// lines to open. Every answer is bounded: a
// number of entities, facts per entity, and a token budget shared by
// entities and passages; what is left out is counted and the note says how
// to get it.
import type { CodeLookup } from '../protocol/anchors';
import type * as P from '../protocol';
import { estimateTokens } from './episode';
import { classifyName, normalizeName } from './resolve';
import type { MemoryStore } from './store';
import { assembleWithPassages } from './recall-answer';
import { searchPassages } from './recall-passages';
import type { Rewrite } from './rewrite';
import type { FactRow } from './store';
import { recallReads } from './store/queries/recall';
import { entityRef, episodeOut, factOut, ftsQuery, isoTime, queryWords, type EpisodeRow } from './views';

export const RECALL_DEFAULTS = { limit: 5, facts: 6, budget: 700, episodes: 2, passages: 8 } as const;

interface Candidate {
  id: number;
  score: number;
  match: 'name' | 'alias' | 'text';
  /** Found by its own name, alias, description or facts, not only as something a matching session touched. */
  direct: boolean;
}

const DAY_MS = 86_400_000;

/** The entities a query finds, best first, with what found them (recall's ranking, before any budget is spent). */
export function rankEntities(store: MemoryStore, params: P.RecallParams, now: Date = new Date()) {
  const limit = params.limit ?? RECALL_DEFAULTS.limit;
  const asOf = params.as_of !== undefined ? isoTime(params.as_of, 'as_of') : undefined;
  const candidates = new Map<number, Candidate>();
  const add = (id: number, score: number, match: Candidate['match'], direct = true): void => {
    const c = candidates.get(id);
    if (!c) candidates.set(id, { id, score, match, direct });
    else {
      c.score += score;
      c.direct ||= direct;
      if (match !== 'text' && c.match === 'text') c.match = match;
    }
  };

  // 1. The query is a name: exact on the normalized key of names and aliases.
  if (classifyName(params.query) === 'entity') {
    const rows = recallReads(store, undefined).exact(normalizeName(params.query));
    for (const r of rows) add(r.id, r.own ? 1000 : 900, r.own ? 'name' : 'alias');
  }

  // 2. Full text over names/aliases, facts valid at the time asked about, and episode summaries:
  //    every word first (selective and cheap), then any word when that found too little.
  const st = recallReads(store, asOf);
  const factScore = new Map<number, number>();
  /** Entities with a fact the query's words matched (source or target). */
  const factEntities = new Set<number>();
  const episodeHits = new Map<string, { row: EpisodeRow; score: number }>();
  /** Returns how many entities and facts matched directly (episode matches only point at what they touched). */
  const fullText = (q: string, weight: number): number => {
    const ents = st.entityText(q);
    for (const e of ents) add(e.id, -e.r * 3 * weight, 'text');
    const facts = st.factText(q);
    for (const f of facts) {
      factScore.set(f.id, Math.max(factScore.get(f.id) ?? 0, -f.r * weight));
      factEntities.add(f.source_id);
      if (f.target_id !== null) factEntities.add(f.target_id);
      add(f.source_id, -f.r * weight, 'text');
      // The target is often the answer ("what replaced Celery?"), so it weighs nearly as much as the source.
      if (f.target_id !== null) add(f.target_id, -f.r * 0.8 * weight, 'text');
    }
    for (const e of st.episodeText(q)) {
      if (episodeHits.has(e.id)) continue;
      episodeHits.set(e.id, { row: e, score: -e.r * weight });
      // A matching session says little about each of the many things it touched: its weight is shared among them.
      const linked = st.linked(e.id);
      for (const l of linked) add(l, (-e.r / (2 + linked.length)) * weight, 'text', false);
    }
    return ents.length + facts.length;
  };
  const words = queryWords(params.query);
  const exactFound = candidates.size;
  const all = ftsQuery(params.query, 'and');
  const direct = all ? fullText(all, 1) : 0;
  // A query that named something exactly is answered around it; any-word search is for questions that found too little.
  if (words.length > 1 && exactFound === 0 && (candidates.size < limit * 2 || direct < limit)) fullText(ftsQuery(params.query, 'or')!, 0.5);

  // Recency breaks near-ties: an entity touched this week outranks one from last year.
  const ranked = [...candidates.values()]
    .map((c) => {
      const at = Date.parse(st.updatedAt(c.id) ?? '');
      const ageDays = Number.isNaN(at) ? 365 : Math.max(0, (now.getTime() - at) / DAY_MS);
      return { ...c, score: c.score * (1 + 0.15 * Math.exp(-ageDays / 60)) };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
  return { ranked, factScore, factEntities, episodeHits, words, st, asOf };
}

/** At most this many words of a model's rewording are searched. */
const REWRITE_WORDS = 24;

export function recall(store: MemoryStore, params: P.RecallParams, now: Date = new Date(), code?: CodeLookup, rewrite?: Rewrite): P.RecallResult {
  const started = performance.now();
  const limit = params.limit ?? RECALL_DEFAULTS.limit;
  const perEntity = params.facts ?? RECALL_DEFAULTS.facts;
  const budget = params.budget ?? RECALL_DEFAULTS.budget;
  const { ranked, factScore, factEntities, episodeHits, words, st, asOf } = rankEntities(store, params, now);

  // What the sessions said, by the query's words (recall-passages.ts) and a model's rewording of them (rewrite.ts).
  const also = rewrite?.terms ? queryWords(rewrite.terms, REWRITE_WORDS) : undefined;
  const passageHits = searchPassages(store, { words, also, asOf, cwd: params.cwd, now });
  const shownWords = also ? [...new Set([...words, ...also])] : words;

  const start = estimateTokens(params.query) + 10;
  if (passageHits.length > 0) {
    // What the sessions said is the answer; entities take budget when named or when they add a sentence.
    const q = ` ${params.query.toLowerCase().replace(/[^\p{L}\p{N}_.-]+/gu, ' ')} `;
    const names = (id: number): boolean => {
      const ref = entityRef(store, id);
      return [ref.name, ...(ref.aliases ?? [])].some(
        (n) =>
          n.length > 2 &&
          q.includes(
            ` ${n
              .toLowerCase()
              .replace(/[^\p{L}\p{N}_.-]+/gu, ' ')
              .trim()} `,
          ),
      );
    };
    const a = assembleWithPassages({
      store,
      // Only an entity the query names, or one with a fact its words matched, can take budget: the rest are not read.
      candidates: ranked
        .slice(0, limit * 4)
        .map((c) => ({ id: c.id, score: c.score, match: c.match, named: c.match !== 'text' || (c.direct && names(c.id)) }))
        .filter((c) => c.named || factEntities.has(c.id)),
      hits: passageHits,
      words: shownWords,
      factScore,
      factsOf: (id) => st.factsOf(id),
      episodeCount: (id) => st.episodeCount(id),
      limit,
      perEntity,
      budget,
      spent: start,
      code,
    });
    a.omitted.entities = Math.max(0, ranked.length - a.matches.length);
    const loose = looseEpisodes(episodeHits, a.shownEpisodes, budget, a.spent, a.omitted);
    return finish(params, asOf, a.matches, loose.episodes, ranked.length, a.omitted, limit, perEntity, started, a.passages, rewrite);
  }

  const matches: P.RecallMatch[] = [];
  const omitted = { entities: 0, facts: 0, episodes: 0, passages: 0 };
  let spent = start;
  // Nothing the sessions said matched: the entities have the whole budget.
  const entityBudget = budget;
  const shownEpisodes = new Set<string>();
  // Three passes so a tight budget is spread over the entities that matched: each entity with its
  // most relevant fact first, then more facts in rank order, then their latest episodes.
  const picked: Array<{ c: Candidate; rows: FactRow[]; match: P.RecallMatch }> = [];
  for (const c of ranked) {
    if (picked.length >= limit || (picked.length > 0 && spent >= entityBudget)) {
      omitted.entities++;
      continue;
    }
    const rows = st.factsOf(c.id);
    // Relevance to the question first, then the newest.
    const ordered = rows
      .map((r, i) => ({ r, rel: factScore.get(r.id) ?? 0, i }))
      .sort((a, b) => b.rel - a.rel || a.i - b.i)
      .map((x) => x.r);
    const entity = entityRef(store, c.id);
    spent += 8 + estimateTokens(`${entity.name} ${(entity.aliases ?? []).join(', ')}`);
    const match: P.RecallMatch = { entity, match: c.match, score: round(c.score), facts: [], facts_total: rows.length, episodes: [], episodes_total: 0 };
    picked.push({ c, rows: ordered, match });
    const first = ordered[0];
    // The first entity always shows at least one fact, however small the budget.
    if (first && perEntity > 0 && (spent + factCost(first) <= entityBudget || picked.length === 1)) {
      match.facts.push(factOut(store, first));
      spent += factCost(first);
    }
  }
  for (const { rows, match } of picked) {
    for (const r of rows.slice(match.facts.length)) {
      if (match.facts.length >= perEntity || spent + factCost(r) > entityBudget) break;
      match.facts.push(factOut(store, r));
      spent += factCost(r);
    }
  }
  for (const { c, rows, match } of picked) {
    for (const e of st.episodesOf(c.id, RECALL_DEFAULTS.episodes).map(episodeOut)) {
      const cost = 12 + estimateTokens(e.summary.slice(0, 160) + e.path);
      // Every entity shows its latest episode when nothing else of it fits.
      if (spent + cost > entityBudget && match.episodes.length > 0) break;
      match.episodes.push(e);
      shownEpisodes.add(e.id);
      spent += cost;
    }
    match.episodes_total = st.episodeCount(c.id);
    omitted.facts += rows.length - match.facts.length;
    omitted.episodes += match.episodes_total - match.episodes.length;
    matches.push(match);
  }

  const loose = looseEpisodes(episodeHits, shownEpisodes, budget, spent, omitted);
  return finish(params, asOf, matches, loose.episodes, ranked.length, omitted, limit, perEntity, started, [], rewrite);
}

/** Episodes that match but that nothing shown links to (a remembered note without a name, a session summary), while budget lasts. */
function looseEpisodes(
  hits: ReadonlyMap<string, { row: EpisodeRow; score: number }>,
  shown: ReadonlySet<string>,
  budget: number,
  spent: number,
  omitted: P.RecallResult['omitted'],
): { episodes: P.EpisodeRef[]; spent: number } {
  const loose: P.EpisodeRef[] = [];
  for (const h of [...hits.values()].sort((a, b) => b.score - a.score)) {
    if (shown.has(h.row.id)) continue;
    const cost = 12 + estimateTokens(h.row.summary.slice(0, 160) + h.row.source_path);
    if (loose.length >= 3 || spent + cost > budget) {
      omitted.episodes++;
      continue;
    }
    loose.push(episodeOut(h.row));
    spent += cost;
  }
  return { episodes: loose, spent };
}

function finish(
  params: P.RecallParams,
  asOf: string | undefined,
  matches: P.RecallMatch[],
  episodes: P.EpisodeRef[],
  total: number,
  omitted: P.RecallResult['omitted'],
  limit: number,
  perEntity: number,
  started: number,
  passages: P.RecallPassage[],
  rewrite: Rewrite | undefined,
): P.RecallResult {
  const note = noteFor(omitted, matches, limit, perEntity);
  return {
    query: params.query,
    ...(asOf ? { as_of: asOf } : {}),
    matches,
    episodes,
    total,
    omitted,
    ...(note ? { note } : {}),
    elapsed_ms: round(performance.now() - started),
    passages,
    ...(rewrite ? { rewrite } : {}),
  };
}

/** What was left out, in one short line: the answer's bytes are for what was found. */
function noteFor(omitted: P.RecallResult['omitted'], matches: P.RecallMatch[], limit: number, perEntity: number): string | undefined {
  const count = (n: number, one: string, many: string): string | undefined => (n > 0 ? `${n} ${n === 1 ? one : many}` : undefined);
  const parts = [
    count(omitted.passages ?? 0, 'passage', 'passages'),
    count(omitted.entities, 'entity', 'entities'),
    count(omitted.facts, 'fact', 'facts'),
    count(omitted.episodes, 'episode', 'episodes'),
  ].filter((x): x is string => x !== undefined);
  if (parts.length === 0) return undefined;
  const first = matches.find((m) => m.facts.length < m.facts_total);
  const how = [
    omitted.passages || omitted.entities ? `a larger budget or limit > ${limit}` : undefined,
    omitted.facts ? `facts > ${perEntity} or scry memory facts ${first ? quoteArg(first.entity.name) : 'NAME'}` : undefined,
    omitted.episodes ? 'scry_episodes ENTITY' : undefined,
  ].filter((x): x is string => x !== undefined);
  return `left out: ${parts.join(', ')} (${how.join('; ')})`;
}

const factCost = (r: FactRow): number => 10 + estimateTokens(r.text);
const quoteArg = (s: string): string => (/^[\w.@/+-]+$/.test(s) ? s : JSON.stringify(s));
const round = (n: number): number => Math.round(n * 100) / 100;
