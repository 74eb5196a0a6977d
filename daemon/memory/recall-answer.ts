// How recall spends its budget when what the sessions said matched (issue 37):
// the passages are the answer, shown whole, best first; an entity takes
// budget only when the query is its name, or when its facts say something
// nothing shown says; one sentence is shown once. An entity the query is
// the name of comes first, within a share of the budget (its facts most
// relevant first); passages fill the rest, a passage that does not fit
// giving way to a smaller one after it, and sentences already shown left
// out; then the entities the question names or its words found, with only
// the facts that add a sentence, while budget lasts.
import type { CodeLookup } from '../protocol/anchors';
import type * as P from '../protocol';
import { sharedFolder } from '../protocol/memory-text';
import { estimateTokens } from './episode';
import { PASSAGE_MAX, SHORT_RUN_SLACK, termMatcher, wholeSentences } from './passage';
import { saysSomething } from './passage/recurring';
import { passageOut, type PassageHit } from './recall-passages';
import type { FactRow, MemoryStore } from './store';
import { entityRef, factOut } from './views';

/** Passages shown at most. */
const MAX_PASSAGES = 8;
/** Characters of a passage shown at most: a whole passage (a longer one, read on into the next, is cut at sentence ends). */
const PASSAGE_SHOWN = PASSAGE_MAX + SHORT_RUN_SLACK;
/** Characters left in the budget below which a passage that does not fit whole is not shown in part. */
const PART_MIN = 160;
/** The share of the budget set aside for the entity the query is the name of. */
const NAMED_SHARE = 0.35;

export interface AnswerCandidate {
  id: number;
  score: number;
  match: 'name' | 'alias' | 'text';
  /** The question names it (its name or an alias, whole words): all its facts may be shown, not only those the words matched. */
  named: boolean;
}

export interface AnswerInput {
  store: MemoryStore;
  candidates: readonly AnswerCandidate[];
  hits: readonly PassageHit[];
  words: readonly string[];
  /** How relevant each fact is to the question (fact full text); absent: not matched. */
  factScore: ReadonlyMap<number, number>;
  factsOf: (id: number) => FactRow[];
  episodeCount: (id: number) => number;
  limit: number;
  perEntity: number;
  budget: number;
  spent: number;
  code?: CodeLookup;
}

export interface Answer {
  matches: P.RecallMatch[];
  passages: P.RecallPassage[];
  spent: number;
  omitted: { entities: number; facts: number; episodes: number; passages: number };
  shownEpisodes: Set<string>;
}

/** A sentence as compared for "shown once": letters and digits only, lower case; short ones are not compared. */
function sentenceKeys(text: string): string[] {
  return text
    .split(/(?<=[.!?;:])\s+|\s+-\s+|\n+/)
    .map((s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))
    .filter((s) => s.length >= 20);
}

/** A fact's sentences as compared (a short fact whole). */
function keysOf(text: string): string[] {
  const k = sentenceKeys(text);
  return k.length ? k : [fold(text)];
}

const fold = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether a fact's text was shown already: each of its sentences shown, or the whole of it inside what was shown. */
const said = (text: string, shown: ReadonlySet<string>, shownText: string): boolean =>
  keysOf(text).every((k) => shown.has(k)) || shownText.includes(fold(text));

/** The text without the sentences already shown; undefined when nothing worth showing is left. */
function unseen(text: string, shown: ReadonlySet<string>): string | undefined {
  const parts = text.split(/(?<=[.!?;])\s+/);
  const kept = parts.filter((s) => {
    const k = sentenceKeys(s);
    return k.length === 0 || !k.every((x) => shown.has(x));
  });
  const out = kept.join(' ').trim();
  return saysSomething(out) ? out : undefined;
}

/** A file's path as the answer shows it: after the folder it shares with the first file shown (named once in the heading). */
function pathShown(path: string, shown: ReadonlySet<string>): string {
  const first = shown.values().next().value;
  if (first === undefined) return path;
  return path.slice(sharedFolder([first, path]).length);
}

const factCost = (r: FactRow): number => 10 + estimateTokens(r.text);
const round = (n: number): number => Math.round(n * 100) / 100;

