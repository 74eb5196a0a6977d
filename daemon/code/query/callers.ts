// callers NAME: the definitions whose bodies call NAME (or, with all_refs,
// use it in any way), each with its call sites. The containing definition of
// every occurrence was computed at index time, so this is one indexed lookup.
import type { QueryResult } from '../../protocol';
import { OCCURRENCE_SELECT, type CodeStore, type OccurrenceRow } from '../store/store';
import type { Answer } from './answer';
import { groupBy } from './group';
import { pageFields, pageMatches, type Paging } from './limit';
import { dedupeOccurrences, type Merge } from './merge';
import { lookedUp, resolveName } from './resolve';

export function callers(store: CodeStore, name: string, opts: Paging & { allRefs?: boolean; merge?: Merge } = {}): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  const sql = `${OCCURRENCE_SELECT} WHERE o.symbol_id = ? AND o.is_definition = 0${opts.allRefs ? '' : ' AND o.is_call = 1'} ORDER BY o.document_id, o.line, o.col`;
  const rows = symbols.flatMap((s) => store.statement<[number], OccurrenceRow>(sql).all(s.id));
  const groups = dedupeOccurrences(groupBy(store, rows, (r) => r.container_id));
  const page = pageMatches(opts.merge ? opts.merge(lookedUp(name), groups) : groups, opts);
  return { symbol: name, matches: page.kept, total: page.total, ...pageFields(page), ...(note ? { note } : {}) };
}
