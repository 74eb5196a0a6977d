// Groups occurrence rows under the symbol they belong to (a caller, a callee),
// in order of first appearance.
import type { SymbolMatch } from '../../protocol';
import { SYMBOL_COLUMNS, toOccurrence, type CodeStore, type OccurrenceRow, type SymbolRecord } from '../store/store';

export function groupBy(store: CodeStore, rows: OccurrenceRow[], keyOf: (r: OccurrenceRow) => number | null): SymbolMatch[] {
  const groups = new Map<string, SymbolMatch>();
  for (const r of rows) {
    const id = keyOf(r);
    const key = id === null ? `file ${r.path}` : String(id);
    let g = groups.get(key);
    if (!g) {
      const s = id === null ? undefined : symbolById(store, id);
      // Code at the top level of a file has no enclosing definition: the file is its caller.
      g = s
        ? { symbol_id: s.symbol, display_name: s.name, kind: s.kind, occurrences: [] }
        : { symbol_id: `file ${r.path}`, display_name: r.path, kind: 'file', occurrences: [] };
      groups.set(key, g);
    }
    g.occurrences.push(toOccurrence(r));
  }
  return [...groups.values()];
}

export function symbolById(store: CodeStore, id: number): SymbolRecord | undefined {
  return store.statement<[number], SymbolRecord>(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE id = ?`).get(id);
}
