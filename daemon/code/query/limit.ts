// Every answer is bounded: at most `limit` items and about `budget` bytes of
// compact text, starting at `offset`. What is left out is never cut
// silently: the answer says what it left out and gives the offset of the
// next page. One window function pages every answer: the occurrences of the
// name queries, search hits, outline entries, impact's rows.
import type { FileCount, MatchCounts, Occurrence, SymbolMatch } from '../../protocol';
import { containerOf, occurrenceCost, siteCost } from '../../protocol/compact';
import { plural } from '../../protocol/plural';

export interface Paging {
  limit?: number;
  budget?: number;
  offset?: number;
  /** The budget is measured on the form that lists source lines (`lines`), not on the sites form (refs, callers, callees). */
  lines?: boolean;
}

/** Items [start, end) of a list are on the page; end below the list's length means the rest was left out. */
export interface Window {
  start: number;
  end: number;
}

/**
 * The page of a flat list: from `offset`, at most `limit` items and about
 * `budget` bytes, `cost` giving an item's bytes after the item before it on
 * the page (undefined for the page's first). A page holds at least one item
 * while any is left, so asking again with `next_offset` always moves on.
 * Without a budget nothing is measured.
 */
export function pageWindow<T>(items: readonly T[], paging: Paging, cost: (item: T, prev: T | undefined) => number): Window {
  const start = offsetOf(paging);
  const limit = positive(paging.limit);
  const budget = positive(paging.budget);
  if (start >= items.length) return { start, end: start };
  if (budget === Infinity) return { start, end: Math.min(items.length, start + limit) };
  let end = start;
  let bytes = 0;
  let prev: T | undefined;
  while (end < items.length && end - start < limit) {
    const item = items[end]!;
    const c = cost(item, prev);
    if (end > start && bytes + c > budget) break;
    bytes += c;
    prev = item;
    end++;
  }
  return { start, end };
}

/** The paging fields of an answer over a list of `total` items: where this page starts (when not 0) and where the next one does. */
export function windowFields(w: Window, total: number): { offset?: number; next_offset?: number } {
  return { ...(w.start > 0 ? { offset: w.start } : {}), ...(w.end < total ? { next_offset: w.end } : {}) };
}

export interface Page {
  kept: SymbolMatch[];
  truncated?: string;
  total: number;
  offset?: number;
  next_offset?: number;
  rest?: FileCount[];
}

const MAX_DEFINITIONS = 5;
/** A match's header line, roughly: name, kind, definitions, counts. */
const headerCost = (m: SymbolMatch): number => m.display_name.length + m.kind.length + 40 + (m.counts?.definitions.join(', ').length ?? 0);

/** Totals of one match over all its occurrences, for its header on every page. */
export function countsOf(m: SymbolMatch): MatchCounts {
  const files = new Set<string>();
  const definitions: string[] = [];
  let references = 0;
  let calls = 0;
  for (const o of m.occurrences) {
    files.add(o.file);
    if (o.is_definition) {
      if (definitions.length < MAX_DEFINITIONS) definitions.push(`${o.file}:${o.line}`);
    } else references++;
    if (o.is_call) calls++;
  }
  return { references, calls, files: files.size, definitions };
}

interface Placed {
  m: SymbolMatch;
  o: Occurrence;
}

/** The bytes an occurrence adds in the form that lists source lines: its lines, and its match's header when it opens the match on this page. */
function lineCost({ m, o }: Placed, prev: Placed | undefined): number {
  if (prev?.m !== m) return occurrenceCost(o, m.display_name, undefined, undefined) + headerCost(m);
  return occurrenceCost(o, m.display_name, prev.o.file, containerOf(prev.o));
}

/** The same in the sites form. */
function placedSiteCost({ m, o }: Placed, prev: Placed | undefined): number {
  if (prev?.m !== m) return siteCost(o, undefined) + headerCost(m);
  return siteCost(o, prev.o);
}

/** One page of the matches' occurrences, in order; every match keeps its totals in `counts`. */
export function pageMatches(matches: SymbolMatch[], paging: Paging = {}): Page {
  const counted = matches.map((m) => ({ ...m, counts: countsOf(m) }));
  const total = counted.reduce((n, m) => n + m.occurrences.length, 0);
  const offset = offsetOf(paging);
  const budget = positive(paging.budget);
  // Everything fits: no line to measure.
  if (offset === 0 && total <= positive(paging.limit) && (budget === Infinity || roughSize(counted) <= budget / 2)) return { kept: counted, total };
  const placed: Placed[] = counted.flatMap((m) => m.occurrences.map((o) => ({ m, o })));
  const w = pageWindow(placed, paging, paging.lines ? lineCost : placedSiteCost);
  const kept: SymbolMatch[] = [];
  let open: SymbolMatch | undefined;
  for (let i = w.start; i < w.end; i++) {
    const { m, o } = placed[i]!;
    if (!open || placed[i - 1]!.m !== m) {
      open = { ...m, occurrences: [] };
      kept.push(open);
    }
    open.occurrences.push(o);
  }
  const out: Page = { kept, total, ...(offset > 0 ? { offset } : {}) };
  if (w.end < placed.length) {
    const rest = new Map<string, number>();
    for (const { o } of placed.slice(w.end)) rest.set(o.file, (rest.get(o.file) ?? 0) + 1);
    out.next_offset = w.end;
    out.rest = [...rest].map(([file, occurrences]) => ({ file, occurrences }));
    out.truncated = summary(total - w.end, rest.size);
  }
  return out;
}

/** An upper bound of the compact text's size, cheap enough to skip measuring small answers line by line. */
function roughSize(matches: SymbolMatch[]): number {
  let n = 0;
  for (const m of matches) {
    n += headerCost(m);
    for (const o of m.occurrences) n += o.context.length + o.file.length + (o.containing_symbol?.length ?? 0) + 24;
  }
  return n;
}

/** The fields a paged answer adds to a QueryResult; `lines` is echoed, so the compact form renders the form its page was measured on. */
export function pageFields(p: Page, paging: Paging = {}): { truncated?: string; offset?: number; next_offset?: number; rest?: FileCount[]; lines?: true } {
  return {
    ...(paging.lines ? { lines: true as const } : {}),
    ...(p.truncated ? { truncated: p.truncated } : {}),
    ...(p.offset !== undefined ? { offset: p.offset } : {}),
    ...(p.next_offset !== undefined ? { next_offset: p.next_offset, rest: p.rest } : {}),
  };
}

export const summary = (n: number, files: number): string => `+${n} more in ${plural(files, 'file')}`;

const offsetOf = (paging: Paging): number => Math.max(0, Math.floor(paging.offset ?? 0));
const positive = (limit: number | undefined): number => (typeof limit === 'number' && limit > 0 ? Math.floor(limit) : Infinity);
