// callees NAME: what NAME's body calls (or, with all_refs, uses), grouped by
// the symbol called, each with its call sites inside NAME.
import type { QueryResult } from '../../protocol';
import { OCCURRENCE_SELECT, type CodeStore, type OccurrenceRow } from '../store/store';
import type { Answer } from './answer';
import { groupBy } from './group';
import { pageFields, pageMatches, type Paging } from './limit';
import { dedupeOccurrences, type Merge } from './merge';
import { lookedUp, resolveName } from './resolve';

// Locals and parameters cannot be looked up by name anywhere else, so listing
// them as callees would only add noise.
const SQL = (allRefs: boolean): string => `${OCCURRENCE_SELECT}
  JOIN symbols s ON s.id = o.symbol_id
  WHERE o.containing_id = ? AND o.is_definition = 0${allRefs ? '' : ' AND o.is_call = 1'}
    AND s.document_id IS NULL AND s.kind NOT IN ('parameter', 'type_parameter')
  ORDER BY o.document_id, o.line, o.col`;

export function callees(store: CodeStore, name: string, opts: Paging & { allRefs?: boolean; merge?: Merge } = {}): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  const sql = SQL(opts.allRefs ?? false);
  const rows = symbols.flatMap((s) => store.statement<[number], OccurrenceRow>(sql).all(s.id));
  const groups = dedupeOccurrences(groupBy(store, rows, (r) => r.symbol_id));
  const page = pageMatches(opts.merge ? opts.merge(lookedUp(name), groups) : groups, opts);
  return { symbol: name, matches: page.kept, total: page.total, ...pageFields(page), ...(note ? { note } : {}) };
}
