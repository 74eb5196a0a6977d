// callees NAME: what NAME's body calls (or, with all_refs, uses), grouped by
// the symbol called, each call site once, with its call sites inside NAME.
// What a call is: store/calls.ts. Calls inside a callback passed as an
// argument count for NAME; calls inside a function declared in NAME count
// for that function, which is itself a callee of NAME when NAME calls it.
// Python reads a body whole, as pyright's call hierarchy does: the calls of
// the functions a Python function defines count for it as well.
import type { QueryResult } from '../../protocol';
import { ROLE_THROUGH_TYPE } from '../store/roles';
import { OCCURRENCE_SELECT, type CodeStore, type OccurrenceRow } from '../store/store';
import type { Answer } from './answer';
import { groupBy, symbolById } from './group';
import { pageFields, pageMatches, type Paging } from './limit';
import { dedupeOccurrences, type Merge } from './merge';
import { lookedUp, resolveName } from './names';
import { calleeKey, oneRowPerSite } from './sites';

// A local function is a callee like any other; other locals and parameters
// are variables, and listing them would only add noise.
const LOCAL_CALLABLE = "'function', 'method', 'class'";
/** scip-go names an interface's method as a member term (`Expr#Comment.`), as it does a field: called, it is the interface method. */
const GO_INTERFACE_METHOD = /^scip-go .*#[^#/]+\.$/;
/** The kinds of a symbol that has a function behind it (or a SCIP method descriptor, `().`, when its kind is unknown). */
const CALLABLE = new Set(['function', 'method', 'constructor', 'class']);
/**
 * scip-python names by a document-local symbol what it cannot name globally: a built-in it resolves to
 * builtins.pyi (`isinstance`, `len`), a name the file imports (`from .compat import urlparse`), a method
 * of a receiver whose type it could not infer (`cookiejar.set_cookie(…)`, `parsed.geturl()`), and the
 * file's own variables. A call of any but the last has a function behind it, which pyright, inferring
 * more, names; a variable the file defines (an assignment, a loop's `hook`, a parameter) has none,
 * unless the definition is an import.
 */
const PY_LOCAL = /^local /;
const PY_FILE = /\.pyi?$/;
const IMPORT_LINE = /^\s*(?:from\s+\S+\s+)?import\b/;
/** Does the file that holds this document-local symbol define it (an assignment, a loop's target, a parameter)? */
const definedInFile = (store: CodeStore, symbolId: number): boolean =>
  store.statement<[number], { n: number }>(`SELECT 1 AS n FROM occurrences WHERE symbol_id = ? AND is_definition = 1 LIMIT 1`).get(symbolId) !== undefined;
