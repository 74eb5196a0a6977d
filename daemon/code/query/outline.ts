// symbols FILE: the outline of one file, the definitions it holds in source
// order with their kinds, name ranges and (when the indexer gives it) extent.
import * as path from 'node:path';
import { FileNotIndexedError } from '../../errors';
import type { OutlineEntry, SymbolsResult } from '../../protocol';
import { toPosix } from '../../paths';
import { outlineLine } from '../../protocol/compact';
import type { CodeStore } from '../store/store';
import type { Answer } from './answer';
import { pageWindow, summary, windowFields, type Paging } from './limit';

interface Row {
  symbol: string;
  name: string;
  kind: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  extent_line: number | null;
  extent_col: number | null;
  extent_end_line: number | null;
  extent_end_col: number | null;
  container: string | null;
}

// The file's own module symbol and parameters are not part of its outline.
const SQL = `SELECT s.symbol, s.name, s.kind, o.line, o.col, o.end_line, o.end_col,
    o.extent_line, o.extent_col, o.extent_end_line, o.extent_end_col, c.qualified_name AS container
  FROM outline o JOIN symbols s ON s.id = o.symbol_id LEFT JOIN symbols c ON c.id = o.containing_id
  WHERE o.document_id = ? AND s.kind NOT IN ('parameter', 'type_parameter', 'module', 'meta')
  ORDER BY o.line, o.col`;

export function outline(store: CodeStore, repo: string, file: unknown, paging: Paging = {}): Answer<SymbolsResult> {
  if (typeof file !== 'string' || file.trim() === '') throw new FileNotIndexedError(String(file ?? ''), repo);
  const rel = relativeTo(repo, file.trim());
  const doc = findDocument(store, rel);
  if (!doc) {
    const base = `/${path.posix.basename(rel)}`;
    const near = store.statement<[string, string], { path: string }>('SELECT path FROM documents WHERE substr(path, -length(?)) = ? LIMIT 2').all(base, base);
    throw new FileNotIndexedError(file, repo, near.length === 1 ? near[0]!.path : undefined);
  }
  const symbols: OutlineEntry[] = store
    .statement<[number], Row>(SQL)
    .all(doc.id)
    .map((r) => ({
      symbol_id: r.symbol,
      display_name: r.name,
      kind: r.kind,
      line: r.line,
      column: r.col,
      end_line: r.end_line,
      end_column: r.end_col,
      containing_symbol: r.container,
      ...(r.extent_line !== null
        ? { extent: { line: r.extent_line, column: r.extent_col!, end_line: r.extent_end_line!, end_column: r.extent_end_col! } }
        : {}),
    }));
  // Entries are in line order (the SQL's), so the rest spans its first to its last. The file's own line heads every page.
  const budget = paging.budget === undefined ? undefined : Math.max(1, paging.budget - doc.path.length - 1);
  const w = pageWindow(symbols, { ...paging, budget }, (s) => outlineLine(s).length + 1);
  const page = { file: doc.path, symbols: symbols.slice(w.start, w.end), total: symbols.length, ...windowFields(w, symbols.length) };
  if (w.end >= symbols.length) return page;
  const rest = symbols.slice(w.end);
  return { ...page, truncated: summary(rest.length, 1), rest: { entries: rest.length, first_line: rest[0]!.line, last_line: rest[rest.length - 1]!.line } };
}

function relativeTo(repo: string, file: string): string {
  const rel = path.isAbsolute(file) ? path.relative(repo, file) : file;
  return toPosix(path.normalize(rel)).replace(/^\.\//, '');
}

/** The exact path, else the one indexed path that ends with it (`Observable.ts` for `src/internal/Observable.ts`). */
function findDocument(store: CodeStore, rel: string): { id: number; path: string } | undefined {
  const exact = store.statement<[string], { id: number; path: string }>('SELECT id, path FROM documents WHERE path = ?').get(rel);
  if (exact) return exact;
  const tail = `/${rel}`;
  const tails = store
    .statement<[string, string], { id: number; path: string }>('SELECT id, path FROM documents WHERE substr(path, -length(?)) = ? LIMIT 2')
    .all(tail, tail);
  return tails.length === 1 ? tails[0] : undefined;
}
