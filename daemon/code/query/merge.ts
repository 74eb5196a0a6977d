// One answer per thing, not per declaration. TypeScript merges declarations
// (an interface and a value of one name, a class and its namespace, a lib
// type augmented across lib.*.d.ts files) and scip-typescript then emits
// each use once per declaration's symbol, at the same position. Symbols of
// one name that share a position are one thing: one match, each occurrence
// listed once.
import type { Occurrence, SymbolMatch } from '../../protocol';
import { TYPE_KINDS } from '../store/uses';

/** Rewrites a query's matches before its page is cut (the live overlay's merges); gets the name actually looked up (a compound's tail). */
export type Merge = (name: string, matches: SymbolMatch[]) => SymbolMatch[];

const key = (o: Occurrence): string => `${o.file}\u0000${o.line}\u0000${o.column}`;

export function mergeDeclarations(matches: SymbolMatch[]): SymbolMatch[] {
  if (matches.length < 2) return matches;
  const parent = matches.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const owner = new Map<string, number>();
  matches.forEach((m, i) => {
    if (m.local) return; // a file's local never merges with anything else
    for (const o of m.occurrences) {
      const k = key(o);
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else if (matches[j]!.display_name === m.display_name) parent[find(i)] = find(j);
    }
  });
  const groups = new Map<number, number[]>();
  matches.forEach((_, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), i]);
  });
  if (groups.size === matches.length) return matches;
  return [...groups.values()].map((members) => (members.length === 1 ? matches[members[0]!]! : merged(members.map((i) => matches[i]!))));
}

function merged(ms: SymbolMatch[]): SymbolMatch {
  const files = new Map<string, number>();
  const byKey = new Map<string, Occurrence>();
  for (const m of ms) {
    for (const o of m.occurrences) {
      if (!files.has(o.file)) files.set(o.file, files.size);
      const k = key(o);
      const prev = byKey.get(k);
      // The same place seen from two declarations: a definition of either is a definition.
      if (!prev) byKey.set(k, o);
      else if (o.is_definition && !prev.is_definition) byKey.set(k, { ...o, containing_symbol: prev.containing_symbol ?? o.containing_symbol });
      else if (rank(o) < rank(prev)) byKey.set(k, { ...prev, use: o.use });
    }
  }
  const occurrences = [...byKey.values()].sort((a, b) => files.get(a.file)! - files.get(b.file)! || a.line - b.line || a.column - b.column);
  const kinds = [...new Set(ms.map((m) => m.kind))];
  return {
    symbol_id: ms[0]!.symbol_id,
    display_name: ms[0]!.display_name,
    kind: kinds.join('+'),
    also: ms.slice(1).map((m) => m.symbol_id),
    occurrences,
  };
}

// Where merged declarations read one position differently, the most specific
// reading wins: a 'type' guess survives only for kinds that can be types.
const RANK: Record<string, number> = { def: 0, import: 1, call: 2, write: 3, type: 4, doc: 4, read: 5 };
const rank = (o: Occurrence): number => RANK[o.use ?? 'read'] ?? 5;

/** A type's plain uses (an unmerged interface or type alias) are uses as a type. */
export function typeUses(m: SymbolMatch): SymbolMatch {
  if (m.also || !TYPE_KINDS.has(m.kind) || !m.occurrences.some((o) => o.use === 'read')) return m;
  return { ...m, occurrences: m.occurrences.map((o) => (o.use === 'read' ? { ...o, use: 'type' } : o)) };
}

/** The same position listed twice in one match (a caller seen through two merged symbols) is listed once. */
export function dedupeOccurrences(matches: SymbolMatch[]): SymbolMatch[] {
  return matches.map((m) => {
    const seen = new Set<string>();
    const occurrences = m.occurrences.filter((o) => {
      const k = key(o);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    return occurrences.length === m.occurrences.length ? m : { ...m, occurrences };
  });
}
