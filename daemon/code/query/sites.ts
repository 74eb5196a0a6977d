// A call site, once. scip-typescript names one use of a global under every
// symbol TypeScript merged into it (`new RegExp(…)`: the interface in four
// lib files, the var, the constructor): the same position, several rows.
// Callers and callees list each position once, under the symbol the reader
// knows: the repo's own before a library's, a function before the
// interface or variable it was merged with. Library and built-in symbols
// are grouped by their qualified name (`RegExp`, `String.repeat`).
import type { CodeStore, OccurrenceRow, SymbolRecord } from '../store/store';
import { symbolById } from './group';

// A value that is called beats the declarations merged into it.
const KIND_RANK: Record<string, number> = {
  function: 0,
  method: 0,
  constructor: 0,
  class: 1,
  variable: 2,
  constant: 2,
  property: 2,
  interface: 3,
  type_alias: 3,
  type: 3,
};
const kindRank = (kind: string): number => KIND_RANK[kind] ?? 2;

/** Prefers the repo's own symbol, then a callable kind. Lower is better. */
export function symbolRank(s: Pick<SymbolRecord, 'is_external' | 'kind'>): number {
  return s.is_external * 10 + kindRank(s.kind);
}

const position = (r: OccurrenceRow): string => `${r.path}\u0000${r.line}\u0000${r.col}`;

/** One row per position: the best-ranked symbol's (rows keep their order of first appearance). */
export function oneRowPerSite(store: CodeStore, rows: OccurrenceRow[]): OccurrenceRow[] {
  const best = new Map<string, OccurrenceRow>();
  const rank = new Map<number, number>();
  const rankOf = (id: number): number => {
    let r = rank.get(id);
    if (r === undefined) {
      const s = symbolById(store, id);
      r = s ? symbolRank(s) : 99;
      rank.set(id, r);
    }
    return r;
  };
  for (const r of rows) {
    const k = position(r);
    const prev = best.get(k);
    if (!prev || rankOf(r.symbol_id) < rankOf(prev.symbol_id)) best.set(k, r);
  }
  const out: OccurrenceRow[] = [];
  const done = new Set<string>();
  for (const r of rows) {
    const k = position(r);
    if (done.has(k)) continue;
    done.add(k);
    out.push(best.get(k)!);
  }
  return out;
}

/** The key a callee is grouped under: the repo's own symbol itself, a library's by its qualified name. */
export function calleeKey(s: SymbolRecord): string {
  return s.is_external ? `external ${s.qualified_name}` : String(s.id);
}