/** A line of a parenthesized import list: names, each perhaps renamed, with commas. */
const IMPORT_ENTRY = /^\s*[\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*\s*,?\s*$/;
/** Lines an import's parenthesized name list may run to. */
const IMPORT_BLOCK = 60;

/** Is this symbol bound by an import statement: its definition (else its first occurrence) on an import line, or inside `from x import (…)`? */
function importedName(store: CodeStore, symbolId: number): boolean {
  const first = store
    .statement<[number], { document_id: number; line: number; text: string | null }>(
      `SELECT o.document_id, o.line, l.text FROM occurrences o LEFT JOIN lines l ON l.document_id = o.document_id AND l.line = o.line WHERE o.symbol_id = ? ORDER BY o.is_definition DESC, o.line, o.col LIMIT 1`,
    )
    .get(symbolId);
  if (!first?.text) return false;
  if (IMPORT_LINE.test(first.text)) return true;
  // Inside `from x import (…)` every line is names (`urlparse,`, `quote as q,`); `str = str` below the block is not.
  if (!IMPORT_ENTRY.test(first.text)) return false;
  const above = store
    .statement<[number, number, number], { text: string }>(`SELECT text FROM lines WHERE document_id = ? AND line < ? AND line >= ? ORDER BY line DESC`)
    .all(first.document_id, first.line, first.line - IMPORT_BLOCK);
  for (const { text } of above) {
    if (IMPORT_LINE.test(text)) return text.includes('(') && !text.includes(')');
    if (text.includes(')') || !IMPORT_ENTRY.test(text)) return false;
  }
  return false;
}
/** scip-python's class descriptor (`builtins/str#`, `exceptions/InvalidSchema#`): calling a class constructs one. */
const PY_CLASS = /^scip-python .*#$/;
/**
 * A module's name term (`compat/urlparse.`): a function the module imports and re-exports (`from
 * urllib.parse import urlparse`) is what a call of it calls; a name the module assigns (`builtin_str =
 * str`) is a variable, and pyright's call hierarchy has no callee there.
 */
const PY_TERM = /^scip-python .*\/[^/#()]+\.$/;
const SQL = (allRefs: boolean): string => `${OCCURRENCE_SELECT}
  JOIN symbols s ON s.id = o.symbol_id
  WHERE o.containing_id = ? AND o.is_definition = 0${allRefs ? '' : ' AND o.is_call = 1'} AND (o.roles & ${ROLE_THROUGH_TYPE}) = 0
    AND (s.document_id IS NULL OR s.kind IN (${LOCAL_CALLABLE}) OR (s.symbol LIKE 'local %' AND (d.path LIKE '%.py' OR d.path LIKE '%.pyi')))
    AND s.kind NOT IN ('parameter', 'type_parameter')
  ORDER BY o.document_id, o.line, o.col`;

/** The functions (and methods) defined inside a Python function, at any depth: their calls are its calls too. */
function pythonNested(store: CodeStore, id: number): number[] {
  const defined = (from: string): string => `SELECT o.symbol_id FROM ${from} JOIN symbols s ON s.id = o.symbol_id JOIN documents d ON d.id = o.document_id
    WHERE o.is_definition = 1 AND s.kind IN ('function', 'method') AND (d.path LIKE '%.py' OR d.path LIKE '%.pyi')`;
  return store
    .statement<[number], { id: number }>(
      `WITH RECURSIVE nested(id) AS (
         ${defined('occurrences o')} AND o.containing_id = ?
         UNION
         ${defined('nested n JOIN occurrences o ON o.containing_id = n.id')}
       ) SELECT id FROM nested`,
    )
    .all(id)
    .map((r) => r.id);
}

export function callees(
  store: CodeStore,
  name: string,
  opts: Paging & { allRefs?: boolean; includeExternal?: boolean; merge?: Merge } = {},
): Answer<QueryResult> {
  const { symbols, note } = resolveName(store, name);
  const sql = SQL(opts.allRefs ?? false);
  const bodies = symbols.flatMap((s) => (s.symbol.startsWith('scip-python ') ? [s.id, ...pythonNested(store, s.id)] : [s.id]));
  const sites = oneRowPerSite(
    store,
    [...new Set(bodies)].flatMap((id) => store.statement<[number], OccurrenceRow>(sql).all(id)),
  );
  // `new Error(…)`: lib declares the global as a variable of a constructor interface; `observer.next(x)` calls
  // a property. No function is behind either, so the compilers' call hierarchy has no callee there. Counted, listed on request.
  const unlisted = new Map<string, OccurrenceRow[]>();
  // Asked once per symbol, not per call site: a name imported once is often called many times.
  const imported = new Map<number, boolean>();
  const importedOnce = (id: number): boolean => {
    let known = imported.get(id);
    if (known === undefined) imported.set(id, (known = importedName(store, id)));
    return known;
  };
  // A Python local is a callee unless it is a variable of the file (PY_LOCAL), whatever is asked.
  const variable = new Map<number, boolean>();
  const pyLocalCallee = (r: OccurrenceRow): boolean => {
    const s = symbolById(store, r.symbol_id);
    if (!s || !PY_LOCAL.test(s.symbol) || s.kind === 'function' || s.kind === 'method' || s.kind === 'class') return true;
    let known = variable.get(s.id);
    if (known === undefined) variable.set(s.id, (known = definedInFile(store, s.id) && !importedOnce(s.id)));
    return !known;
  };
  const rows = (
    opts.allRefs || opts.includeExternal
      ? sites
      : sites.filter((r) => {
          const s = symbolById(store, r.symbol_id);
          if (!s || CALLABLE.has(s.kind) || s.symbol.endsWith(').') || GO_INTERFACE_METHOD.test(s.symbol) || PY_CLASS.test(s.symbol)) return true;
          if (PY_TERM.test(s.symbol) && importedOnce(s.id)) return true;
          if (PY_LOCAL.test(s.symbol) && PY_FILE.test(r.path)) return true;
          unlisted.set(s.qualified_name, [...(unlisted.get(s.qualified_name) ?? []), r]);
          return false;
        })
  ).filter(pyLocalCallee);
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
  const groups = dedupeOccurrences(
    groupBy(store, rows, (r) => {
      const k = keyOf(r.symbol_id);
      if (!first.has(k)) first.set(k, r.symbol_id);
      return first.get(k)!;
    }),
  );
  // A library's callee reads as the reader knows it: `Array.map`, not `map`.
  const external = new Map(
    [...first.entries()].filter(([k]) => k.startsWith('external ')).map(([k, id]) => [symbolById(store, id)?.symbol, k.slice('external '.length)]),
  );
  for (const g of groups) g.display_name = external.get(g.symbol_id) ?? g.display_name;
  const page = pageMatches(opts.merge ? opts.merge(lookedUp(name), groups) : groups, opts);
  return {
    symbol: name,
    matches: page.kept,
    total: page.total,
    ...pageFields(page, opts),
    ...(note ? { note } : {}),
    ...(unlistedCounts.length > 0 ? { external: unlistedCounts } : {}),
  };
}
