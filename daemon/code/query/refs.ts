// refs and defs: every occurrence (or every definition) of the named symbols.
import type { QueryResult, SymbolMatch } from '../../protocol';
import type { CodeStore } from '../store/store';
import type { Answer } from './answer';
import { cutMatches } from './limit';
import { resolveName } from './resolve';

export function refs(store: CodeStore, name: string, opts: { definitionsOnly?: boolean; limit?: number } = {}): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  const matches: SymbolMatch[] = [];
  for (const s of symbols) {
    const occurrences = store.occurrences(s.id, opts.definitionsOnly ?? false);
    if (occurrences.length > 0) matches.push({ symbol_id: s.symbol, display_name: s.name, kind: s.kind, occurrences });
  }
  const cut = cutMatches(matches, opts.limit);
  return { symbol: name, matches: cut.kept, total: cut.total, ...(cut.truncated ? { truncated: cut.truncated } : {}), ...(note ? { note } : {}) };
}
