// The passage half of recall: what past sessions said, found by FTS5/BM25
// over passages (porter-stemmed), reranked by how many of the query's words
// a passage holds, the session's recency and the asker's project; plus the
// passages linked to the entities the query hit (passages of their sessions
// that name them), which is how a question that describes a thing instead
// of naming it reaches what was said about it. Answers show passages whole
// (cut only at sentence ends when one is longer than asked), without their
// boilerplate lines, with the episode and lines to open.
import type { CodeLookup } from '../protocol/anchors';
import { shownMention, stateLabel, stateOf } from './anchors';
import type * as P from '../protocol';
import { episodeOut } from './views';
import { expandWords, termMatcher, termsIn, wholeSentences } from './passage';
import { withoutRecurring } from './passage/recurring';
import type { MemoryStore } from './store';
import { NAMES, passageReads, type PassageRow } from './store/queries/recall-passages';

/** An entity the query hit, whose names lead to the passages that talk about it. */
export interface LinkedEntity {
  id: number;
  name: string;
  names: readonly string[];
  /** Its share of the best entity's score, 0..1. */
  weight: number;
}

export interface PassageQuery {
  /** The query's meaningful words (stop words dropped). */
  words: readonly string[];
  entities: readonly LinkedEntity[];
  asOf?: string;
  cwd?: string;
  now: Date;
}

export interface PassageHit {
  row: PassageRow;
  score: number;
  via: string[];
}

const DAY_MS = 86_400_000;
const CANDIDATES = 40;
/** A word in more passages than this is too common to search by alone; it still counts in the rerank. */
const COMMON = 1500;
/** At most this many of the query's words (the rarest) go to the index. */
const SEARCHED = 8;
/** What a link to an entity the query named adds to a passage's score (word matches score up to about 1.35). */
const LINK = { only: 0.3, also: 0.15 } as const;
/** Sessions of a linked entity whose passages are looked at. */
const ENTITY_EPISODES = 6;

