// Large answers are cut at --limit, and the answer says what was cut.
import type { SymbolMatch } from '../../protocol';

export interface Cut<T> {
  kept: T[];
  truncated?: string;
}

/** Keeps at most `limit` occurrences across the matches, in order. */
export function cutMatches(matches: SymbolMatch[], limit: number | undefined): Cut<SymbolMatch> & { total: number } {
  const total = matches.reduce((n, m) => n + m.occurrences.length, 0);
  const max = positive(limit);
  if (total <= max) return { kept: matches, total };
  const kept: SymbolMatch[] = [];
  const cutFiles = new Set<string>();
  let room = max;
  for (const m of matches) {
    const take = Math.min(room, m.occurrences.length);
    for (const o of m.occurrences.slice(take)) cutFiles.add(o.file);
    if (take > 0) kept.push({ ...m, occurrences: m.occurrences.slice(0, take) });
    room -= take;
  }
  return { kept, total, truncated: summary(total - max, cutFiles.size) };
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