export function assembleWithPassages(a: AnswerInput): Answer {
  const omitted = { entities: 0, facts: 0, episodes: 0, passages: 0 };
  const shownEpisodes = new Set<string>();
  const shownSentences = new Set<string>();
  /** Everything shown so far, folded (letters and digits only), for a fact said inside a longer sentence. */
  let shownText = '';
  let spent = a.spent;
  const relevantFirst = (rows: FactRow[]): FactRow[] =>
    rows
      .map((r, i) => ({ r, rel: a.factScore.get(r.id) ?? 0, i }))
      .sort((x, y) => y.rel - x.rel || x.i - y.i)
      .map((x) => x.r);

  const matches: P.RecallMatch[] = [];
  /** Shows an entity with those of its facts that say a sentence not shown yet, within `cap`; false when it would show nothing new. */
  const show = (c: AnswerCandidate, cap: number, always: boolean): boolean => {
    const rows = relevantFirst(a.factsOf(c.id));
    const adds = rows.filter((r) => (c.named || (a.factScore.get(r.id) ?? 0) > 0) && !said(r.text, shownSentences, shownText));
    const entity = entityRef(a.store, c.id);
    const head = 8 + estimateTokens(`${entity.name} ${(entity.aliases ?? []).join(', ')}`);
    if (!always && (adds.length === 0 || spent + head + factCost(adds[0]!) > cap)) return false;
    spent += head;
    const match: P.RecallMatch = {
      entity,
      match: c.match,
      score: round(c.score),
      facts: [],
      facts_total: rows.length,
      episodes: [],
      episodes_total: a.episodeCount(c.id),
    };
    for (const r of adds) {
      // A named entity always shows its most relevant fact.
      if (match.facts.length >= a.perEntity || (spent + factCost(r) > cap && !(always && match.facts.length === 0))) break;
      match.facts.push(factOut(a.store, r));
      spent += factCost(r);
      for (const k of keysOf(r.text)) shownSentences.add(k);
      shownText += `|${fold(r.text)}`;
    }
    omitted.facts += rows.length - match.facts.length;
    omitted.episodes += match.episodes_total;
    matches.push(match);
    return true;
  };

  // An entity the query is the name (or alias) of heads the answer, within its share. One named inside a
  // question comes after the passages like the rest (on the real sets, its facts first found nothing more).
  const heads = (c: AnswerCandidate): boolean => c.match !== 'text';
  const share = spent + Math.floor((a.budget - spent) * NAMED_SHARE);
  for (const c of a.candidates.filter(heads).slice(0, a.limit)) show(c, share, true);

  const passages: P.RecallPassage[] = [];
  const paths = new Set<string>();
  // Best first while the budget lasts; a hit that does not fit gives way to a smaller one after it.
  for (const h of a.hits) {
    if (passages.length >= MAX_PASSAGES || (passages.length > 0 && spent + 12 > a.budget)) {
      omitted.passages++;
      continue;
    }
    const p = passageOut(a.store, h, a.words, PASSAGE_SHOWN, a.code);
    if (!p) continue;
    const text = unseen(p.snippet, shownSentences);
    if (text === undefined) continue;
    p.snippet = text;
    const head = 6 + (paths.has(p.path) ? 0 : 8 + estimateTokens(pathShown(p.path, paths)));
    let cost = head + estimateTokens(p.snippet);
    // The first is always shown; a later one that does not fit whole shows its best sentences in what is left, when that is enough to say something.
    if (spent + cost > a.budget && passages.length > 0) {
      const room = (a.budget - spent - head) * 4;
      const part = room >= PART_MIN ? wholeSentences(p.snippet, termMatcher(a.words), room) : '';
      if (part.length < PART_MIN / 2 || !saysSomething(part)) {
        omitted.passages++;
        continue;
      }
      p.snippet = part;
      cost = head + estimateTokens(part);
    }
    passages.push(p);
    paths.add(p.path);
    shownEpisodes.add(p.episode_id);
    for (const k of sentenceKeys(p.snippet)) shownSentences.add(k);
    shownText += `|${fold(p.snippet)}`;
    spent += cost;
  }

  // Then the entities the words found, each only with facts that say what nothing shown said, while budget lasts.
  for (const c of a.candidates) {
    if (heads(c)) continue;
    if (matches.length >= a.limit || !show(c, a.budget, false)) omitted.entities++;
  }
  return { matches, passages, spent, omitted, shownEpisodes };
}