const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/** Passages for a query, best first. */
export function searchPassages(store: MemoryStore, q: PassageQuery): PassageHit[] {
  const reads = passageReads(store, q.asOf);
  const hits = new Map<number, PassageHit>();
  const { terms, origin } = expandWords(q.words);
  const match = termMatcher(terms);
  if (q.words.length > 0) {
    // Search by the rarer words, ranked; the common ones only weigh in the rerank below. When every word is
    // common, ranking all their matches would cost more than an answer may: the newest passages holding all
    // of them (else the rarest one) are reranked by the words they hold.
    const df = terms.map((t) => reads.count(quote(t), COMMON + 1));
    const order = terms.map((t, i) => ({ t, n: df[i]! })).filter((x) => x.n > 0).sort((a, b) => a.n - b.n);
    const rare = order.filter((x) => x.n <= COMMON).slice(0, SEARCHED);
    let rows: PassageRow[] = [];
    if (rare.length > 0) rows = reads.text(rare.map((x) => quote(x.t)).join(' OR '), CANDIDATES);
    else if (order.length > 0) {
      rows = reads.recent(order.slice(0, SEARCHED).map((x) => quote(x.t)).join(' AND '), CANDIDATES);
      if (rows.length === 0) rows = reads.recent(quote(order[0]!.t), CANDIDATES);
    }
    const best = rows.length && rows[0]!.r < 0 ? -rows[0]!.r : 0;
    for (const row of rows.map((r) => clean(r, reads))) {
      // BM25 favours a short passage that repeats one word; the share of the query's words it holds corrects that.
      const covered = new Set([...termsIn(row.text, match)].map((t) => origin[t])).size / q.words.length;
      const relevance = best > 0 ? -row.r / best : 0.5;
      hits.set(row.id, { row, score: relevance * (0.35 + covered), via: [] });
    }
  }
  for (const e of q.entities) {
    // Longest names first: `hermes-api` says more than `api`.
    const names = [...new Set(e.names.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 1))].sort((a, b) => b.length - a.length).slice(0, NAMES);
    if (names.length === 0) continue;
    for (const row of reads.ofEntity(e.id, names, ENTITY_EPISODES, 6).map((r) => clean(r, reads))) {
      if (!names.some((n) => row.text.toLowerCase().includes(n))) continue;
      const h = hits.get(row.id) ?? { row, score: 0, via: [] };
      // A link alone brings a passage in below a good word match; on top of one it only tips the balance.
      h.score += (h.score > 0 ? LINK.also : LINK.only) * e.weight;
      if (!h.via.includes(e.name)) h.via.push(e.name);
      hits.set(row.id, h);
    }
  }
  // No cap per episode: the answer to a question about one session is often in several passages of it.
  // The same text twice (episodes overlap by a turn; sessions repeat pasted context) is shown once.
  const seen = new Set<string>();
  return [...hits.values()]
    .map((h) => ({ ...h, score: h.score * boost(h.row, q) }))
    .sort((a, b) => b.score - a.score || a.row.id - b.row.id)
    .filter((h) => {
      const key = h.row.text.replace(/\s+/g, ' ').trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A passage as recall shows it: its text without the lines other sessions said too. */
function clean(row: PassageRow, reads: { holdsBoilerplate: (id: number) => boolean; isBoilerplate: (key: string) => boolean }): PassageRow {
  if (!reads.holdsBoilerplate(row.id)) return row;
  const text = withoutRecurring(row.text, reads.isBoilerplate);
  return text === row.text ? row : { ...row, text };
}

/** Recency (the session's time) and the asker's project lift a passage a little; relevance decides. */
function boost(row: PassageRow, q: PassageQuery): number {
  const at = Date.parse(row.occurred_at);
  const ageDays = Number.isNaN(at) ? 365 : Math.max(0, (q.now.getTime() - at) / DAY_MS);
  const recent = 1 + 0.1 * Math.exp(-ageDays / 90);
  const here = q.cwd && row.repo_root && (q.cwd === row.repo_root || q.cwd.startsWith(`${row.repo_root}/`)) ? 1.15 : 1;
  return recent * here;
}

/** A hit as the answer shows it: the snippet around the query's words (and the names it was found through). */
export function passageOut(store: MemoryStore, h: PassageHit, words: readonly string[], maxChars: number, code?: CodeLookup): P.RecallPassage | undefined {
  const ep = passageReads(store, undefined).episode(h.row.episode_seq);
  if (!ep) return undefined;
  const ref = episodeOut(ep);
  // A short passage reads on into the ones after it in its session (what was found, then what it led to),
  // as far as a passage's length: the fact asked for is often the next sentence.
  const reads = passageReads(store, undefined);
  let text = h.row.text.replace(/^(?:user|assistant|summary)(?: \([^)\n]{0,80}\))?: /, '');
  let lineEnd = h.row.line_end;
  if (text.length < READ_ON.below) {
    for (const next of reads.after(h.row.episode_seq, h.row.ord, 3)) {
      const more = clean(next, reads).text.replace(/^(?:user|assistant|summary)(?: \([^)\n]{0,80}\))?: /, '');
      if (text.length + 1 + more.length > READ_ON.upTo) break;
      text = `${text}\n${more}`;
      lineEnd = Math.max(lineEnd, next.line_end);
    }
  }
  return {
    episode_id: ref.id,
    source: ref.source,
    occurred_at: h.row.occurred_at,
    path: ref.path,
    line_start: h.row.line_start,
    line_end: lineEnd,
    ...(h.row.repo_root ? { repo_root: h.row.repo_root } : {}),
    snippet: wholeSentences(text, termMatcher([...expandWords(words).terms, ...h.via]), maxChars),
    score: Math.round(h.score * 1000) / 1000,
    ...(h.via.length ? { via: h.via } : {}),
    ...codeOf(store, h.row, code),
  };
}

/** A passage shorter than `below` characters reads on into the next ones of its session, up to `upTo`. */
const READ_ON = { below: 280, upTo: 420 } as const;

/** At most this many anchored mentions shown per passage. */
const CODE_PER_PASSAGE = 3;

/** The anchored mentions inside a passage's span, each once, with its state now: never shown as current unless fresh. */
function codeOf(store: MemoryStore, row: PassageRow, lookup: CodeLookup | undefined): { code?: NonNullable<P.RecallPassage['code']> } {
  const seen = new Set<string>();
  const code: NonNullable<P.RecallPassage['code']> = [];
  for (const a of store.anchors.ofEpisode(row.episode_seq)) {
    if (a.offset < row.char_start || a.offset >= row.char_end || seen.has(a.mention)) continue;
    seen.add(a.mention);
    code.push({ mention: shownMention(a), state: stateLabel(stateOf(lookup, a)) });
    if (code.length >= CODE_PER_PASSAGE) break;
  }
  return code.length ? { code } : {};
}
