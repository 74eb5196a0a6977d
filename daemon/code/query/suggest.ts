// "Did you mean": when no symbol has the name a query asked for, the closest
// names in the index, from the search ranking (prefix, camelCase humps,
// substring) and, for a typo none of those catch, from names sharing its
// first half that are a few edits away. The answer is then the next query.
import type { Suggestion } from '../../protocol';
import { editDistance } from '../../text/edit-distance';
import type { CodeStore } from '../store/store';
import { lookedUp, resolveName } from './names';
import { search } from './search';

const MAX = 3;

/** True when no symbol in the store has this name (a compound's tail included). */
export const isUnknownName = (store: CodeStore, name: string): boolean => resolveName(store, name).symbols.length === 0;

/** Up to three names close to `name`, best first. */
export function suggestNames(store: CodeStore, name: string): Suggestion[] {
  const wanted = lookedUp(name);
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  const take = (h: { display_name: string; kind: string; file: string | null; line: number | null }): void => {
    const key = `${h.display_name}\0${h.file ?? ''}\0${h.line ?? ''}`;
    if (out.length >= MAX || seen.has(key)) return;
    seen.add(key);
    out.push({ name: h.display_name, kind: h.kind, file: h.file, line: h.line });
  };
  for (const h of search(store, wanted, { limit: MAX }).results) take(h);
  if (out.length >= MAX || wanted.length < 4) return out;
  // A typo: names that start like it (its first half) and are at most a third of it away.
  const most = Math.max(1, Math.floor(wanted.length / 3));
  const lower = wanted.toLowerCase();
  const near = search(store, wanted.slice(0, Math.max(3, Math.ceil(wanted.length / 2))), { limit: 200 })
    .results.map((h) => ({ h, d: editDistance(lower, h.display_name.toLowerCase(), most) }))
    .filter((x) => x.d <= most)
    .sort((a, b) => a.d - b.d);
  for (const { h } of near) take(h);
  return out;
}
