// "Did you mean" over names read without an index (the glance at a repo whose
// first index is still being read, see first/glance.ts): the same ranking as
// suggest.ts asks of the store (exact, prefix, camelCase humps, substring,
// then a few edits for a typo), done over a list in memory.
import type { Suggestion } from '../../protocol';
import { editDistance } from '../../text/edit-distance';
import { initialsOf, wordsOf } from '../store/initials';
import { lookedUp } from './names';
import { KIND_BONUS, matchesHumps } from './search';

const MAX = 3;

/** How search ranks `name` for `pattern` (0: it does not match), before the kind's bonus. */
export function nameScore(pattern: string, name: string): number {
  const lower = pattern.toLowerCase();
  const n = name.toLowerCase();
  if (n === lower) return 1000;
  if (n.startsWith(lower)) return 800 - Math.min(100, name.length - pattern.length);
  const words = pattern.split(/(?=[A-Z])|[_\-\s.]+/).filter((w) => w.length > 0);
  const humps = words.length > 1 ? words : /^[a-z0-9]+$/.test(pattern) && pattern.length >= 2 ? [...pattern] : undefined;
  if (humps && matchesHumps(humps, wordsOf(name))) return 600 - Math.min(100, initialsOf(name).length - humps.length);
  const at = lower.length >= 3 ? n.indexOf(lower) : -1;
  return at >= 0 ? 400 - Math.min(100, at + name.length - pattern.length) : 0;
}

/** The candidates `pattern` matches, best first, as search would rank them. */
function ranked(pattern: string, candidates: readonly Suggestion[]): Suggestion[] {
  return candidates
    .map((c) => ({ c, score: nameScore(pattern, c.name) }))
    .filter((x) => x.score > 0)
    .map((x) => ({ c: x.c, score: x.score + (KIND_BONUS[x.c.kind] ?? 0) }))
    .sort((a, b) => b.score - a.score || a.c.name.length - b.c.name.length || a.c.name.localeCompare(b.c.name))
    .map((x) => x.c);
}

/** Up to three of `candidates` close to `name`, best first: suggestNames' rule over a list. */
export function suggestAmong(name: string, declared: readonly Suggestion[]): Suggestion[] {
  // One name declared again in one file (overloads, a `declare` and its body) is one symbol, at its first line.
  const byFile = new Map<string, Suggestion>();
  for (const s of declared) {
    const key = `${s.name}\0${s.file ?? ''}`;
    const had = byFile.get(key);
    if (!had || (s.line ?? 0) < (had.line ?? 0)) byFile.set(key, s);
  }
  const candidates = [...byFile.values()];
  const wanted = lookedUp(name);
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  const take = (s: Suggestion): void => {
    const key = `${s.name}\0${s.file ?? ''}`;
    if (out.length >= MAX || seen.has(key)) return;
    seen.add(key);
    out.push(s);
  };
  for (const s of ranked(wanted, candidates).slice(0, MAX)) take(s);
  if (out.length >= MAX || wanted.length < 4) return out;
  const most = Math.max(1, Math.floor(wanted.length / 3));
  const lower = wanted.toLowerCase();
  const near = ranked(wanted.slice(0, Math.max(3, Math.ceil(wanted.length / 2))), candidates)
    .slice(0, 200)
    .map((s) => ({ s, d: editDistance(lower, s.name.toLowerCase(), most) }))
    .filter((x) => x.d <= most)
    .sort((a, b) => a.d - b.d);
  for (const { s } of near) take(s);
  return out;
}
