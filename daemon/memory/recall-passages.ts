// The passage half of recall: what past sessions said, found the way a
// careful naive search finds it (issue 37), so recall is never below one:
// whole-paragraph passages, FTS5 with the porter stemmer, the OR of the
// query's words, ranked by BM25. What recall adds is only what was measured
// to help on the real question sets: boilerplate (lines other sessions said
// too) is neither searched nor shown, the same text is shown once, and
// recency and the asker's project lift a passage a little. A word so common
// that ranking all its matches would cost more than an answer may weighs in
// only through the others (or, when every word is that common, the newest
// passages holding them are taken). Answers show passages whole (cut only
// at sentence ends when one is longer than asked), with the episode and
// lines to open.
import type { CodeLookup } from '../protocol/anchors';
import { shownMention, stateLabel, stateOf } from './anchors';
import type * as P from '../protocol';
import { episodeOut } from './views';
import { termMatcher, wholeSentences } from './passage';
import { withoutRecurring } from './passage/recurring';
import type { MemoryStore } from './store';
import { passageReads, type PassageRow } from './store/queries/recall-passages';

export interface PassageQuery {
  /** The query's meaningful words (stop words dropped). */
  words: readonly string[];
  /** A model's rewording of the query (rewrite.ts), searched beside it: its ranking is fused with the query's own. */
  also?: readonly string[];
  asOf?: string;
  cwd?: string;
  now: Date;
}

export interface PassageHit {
  row: PassageRow;
  score: number;
}

const DAY_MS = 86_400_000;
const CANDIDATES = 40;
/** A word in more passages than this is too common to rank every match of; the other words find its passages. */
const COMMON = 1500;
/**
 * What a rewording's ranking weighs beside the query's own (each scaled to its
 * best match). Chosen on the first real set's tuning half (even ids) only:
 * 31/34 at 0.5 and at 0.75, 30/34 at 1.
 */
const ALSO_WEIGHT = 0.75;

const quote = (s: string): string => `"${s.replace(/"/g, '""')}"`;

/** Passages for a query, best first. */
export function searchPassages(store: MemoryStore, q: PassageQuery): PassageHit[] {
  const reads = passageReads(store, q.asOf);
  const scored = new Map<number, PassageHit>();
  const add = (words: readonly string[], weight: number): void => {
    for (const h of ranked(reads, words)) {
      const was = scored.get(h.row.id);
      if (was) was.score += weight * h.score;
      else scored.set(h.row.id, { row: h.row, score: weight * h.score });
    }
  };
  add(q.words, 1);
  if (q.also?.length) add(q.also, ALSO_WEIGHT);
  // The same text twice (episodes overlap by a turn; sessions repeat pasted context) is shown once.
  const seen = new Set<string>();
  return [...scored.values()]
    .map((h) => {
      const row = clean(h.row, reads);
      return { row, score: h.score * boost(row, q) };
    })
    .sort((a, b) => b.score - a.score || a.row.id - b.row.id)
    .filter((h) => {
      const key = h.row.text.replace(/\s+/g, ' ').trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** BM25's candidates for some words, each scored against the best of them (1); 0.5 each when only recency could order them. */
function ranked(reads: ReturnType<typeof passageReads>, words: readonly string[]): PassageHit[] {
  if (words.length === 0) return [];
  const order = words
    .map((t) => ({ t, n: reads.count(quote(t), COMMON + 1) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => a.n - b.n);
  const rare = order.filter((x) => x.n <= COMMON);
  let rows: PassageRow[] = [];
  if (rare.length > 0) rows = reads.text(rare.map((x) => quote(x.t)).join(' OR '), CANDIDATES);
  else if (order.length > 0) {
    rows = reads.recent(order.map((x) => quote(x.t)).join(' AND '), CANDIDATES);
    if (rows.length === 0) rows = reads.recent(quote(order[0]!.t), CANDIDATES);
  }
  const best = rows.length && rows[0]!.r < 0 ? -rows[0]!.r : 0;
  return rows.map((row) => ({ row, score: best > 0 ? -row.r / best : 0.5 }));
}

/** A passage as recall shows it: without the lines other sessions said too, unless it is the assistant's own prose (shown whole). */
function clean(row: PassageRow, reads: { holdsBoilerplate: (id: number) => boolean; isBoilerplate: (key: string) => boolean }): PassageRow {
  if (row.assistant || !reads.holdsBoilerplate(row.id)) return row;
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
    snippet: wholeSentences(text, termMatcher(words), maxChars),
    score: Math.round(h.score * 1000) / 1000,
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
