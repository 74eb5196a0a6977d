// A symbol's references counted over the whole index, for answers that list
// something else (defs lists definitions, impls lists implementations): their
// headers say how used the thing is, never "0 refs" when refs finds some.
// Merged declarations share positions: each position counts once.
import type { MatchCounts, SymbolMatch } from '../../protocol';
import type { CodeStore } from '../store/store';

type Totals = Pick<MatchCounts, 'references' | 'calls' | 'files'>;

interface Row {
  document_id: number;
  line: number;
  col: number;
  is_definition: number;
  is_call: number;
}

export function referenceTotals(store: CodeStore, ids: readonly number[]): Totals {
  const refs = new Set<string>();
  const calls = new Set<string>();
  const files = new Set<number>();
  for (const id of ids) {
    for (const r of store.statement<[number], Row>('SELECT document_id, line, col, is_definition, is_call FROM occurrences WHERE symbol_id = ?').all(id)) {
      files.add(r.document_id);
      if (r.is_definition) continue;
      const k = `${r.document_id}:${r.line}:${r.col}`;
      refs.add(k);
      if (r.is_call) calls.add(k);
    }
  }
  return { references: refs.size, calls: calls.size, files: files.size };
}

/** The page's matches with their counts taken from the whole index. */
export function withTotals(store: CodeStore, matches: SymbolMatch[], idsOf: (m: SymbolMatch) => readonly number[]): SymbolMatch[] {
  return matches.map((m) => (m.counts ? { ...m, counts: { ...m.counts, ...referenceTotals(store, idsOf(m)) } } : m));
}
