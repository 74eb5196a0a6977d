// refs and defs: every occurrence (or every definition) of the named symbols.
import type { QueryResult, SymbolMatch } from '../../protocol';
import type { CodeStore } from '../store/store';
import type { Answer } from './answer';
import { pageFields, pageMatches, type Paging } from './limit';
import { mergeDeclarations, typeUses, type Merge } from './merge';
import { lookedUp, resolveName } from './resolve';

export interface RefsOptions extends Paging {
  definitionsOnly?: boolean;
  /** The live index swaps in syntactic occurrences for files changed since the build. */
  merge?: Merge;
}

export function refs(store: CodeStore, name: string, opts: RefsOptions = {}): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  let matches: SymbolMatch[] = symbols.map((s) => {
    const occurrences = store.occurrences(s.id, opts.definitionsOnly ?? false);
    // A local (declared inside a function) lives in one file: the answer says which.
    const local = s.is_local && occurrences.length > 0 ? { local: occurrences[0]!.file } : {};
    return { symbol_id: s.symbol, display_name: s.name, kind: s.kind, ...local, occurrences };
  });
  if (opts.merge) matches = opts.merge(lookedUp(name), matches);
  matches = mergeDeclarations(matches.filter((m) => m.occurrences.length > 0)).map(typeUses);
  const page = pageMatches(matches, opts);
  return { symbol: name, matches: page.kept, total: page.total, ...pageFields(page), ...(note ? { note } : {}) };
}
