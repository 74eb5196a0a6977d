// The short piece of a passage an answer quotes: the window that holds the
// most of the query's words, cut at word bounds. Words match loosely, the
// way the porter stemmer of the full-text index does (`migrations` finds
// `migration`, `nullable` finds `nullability`), by a shared stem-length prefix.

/** Characters a snippet keeps at most (before the ellipses). */
export const SNIPPET_MAX = 280;

const WORD = /[\p{L}\p{N}_]+/gu;

/** The prefix a word shares with its inflections: the whole of a short word, most of a long one. */
export function stemPrefix(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 4) return w;
  return w.slice(0, Math.max(4, w.length - 3));
}

/** Which of `terms` (by index) a word matches, or -1. */
export function termMatcher(terms: readonly string[]): (word: string) => number {
  const prefixes = terms.map(stemPrefix);
  return (word) => {
    const w = word.toLowerCase();
    for (let i = 0; i < prefixes.length; i++) {
      const p = prefixes[i]!;
      if (p.length <= 4 ? w === p || (w.startsWith(p) && w.length <= p.length + 3) : w.startsWith(p)) return i;
    }
    return -1;
  };
}

/** Distinct terms (by index) that occur in a text. */
export function termsIn(text: string, match: (word: string) => number): Set<number> {
  const found = new Set<number>();
  for (const m of text.matchAll(WORD)) {
    const i = match(m[0]);
    if (i >= 0) found.add(i);
  }
  return found;
}

/**
 * The window of at most `max` characters with the most distinct matching
 * terms (the earliest on a tie), whitespace folded, `…` where it was cut.
 */
export function snippetOf(text: string, match: (word: string) => number, max: number = SNIPPET_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const hits: Array<{ at: number; end: number; term: number }> = [];
  for (const m of flat.matchAll(WORD)) {
    const t = match(m[0]);
    if (t >= 0) hits.push({ at: m.index, end: m.index + m[0].length, term: t });
  }
  let bestStart = 0;
  let bestScore = -1;
  for (let i = 0; i < hits.length; i++) {
    const seen = new Set<number>();
    let n = 0;
    for (let j = i; j < hits.length && hits[j]!.end - hits[i]!.at <= max; j++) {
      if (!seen.has(hits[j]!.term)) n += 10;
      else n += 1;
      seen.add(hits[j]!.term);
    }
    if (n > bestScore) {
      bestScore = n;
      bestStart = hits[i]!.at;
    }
  }
  // A little lead-in before the first hit, so the sentence it sits in reads.
  let start = Math.max(0, bestStart - Math.floor(max / 5));
  const sentence = flat.lastIndexOf('. ', bestStart);
  if (sentence >= start - 40 && sentence >= 0 && sentence + 2 <= bestStart) start = sentence + 2;
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space >= 0 && space < bestStart) start = space + 1;
  }
  let end = Math.min(flat.length, start + max);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > start + max / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/**
 * A passage shown whole (whitespace folded) when it fits `max`; else the run
 * of its whole sentences around the one holding the most matching terms,
 * as long as fits, `…` where sentences were left out. Never cut mid-word;
 * mid-sentence only when one sentence alone is longer than `max`.
 */
export function wholeSentences(text: string, match: (word: string) => number, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const sentences = flat.split(/(?<=[.!?;:])\s+/);
  let best = 0;
  let bestTerms = -1;
  sentences.forEach((s, i) => {
    const n = termsIn(s, match).size;
    if (n > bestTerms) {
      bestTerms = n;
      best = i;
    }
  });
  if (sentences[best]!.length > max) return snippetOf(sentences[best]!, match, max);
  let from = best;
  let to = best + 1;
  let size = sentences[best]!.length;
  for (let grew = true; grew;) {
    grew = false;
    if (to < sentences.length && size + 1 + sentences[to]!.length <= max) {
      size += 1 + sentences[to++]!.length;
      grew = true;
    }
    if (from > 0 && size + 1 + sentences[from - 1]!.length <= max) {
      size += 1 + sentences[--from]!.length;
      grew = true;
    }
  }
  return `${from > 0 ? '… ' : ''}${sentences.slice(from, to).join(' ')}${to < sentences.length ? ' …' : ''}`;
}
