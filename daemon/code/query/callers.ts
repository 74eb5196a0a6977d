// callers NAME: the definitions whose bodies call NAME (or, with all_refs,
// use it in any way), each with its call sites, grouped by which symbol
// named NAME they call: the repo's own first, each site once. Calls of a
// library's or built-in symbol of the same name (`String#repeat` beside the
// repo's `repeat`) are counted, not listed, unless asked for
// (include_external, or a qualified name that names only them). The
// containing definition of every occurrence was computed at index time, so
// this is one indexed lookup per symbol.
import type { QueryResult, SymbolMatch } from '../../protocol';
import { OCCURRENCE_SELECT, type CodeStore, type OccurrenceRow, type SymbolRecord } from '../store/store';
import type { Answer } from './answer';
import { groupBy } from './group';
import { pageFields, pageMatches, type Paging } from './limit';
import { dedupeOccurrences, type Merge } from './merge';
import { lookedUp, resolveName } from './names';
import { calleeKey, oneRowPerSite, symbolRank } from './sites';

type External = NonNullable<QueryResult['external']>[number];

export function callers(
  store: CodeStore,
  name: string,
  opts: Paging & { allRefs?: boolean; includeExternal?: boolean; merge?: Merge } = {},
): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  const sql = `${OCCURRENCE_SELECT} WHERE o.symbol_id = ? AND o.is_definition = 0${opts.allRefs ? '' : ' AND o.is_call = 1'} ORDER BY o.document_id, o.line, o.col`;
  const listExternal = opts.includeExternal === true || symbols.every((s) => s.is_external);
  // One callee per repo symbol; a library's symbols of one name are one callee.
  const callees = new Map<string, SymbolRecord[]>();
  for (const s of [...symbols].sort((a, b) => symbolRank(a) - symbolRank(b))) {
    const k = calleeKey(s);
    callees.set(k, [...(callees.get(k) ?? []), s]);
  }
  const several = callees.size > 1;
  const matches: SymbolMatch[] = [];
  const external: External[] = [];
  const seen = new Set<string>();
  for (const group of callees.values()) {
    const head = group[0]!;
    const rows = oneRowPerSite(
      store,
      group.flatMap((s) => store.statement<[number], OccurrenceRow>(sql).all(s.id)),
    )
      // A site already listed under a better callee is not listed again.
      .filter((r) => !seen.has(`${r.path}:${r.line}:${r.col}`));
    for (const r of rows) seen.add(`${r.path}:${r.line}:${r.col}`);
    if (rows.length === 0) continue;
    if (head.is_external && !listExternal) {
      external.push({ name: head.qualified_name, calls: rows.length, files: new Set(rows.map((r) => r.path)).size });
      continue;
    }
    const callee = several ? { callee: calleeOf(store, head) } : {};
    for (const m of dedupeOccurrences(groupBy(store, rows, (r) => r.container_id))) matches.push({ ...m, ...callee });
  }
  const page = pageMatches(opts.merge ? opts.merge(lookedUp(name), matches) : matches, opts);
  return {
    symbol: name,
    matches: page.kept,
    total: page.total,
    ...pageFields(page, opts),
    ...(note ? { note } : {}),
    ...(external.length > 0 ? { external } : {}),
  };
}

function calleeOf(store: CodeStore, s: SymbolRecord): NonNullable<SymbolMatch['callee']> {
  if (s.is_external) return { name: s.qualified_name, kind: s.kind, external: true };
  const def = store
    .statement<[number], { path: string; def_line: number }>(
      'SELECT d.path, s.def_line FROM symbols s JOIN documents d ON d.id = s.def_document_id WHERE s.id = ?',
    )
    .get(s.id);
  return { name: s.qualified_name, kind: s.kind, ...(def ? { def: `${def.path}:${def.def_line}` } : {}) };
}
