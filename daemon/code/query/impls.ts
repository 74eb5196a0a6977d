// impls NAME: implementations of an interface, subclasses of a class,
// overrides of a method, direct or indirect. The is_implementation
// relationships were inverted and closed at index time.
import type { QueryResult, SymbolMatch } from '../../protocol';
import { SYMBOL_COLUMNS, type CodeStore, type SymbolRecord } from '../store/store';
import type { Answer } from './answer';
import { pageFields, pageMatches, type Paging } from './limit';
import { resolveName } from './names';
import { withTotals } from './totals';

const SQL = `SELECT ${SYMBOL_COLUMNS}, i.depth FROM implementations i JOIN symbols ON symbols.id = i.impl_id
  WHERE i.target_id = ? ORDER BY i.depth, symbols.qualified_name`;

export function implementationsOf(store: CodeStore, ids: number[]): Array<SymbolRecord & { depth: number }> {
  const seen = new Set<number>();
  const out: Array<SymbolRecord & { depth: number }> = [];
  for (const id of ids) {
    for (const s of store.statement<[number], SymbolRecord & { depth: number }>(SQL).all(id)) {
      if (seen.has(s.id)) continue;
      seen.add(s.id);
      out.push(s);
    }
  }
  return out;
}

export function impls(store: CodeStore, name: string, opts: Paging = {}): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  const found = implementationsOf(
    store,
    symbols.map((s) => s.id),
  );
  const idOf = new Map(found.map((s) => [s.symbol, s.id]));
  const matches: SymbolMatch[] = found.map((s) => ({
    symbol_id: s.symbol,
    display_name: s.name,
    kind: s.kind,
    occurrences: store.occurrences(s.id, true),
  }));
  // Implementations are listed with their definitions' source lines: measured on that form.
  const page = pageMatches(matches, { ...opts, lines: true });
  // The header counts each implementation's references, not the one definition listed.
  return {
    symbol: name,
    matches: withTotals(store, page.kept, (m) => [idOf.get(m.symbol_id) ?? -1]),
    total: page.total,
    ...pageFields(page),
    ...(note ? { note } : {}),
  };
}
