// search PATTERN: ranked symbol search. Every tier is an index lookup:
// exact and prefix on name_lower, camelCase humps on the stored initials,
// substrings on the trigram table. Exact > prefix > camelCase > substring.
import { InvalidParamsError } from '../../errors';
import type { SearchHit, SearchResult } from '../../protocol';
import { closest } from '../../text/edit-distance';
import { SCIP_KIND_NAMES } from '../scip/kinds';
import { initialsOf, wordsOf } from '../store/initials';
import type { CodeStore } from '../store/store';
import { searchLine } from '../../protocol/compact';
import type { Answer } from './answer';
import { pageWindow, summary, windowFields, type Paging } from './limit';

interface Row {
  id: number;
  symbol: string;
  name: string;
  qualified_name: string;
  kind: string;
  path: string | null;
  def_line: number | null;
  def_col: number | null;
}

const DEFAULT_LIMIT = 50;
const CANDIDATES = 2000;
const COLUMNS = 's.id, s.symbol, s.name, s.qualified_name, s.kind, d.path, s.def_line, s.def_col';
const SEARCHABLE = "s.document_id IS NULL AND s.is_external = 0 AND s.kind NOT IN ('parameter', 'type_parameter', 'local', 'meta', 'module')";
const FROM = 'FROM symbols s LEFT JOIN documents d ON d.id = s.def_document_id';

const SQL = {
  exact: `SELECT ${COLUMNS} ${FROM} WHERE s.name_lower = ? AND ${SEARCHABLE}`,
  prefix: `SELECT ${COLUMNS} ${FROM} WHERE s.name_lower > ? AND s.name_lower < ? AND ${SEARCHABLE} LIMIT ?`,
  initials: `SELECT ${COLUMNS} ${FROM} WHERE s.initials >= ? AND s.initials < ? AND ${SEARCHABLE} LIMIT ?`,
  substring: `SELECT ${COLUMNS} FROM symbol_names n JOIN symbols s ON s.id = n.rowid LEFT JOIN documents d ON d.id = s.def_document_id
    WHERE symbol_names MATCH ? AND ${SEARCHABLE} LIMIT ?`,
};

// Among equal matches, the things people search for come first.
export const KIND_BONUS: Record<string, number> = {
  class: 30,
  interface: 30,
  struct: 30,
  type_alias: 25,
  enum: 25,
  function: 25,
  method: 20,
  type: 20,
  constant: 10,
  property: 5,
};

/** candidates: how many names each way of matching ranks (CANDIDATES; smaller only in tests). */
export function search(store: CodeStore, pattern: unknown, opts: Paging & { kind?: string; candidates?: number } = {}): Answer<SearchResult> {
  const cap = opts.candidates ?? CANDIDATES;
  if (typeof pattern !== 'string' || pattern.trim() === '') throw new InvalidParamsError('a search pattern is required (got an empty pattern)');
  const p = pattern.trim();
  const wantKind = opts.kind?.toLowerCase();
  if (wantKind !== undefined) checkKind(store, wantKind);
  const lower = p.toLowerCase();
  const scored = new Map<number, { row: Row; score: number }>();
  const offer = (row: Row, score: number): void => {
    const prev = scored.get(row.id);
    if (!prev || prev.score < score) scored.set(row.id, { row, score });
  };
  let cut = false;
  const all = (sql: string, ...args: unknown[]): Row[] => store.statement<unknown[], Row>(sql).all(...args);
  // Each way of matching ranks at most `cap` names: past that the answer says it is not every match.
  const capped = (sql: string, ...args: unknown[]): Row[] => {
    const rows = all(sql, ...args, cap);
    if (rows.length >= cap) cut = true;
    return rows;
  };

  for (const r of all(SQL.exact, lower)) offer(r, 1000);
  for (const r of capped(SQL.prefix, lower, `${lower}\uffff`)) offer(r, 800 - Math.min(100, r.name.length - p.length));
  // Every capital starts a hump (`swMT` is sw|M|T); a lowercase `smt` is one initial per letter.
  const words = p.split(/(?=[A-Z])|[_\-\s.]+/).filter((w) => w.length > 0);
  const humps = words.length > 1 ? words : /^[a-z0-9]+$/.test(p) && p.length >= 2 ? [...p] : undefined;
  if (humps) {
    const initials = humps.map((w) => w[0]!.toLowerCase()).join('');
    for (const r of capped(SQL.initials, initials, `${initials}\uffff`)) {
      if (matchesHumps(humps, wordsOf(r.name))) offer(r, 600 - Math.min(100, initialsOf(r.name).length - initials.length));
    }
  }
  if (lower.length >= 3) {
    for (const r of capped(SQL.substring, `"${p.replace(/"/g, '""')}"`)) {
      const at = r.name.toLowerCase().indexOf(lower);
      if (at >= 0) offer(r, 400 - Math.min(100, at + r.name.length - p.length));
    }
  }
  const hits: SearchHit[] = [...scored.values()]
    .filter((h) => !wantKind || h.row.kind === wantKind)
    .map(({ row, score }) => ({ row, score: score + (KIND_BONUS[row.kind] ?? 0) }))
    // The SCIP symbol last: pages of one ranking never overlap or skip.
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.row.name.length - b.row.name.length ||
        a.row.qualified_name.localeCompare(b.row.qualified_name) ||
        (a.row.symbol < b.row.symbol ? -1 : a.row.symbol > b.row.symbol ? 1 : 0),
    )
    .map(({ row, score }) => ({
      symbol_id: row.symbol,
      display_name: row.name,
      qualified_name: row.qualified_name,
      kind: row.kind,
      file: row.path,
      line: row.def_line,
      column: row.def_col,
      score,
    }));
  const w = pageWindow(hits, { ...opts, limit: opts.limit ?? DEFAULT_LIMIT }, (h) => searchLine(h).length + 1);
  const note = cut
    ? `'${p}' matches more than ${cap} names one way: only the first ${cap} of those were ranked, so there are more than ${hits.length} matches; a longer pattern narrows it`
    : undefined;
  const page = { pattern: p, results: hits.slice(w.start, w.end), total: hits.length, ...windowFields(w, hits.length), ...(note ? { note } : {}) };
  if (w.end >= hits.length) return page;
  const files = new Set(hits.slice(w.end).flatMap((h) => (h.file === null ? [] : [h.file]))).size;
  return { ...page, truncated: summary(hits.length - w.end, files), rest: { hits: hits.length - w.end, files } };
}

/** A kind no SCIP indexer names and no symbol here has is a typo: rejected, with the kinds this index holds. */
function checkKind(store: CodeStore, kind: string): void {
  if (SCIP_KIND_NAMES.has(kind)) return;
  const present = store
    .statement<[], { kind: string }>(`SELECT DISTINCT s.kind FROM symbols s WHERE ${SEARCHABLE} ORDER BY s.kind`)
    .all()
    .map((r) => r.kind);
  if (present.includes(kind)) return;
  const near = closest(kind, present, 2);
  throw new InvalidParamsError(
    `unknown kind '${kind}'${near ? ` (did you mean ${near}?)` : ''}; this index has ${present.length > 0 ? present.join(', ') : 'no symbols yet'}`,
  );
}

/** Each pattern word is a prefix of the name's next words, in order, from the first. */
export function matchesHumps(pattern: string[], name: string[]): boolean {
  if (pattern.length > name.length) return false;
  return pattern.every((w, i) => name[i]!.toLowerCase().startsWith(w.toLowerCase()));
}
