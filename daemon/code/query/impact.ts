// impact NAME: what may break if NAME changes. Transitive callers up to
// `depth` levels, by the rule callers and callees read (store/calls.ts: a
// call, `new`, tagged template, decorator or JSX element; a type, an import
// or a read is a reference, never a caller, so no type alias or interface
// is listed as a caller), implementations and overrides, the files
// that use it, and the tests among all of those. Each level is one indexed
// lookup per symbol in the calls table built at index time.
import { IMPACT_SECTIONS, type ImpactEntry, type ImpactResult, type ImpactSection } from '../../protocol/code';
import { IMPACT_HEADINGS, impactHeader, impactLine } from '../../protocol/compact';
import { ROLE_SYNTACTIC } from '../store/roles';
import type { CodeStore } from '../store/store';
import type { Answer } from './answer';
import { implementationsOf } from './impls';
import { pageWindow, summary, windowFields, type Paging } from './limit';
import { resolveName } from './names';

export const DEFAULT_DEPTH = 3;
const MAX_DEPTH = 10;

interface Located {
  id: number;
  symbol: string;
  name: string;
  kind: string;
  path: string | null;
  def_line: number | null;
  /** 1 when tree-sitter, not a precise indexer, found it: every reference making the edge, or the definition. */
  syntactic: number | null;
}

// An edge is syntactic when every reference making it is (a Laravel facade call inside a scip-php document): the index says so per edge.
const CALLERS = `SELECT s.id, s.symbol, s.name, s.kind, d.path, s.def_line, c.syntactic
  FROM calls c JOIN symbols s ON s.id = c.caller_id LEFT JOIN documents d ON d.id = s.def_document_id
  WHERE c.callee_id = ? AND c.calls > 0`;
const LOCATE = `SELECT s.id, s.symbol, s.name, s.kind, d.path, s.def_line,
    (SELECT MIN(o.roles & ${ROLE_SYNTACTIC}) > 0 FROM occurrences o WHERE o.symbol_id = s.id AND o.is_definition = 1) AS syntactic
  FROM symbols s LEFT JOIN documents d ON d.id = s.def_document_id WHERE s.id = ?`;
const USING_FILES = 'SELECT DISTINCT d.path FROM occurrences o JOIN documents d ON d.id = o.document_id WHERE o.symbol_id = ? AND o.is_definition = 0';
const IS_TEST = 'SELECT is_test FROM documents WHERE path = ?';
const DEFINING_FILES = 'SELECT DISTINCT d.path FROM occurrences o JOIN documents d ON d.id = o.document_id WHERE o.symbol_id = ? AND o.is_definition = 1';

// A file-level container (a module) is where imports and re-exports live:
// it counts as a file that uses NAME, and is not followed further.
const FILE_LEVEL = new Set(['module', 'meta', 'file']);

export function impact(store: CodeStore, name: string, opts: Paging & { depth?: number } = {}): Answer<ImpactResult> {
  const depth = Math.min(MAX_DEPTH, Math.max(1, Math.floor(opts.depth ?? DEFAULT_DEPTH)));
  const { symbols, note } = resolveName(store, name);
  const targets = symbols.map((s) => s.id);
  const implementations = implementationsOf(store, targets).map((s) => entry(store.statement<[number], Located>(LOCATE).get(s.id)!));

  const seen = new Set<number>([...targets, ...implementations.map((i) => i.id)]);
  const callers: Array<ImpactEntry & { id: number }> = [];
  // Files whose top-level code uses NAME or one of its callers: tests are often here.
  const reachedFiles = new Set<string>();
  let frontier = [...seen];
  for (let level = 1; level <= depth && frontier.length > 0; level++) {
    const next: number[] = [];
    for (const id of frontier) {
      for (const c of store.statement<[number], Located>(CALLERS).all(id)) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        if (FILE_LEVEL.has(c.kind)) {
          if (c.path) reachedFiles.add(c.path);
          continue;
        }
        callers.push({ ...entry(c), depth: level });
        next.push(c.id);
      }
    }
    frontier = next;
  }

  const defining = new Set(
    targets.flatMap((id) =>
      store
        .statement<[number], { path: string }>(DEFINING_FILES)
        .all(id)
        .map((r) => r.path),
    ),
  );
  const usingFiles = new Set(
    targets.flatMap((id) =>
      store
        .statement<[number], { path: string }>(USING_FILES)
        .all(id)
        .map((r) => r.path),
    ),
  );
  const importing = [...usingFiles].filter((f) => !defining.has(f)).sort();
  const touched = new Set([...importing, ...reachedFiles, ...callers.map((c) => c.file), ...implementations.map((i) => i.file)]);
  const isTest = store.statement<[string], { is_test: number }>(IS_TEST);
  const tests = [...touched].filter((f) => f !== '' && isTest.get(f)?.is_test === 1).sort();

  const sections: Sections = {
    callers: callers.map(({ id: _id, ...rest }) => rest),
    implementations: implementations.map(({ id: _id, ...rest }) => rest),
    importing_files: importing,
    test_files: tests,
  };
  const counts = { callers: callers.length, implementations: implementations.length, importing_files: importing.length, test_files: tests.length };
  return { symbol: name, counts, ...pageSections(sections, counts, name, opts), ...(note ? { note } : {}) };
}

type Sections = Pick<ImpactResult, ImpactSection>;

/**
 * A page of every section at once: row r is the r-th entry of each section,
 * so `offset` and `limit` count entries of each section (limit 5: five
 * callers, five implementations, five files, five tests), and every page
 * still shows some of each section that has more.
 */
function pageSections(
  all: Sections,
  counts: ImpactResult['counts'],
  name: string,
  paging: Paging,
): Sections & Pick<ImpactResult, 'offset' | 'next_offset' | 'rest' | 'truncated'> {
  const rows = Math.max(...IMPACT_SECTIONS.map((s) => all[s].length));
  // The counts line heads every page.
  const budget = paging.budget === undefined ? undefined : Math.max(1, paging.budget - impactHeader({ symbol: name, counts }).length - 1);
  const rowCost = (r: number, prev: number | undefined): number => {
    let n = 0;
    for (const s of IMPACT_SECTIONS) {
      const e = all[s][r];
      if (e === undefined) continue;
      n += impactLine(e).length + 1 + (prev === undefined ? IMPACT_HEADINGS[s].length + 1 : 0);
    }
    return n;
  };
  const w = pageWindow(
    Array.from({ length: rows }, (_, r) => r),
    { ...paging, budget },
    rowCost,
  );
  const page = {
    callers: all.callers.slice(w.start, w.end),
    implementations: all.implementations.slice(w.start, w.end),
    importing_files: all.importing_files.slice(w.start, w.end),
    test_files: all.test_files.slice(w.start, w.end),
    ...windowFields(w, rows),
  };
  if (w.end >= rows) return page;
  const rest: NonNullable<ImpactResult['rest']> = {};
  const files = new Set<string>();
  for (const s of IMPACT_SECTIONS) {
    const left = all[s].slice(w.end);
    if (left.length === 0) continue;
    rest[s] = left.length;
    for (const e of left) files.add(typeof e === 'string' ? e : e.file);
  }
  const n = Object.values(rest).reduce((a, b) => a + b, 0);
  return { ...page, truncated: summary(n, files.size), rest };
}

function entry(s: Located): ImpactEntry & { id: number } {
  return {
    id: s.id,
    symbol_id: s.symbol,
    display_name: s.name,
    kind: s.kind,
    file: s.path ?? '',
    line: s.def_line ?? 0,
    ...(s.syntactic ? { precision: 'syntactic' as const } : {}),
  };
}
