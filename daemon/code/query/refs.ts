// refs and defs: every occurrence (or every definition) of the named symbols.
import type { QueryResult, SymbolMatch } from '../../protocol';
import type { CodeStore } from '../store/store';
import type { Answer } from './answer';
import { pageFields, pageMatches, type Paging } from './limit';
import { mergeDeclarations, typeUses, type Merge } from './merge';
import { lookedUp, resolveName } from './names';
import { withTotals } from './totals';

export interface RefsOptions extends Paging {
  definitionsOnly?: boolean;
  /** The live index swaps in syntactic occurrences for files changed since the build. */
  merge?: Merge;
}

export function refs(store: CodeStore, name: string, opts: RefsOptions = {}): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  // defs lists definitions; its header counts the references all the same (symbol and local file: a match's ids).
  const ids = new Map<string, number[]>();
  const keyOf = (symbol: string, local: string | undefined): string => `${symbol}\u0000${local ?? ''}`;
  let matches: SymbolMatch[] = symbols.map((s) => {
    const occurrences = store.occurrences(s.id, opts.definitionsOnly ?? false);
    // A local (declared inside a function) lives in one file: the answer says which.
    const local = s.is_local && occurrences.length > 0 ? { local: occurrences[0]!.file } : {};
    const k = keyOf(s.symbol, local.local);
    ids.set(k, [...(ids.get(k) ?? []), s.id]);
    return { symbol_id: s.symbol, display_name: s.name, kind: s.kind, ...local, occurrences };
  });
  if (opts.merge) matches = opts.merge(lookedUp(name), matches);
  matches = mergeDeclarations(matches.filter((m) => m.occurrences.length > 0)).map(typeUses);
  // defs lists definitions with their source lines: measured on that form.
  const page = pageMatches(matches, { ...opts, lines: opts.lines === true || opts.definitionsOnly === true });
  const kept = opts.definitionsOnly
    ? withTotals(store, page.kept, (m) => [m.symbol_id, ...(m.also ?? [])].flatMap((sym) => ids.get(keyOf(sym, m.local)) ?? []))
    : page.kept;
  return { symbol: name, matches: kept, total: page.total, ...pageFields(page, opts), ...(note ? { note } : {}) };
}
