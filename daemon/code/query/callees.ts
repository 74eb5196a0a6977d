// callees NAME: what NAME's body calls (or, with all_refs, uses), grouped by
// the symbol called, each call site once, with its call sites inside NAME.
// What a call is: store/calls.ts. Calls inside a callback passed as an
// argument count for NAME; calls inside a function declared in NAME count
// for that function, which is itself a callee of NAME when NAME calls it.
import type { QueryResult } from '../../protocol';
import { OCCURRENCE_SELECT, type CodeStore, type OccurrenceRow } from '../store/store';
import type { Answer } from './answer';
import { groupBy, symbolById } from './group';
import { pageFields, pageMatches, type Paging } from './limit';
import { dedupeOccurrences, type Merge } from './merge';
import { lookedUp, resolveName } from './resolve';
import { calleeKey, oneRowPerSite } from './sites';

// A local function is a callee like any other; other locals and parameters
// are variables, and listing them would only add noise.
const LOCAL_CALLABLE = "'function', 'method', 'class'";
/** scip-go names an interface's method as a member term (`Expr#Comment.`), as it does a field: called, it is the interface method. */
const GO_INTERFACE_METHOD = /^scip-go .*#[^#/]+\.$/;
/** The kinds of a symbol that has a function behind it (or a SCIP method descriptor, `().`, when its kind is unknown). */
const CALLABLE = new Set(['function', 'method', 'constructor', 'class']);
/**
 * scip-python names a built-in function it resolves to builtins.pyi (`isinstance`, `hasattr`, `len`) by a
 * document-local symbol marked external, and a name the file imports (`from .compat import urlparse`) by a
 * document-local one bound on the import line: either is a library or module function, called like any
 * other. Other locals a function calls (`hook(data)`, a variable) have no declaration behind them.
 */
const PY_LOCAL = /^local /;
const PY_FILE = /\.pyi?$/;
const IMPORT_LINE = /^\s*(?:from\s+\S+\s+)?import\b/;
/** Lines an import's parenthesized name list may run to. */
const IMPORT_BLOCK = 60;

/** Is this document-local symbol bound by an import statement: its first occurrence on an import line, or inside `from x import (…)`? */
function importedName(store: CodeStore, symbolId: number): boolean {
  const first = store.statement<[number], { document_id: number; line: number; text: string | null }>(
    `SELECT o.document_id, o.line, l.text FROM occurrences o LEFT JOIN lines l ON l.document_id = o.document_id AND l.line = o.line WHERE o.symbol_id = ? ORDER BY o.line, o.col LIMIT 1`,
  ).get(symbolId);
  if (!first?.text) return false;
  if (IMPORT_LINE.test(first.text)) return true;
  const above = store.statement<[number, number, number], { text: string }>(`SELECT text FROM lines WHERE document_id = ? AND line < ? AND line >= ? ORDER BY line DESC`).all(first.document_id, first.line, first.line - IMPORT_BLOCK);
  for (const { text } of above) {
    if (text.includes(')')) return false;
    if (IMPORT_LINE.test(text)) return text.includes('(');
  }
  return false;
}
/**
 * scip-python's class descriptor (`builtins/str#`, `exceptions/InvalidSchema#`): calling a class constructs
 * one; and a module's name term (`compat/urlparse.`): in Python that is most often a function imported
 * and re-exported (`from urllib.parse import urlparse`), which is what a call of it calls.
 */
const PY_CALLED = /^scip-python .*(?:#|\/[^/#()]+\.)$/;
const SQL = (allRefs: boolean): string => `${OCCURRENCE_SELECT}
  JOIN symbols s ON s.id = o.symbol_id
  WHERE o.containing_id = ? AND o.is_definition = 0${allRefs ? '' : ' AND o.is_call = 1'}
    AND (s.document_id IS NULL OR s.kind IN (${LOCAL_CALLABLE}) OR (s.symbol LIKE 'local %' AND (d.path LIKE '%.py' OR d.path LIKE '%.pyi')))
    AND s.kind NOT IN ('parameter', 'type_parameter')
  ORDER BY o.document_id, o.line, o.col`;

export function callees(store: CodeStore, name: string, opts: Paging & { allRefs?: boolean; includeExternal?: boolean; merge?: Merge } = {}): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  const sql = SQL(opts.allRefs ?? false);
  const sites = oneRowPerSite(store, symbols.flatMap((s) => store.statement<[number], OccurrenceRow>(sql).all(s.id)));
  // `new Error(…)`: lib declares the global as a variable of a constructor interface; `observer.next(x)` calls
  // a property. No function is behind either, so the compilers' call hierarchy has no callee there. Counted, listed on request.
  const unlisted = new Map<string, OccurrenceRow[]>();
  // A Python local is a callee only as a built-in or an imported name (PY_LOCAL), whatever is asked.
  const imported = new Map<number, boolean>();
  const pyLocalCallee = (r: OccurrenceRow): boolean => {
    const s = symbolById(store, r.symbol_id);
    if (!s || !PY_LOCAL.test(s.symbol) || s.kind === 'function' || s.kind === 'method' || s.kind === 'class' || s.is_external === 1) return true;
    // Once per symbol, not per call site: a name imported once is often called many times.
    let known = imported.get(s.id);
    if (known === undefined) imported.set(s.id, (known = importedName(store, s.id)));
    return known;
  };
  const rows = (opts.allRefs || opts.includeExternal ? sites : sites.filter((r) => {
    const s = symbolById(store, r.symbol_id);
    if (!s || CALLABLE.has(s.kind) || s.symbol.endsWith(').') || GO_INTERFACE_METHOD.test(s.symbol) || PY_CALLED.test(s.symbol)) return true;
    if (PY_LOCAL.test(s.symbol) && PY_FILE.test(r.path)) return true;
    unlisted.set(s.qualified_name, [...(unlisted.get(s.qualified_name) ?? []), r]);
    return false;
  })).filter(pyLocalCallee);
  const unlistedCounts = [...unlisted].map(([n, rs]) => ({ name: n, calls: rs.length, files: new Set(rs.map((r) => r.path)).size }));
  // A library's symbols of one name are one callee (`RegExp`: its interface, var and constructor).
  const keys = new Map<number, string>();
  const keyOf = (id: number): string => {
    let k = keys.get(id);
    if (k === undefined) {
      const s = symbolById(store, id);
      k = s ? calleeKey(s) : String(id);
      keys.set(id, k);
    }
    return k;
  };
  const first = new Map<string, number>();
  const groups = dedupeOccurrences(groupBy(store, rows, (r) => {
    const k = keyOf(r.symbol_id);
    if (!first.has(k)) first.set(k, r.symbol_id);
    return first.get(k)!;
  }));
  // A library's callee reads as the reader knows it: `Array.map`, not `map`.
  const external = new Map([...first.entries()].filter(([k]) => k.startsWith('external ')).map(([k, id]) => [symbolById(store, id)?.symbol, k.slice('external '.length)]));
  for (const g of groups) g.display_name = external.get(g.symbol_id) ?? g.display_name;
  const page = pageMatches(opts.merge ? opts.merge(lookedUp(name), groups) : groups, opts);
  return { symbol: name, matches: page.kept, total: page.total, ...pageFields(page, opts), ...(note ? { note } : {}), ...(unlistedCounts.length > 0 ? { external: unlistedCounts } : {}) };
}
