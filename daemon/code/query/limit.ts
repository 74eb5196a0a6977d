// Every answer is bounded: at most `limit` occurrences and about `budget`
// bytes of compact text, starting at `offset`. What is left out is never cut
// silently: the answer lists it per file and gives the offset of the next page.
import type { FileCount, MatchCounts, SymbolMatch } from '../../protocol';
import { containerOf, occurrenceCost } from '../../protocol/compact';

export interface Cut<T> {
  kept: T[];
  truncated?: string;
}

export interface Paging {
  limit?: number;
  budget?: number;
  offset?: number;
}

export interface Page extends Cut<SymbolMatch> {
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

/** One page of the matches' occurrences, in order; every match keeps its totals in `counts`. */
export function pageMatches(matches: SymbolMatch[], paging: Paging = {}): Page {
  const counted = matches.map((m) => ({ ...m, counts: countsOf(m) }));
  const total = counted.reduce((n, m) => n + m.occurrences.length, 0);
  const offset = Math.max(0, Math.floor(paging.offset ?? 0));
  const limit = positive(paging.limit);
  const budget = positive(paging.budget);
  // Everything fits: no line to measure.
  if (offset === 0 && total <= limit && (budget === Infinity || roughSize(counted) <= budget / 2)) return { kept: counted, total };
  const kept: SymbolMatch[] = [];
  const rest = new Map<string, number>();
  let index = 0;
  let taken = 0;
  let bytes = 0;
  let stop: number | undefined;
  for (const m of counted) {
    const page: SymbolMatch['occurrences'] = [];
    let prevFile: string | undefined;
    let prevContainer: string | null | undefined;
    for (const o of m.occurrences) {
      const at = index++;
      if (at < offset) continue;
      if (stop === undefined) {
        const cost = occurrenceCost(o, m.display_name, prevFile, prevContainer) + (page.length === 0 ? headerCost(m) : 0);
        if (taken >= limit || (taken > 0 && bytes + cost > budget)) stop = at;
        else {
          page.push(o);
          taken++;
          bytes += cost;
          prevFile = o.file;
          prevContainer = containerOf(o);
          continue;
        }
      }
      rest.set(o.file, (rest.get(o.file) ?? 0) + 1);
    }
    if (page.length > 0) kept.push({ ...m, occurrences: page });
  }
  const out: Page = { kept, total, ...(offset > 0 ? { offset } : {}) };
  if (stop !== undefined) {
    out.next_offset = stop;
    out.rest = [...rest].map(([file, occurrences]) => ({ file, occurrences }));
    out.truncated = summary(total - stop, rest.size);
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

/** The fields a paged answer adds to a QueryResult. */
export function pageFields(p: Page): { truncated?: string; offset?: number; next_offset?: number; rest?: FileCount[] } {
  return {
    ...(p.truncated ? { truncated: p.truncated } : {}),
    ...(p.offset !== undefined ? { offset: p.offset } : {}),
    ...(p.next_offset !== undefined ? { next_offset: p.next_offset, rest: p.rest } : {}),
  };
}

/** Keeps at most `limit` items of a flat list; `fileOf` names where each lives. */
export function cutList<T>(items: T[], limit: number | undefined, fileOf: (item: T) => string | null): Cut<T> {
  const max = positive(limit);
  if (items.length <= max) return { kept: items };
  const files = new Set(items.slice(max).map(fileOf).filter((f): f is string => f !== null));
  return { kept: items.slice(0, max), truncated: summary(items.length - max, files.size) };
}

export const summary = (n: number, files: number): string => `+${n} more in ${files} file${files === 1 ? '' : 's'}`;

const positive = (limit: number | undefined): number => (typeof limit === 'number' && limit > 0 ? Math.floor(limit) : Infinity);
