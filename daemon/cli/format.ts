// The readable form of answers, for a person at a terminal.
import * as P from '../protocol';
import type { ImpactResult, IndexFreshness, IndexResult, QueryResult, SearchResult, StatusResult, SymbolsResult } from '../protocol';

export type QueryKind = 'references' | 'definitions' | 'callers' | 'callees' | 'implementations';

export function formatQuery(result: QueryResult, what: QueryKind | boolean): string {
  const kind: QueryKind = typeof what === 'boolean' ? (what ? 'definitions' : 'references') : what;
  const head = notes(result.index, result.note);
  if (result.matches.length === 0) return `${head}no ${kind} of '${result.symbol}' (index ${result.index.status}, built ${result.index.indexed_at})\n`;
  const out: string[] = [];
  for (const m of result.matches) {
    out.push(`${m.display_name}  ${m.kind}  ${m.symbol_id}`);
    let file = '';
    for (const o of m.occurrences) {
      if (o.file !== file) {
        file = o.file;
        out.push(`  ${file}`);
      }
      const marker = o.is_definition ? 'def ' : o.is_call ? 'call' : '    ';
      const where = o.containing_symbol && kind !== 'callers' ? `  [${o.containing_symbol}]` : '';
      out.push(`    ${String(o.line).padStart(5)}:${String(o.column).padEnd(3)} ${marker}  ${o.context}${where}`);
    }
  }
  const shown = result.matches.reduce((n, m) => n + m.occurrences.length, 0);
  const noun = kind === 'callers' || kind === 'callees' ? kind : 'symbol';
  out.push(`${result.total} occurrences in ${result.matches.length} ${noun}${result.matches.length === 1 || noun !== 'symbol' ? '' : 's'}${result.truncated ? `, ${shown} shown (${result.truncated})` : ''} · ${result.elapsed_ms} ms`);
  return head + out.join('\n') + '\n';
}

export function formatSearch(r: SearchResult): string {
  const out = r.results.map((h) => `${h.display_name.padEnd(28)} ${h.kind.padEnd(12)} ${h.file ? `${h.file}:${h.line}` : '(no definition)'}  ${h.qualified_name}`);
  out.push(`${r.total} match${r.total === 1 ? '' : 'es'} for '${r.pattern}'${r.truncated ? ` (${r.truncated})` : ''} · ${r.elapsed_ms} ms`);
  return notes(r.index) + out.join('\n') + '\n';
}

export function formatSymbols(r: SymbolsResult): string {
  const out = [r.file];
  for (const s of r.symbols) {
    const span = s.extent ? `${s.extent.line}-${s.extent.end_line}` : `${s.line}`;
    out.push(`  ${span.padEnd(11)} ${s.kind.padEnd(12)} ${s.containing_symbol ? `${s.containing_symbol}.` : ''}${s.display_name}`);
  }
  out.push(`${r.symbols.length} definitions · ${r.elapsed_ms} ms`);
  return notes(r.index) + out.join('\n') + '\n';
}

export function formatImpact(r: ImpactResult): string {
  const c = r.counts;
  const out = [`${r.symbol}: ${c.callers} callers, ${c.implementations} implementations, ${c.importing_files} files using it, ${c.test_files} test files`];
  if (r.callers.length > 0) out.push('callers', ...r.callers.map((e) => `  ${'  '.repeat((e.depth ?? 1) - 1)}${e.display_name}  ${e.kind}  ${e.file}:${e.line}`));
  if (r.implementations.length > 0) out.push('implementations', ...r.implementations.map((e) => `  ${e.display_name}  ${e.kind}  ${e.file}:${e.line}`));
  if (r.importing_files.length > 0) out.push('files using it', ...r.importing_files.map((f) => `  ${f}`));
  if (r.test_files.length > 0) out.push('tests', ...r.test_files.map((f) => `  ${f}`));
  if (r.truncated) out.push(`(${r.truncated})`);
  out.push(`${r.elapsed_ms} ms`);
  return notes(r.index, r.note) + out.join('\n') + '\n';
}

/** Warnings that change how to read an answer: a partial index, a relaxed compound name. */
function notes(index: IndexFreshness, note?: string): string {
  const lines: string[] = [];
  if (index.partial) lines.push(`warning: the index is partial${index.missing_languages?.length ? ` (no ${index.missing_languages.join(', ')})` : ''}; missing results are not proof of absence`);
  if (index.status === 'stale') lines.push('warning: the last rebuild failed; this index is older than the code');
  if (note) lines.push(`note: ${note}`);
  return lines.map((l) => l + '\n').join('');
}

export function formatIndex(r: IndexResult): string {
  const lines = [`${r.repo}: ${r.status}, ${r.documents} files, ${r.symbols} symbols, ${r.occurrences} occurrences (${r.duration_ms} ms)`];
  for (const i of r.indexers) lines.push(`  ${i.language} (${i.indexer}): ${i.status}${i.error ? `: ${i.error}` : ''}${i.remedy ? ` (${i.remedy})` : ''}`);
  return lines.join('\n') + '\n';
}

export function formatStatus(s: StatusResult): string {
  const d = s.daemon;
  const lines = [`daemon pid ${d.pid}, scry ${d.version}, node ${d.node}, up ${Math.round(d.uptime_ms / 1000)} s`, `  socket ${d.socket}`, `  log    ${d.log_file}`];
  if (s.repos.length === 0) lines.push('no repos indexed in this session');
  for (const r of s.repos) {
    const langs = r.languages?.length ? ` [${r.languages.join(', ')}]` : '';
    lines.push(`${r.repo}: ${r.effective_status}${langs}${r.building ? ' (rebuilding)' : ''}, ${r.documents} files, ${r.symbols} symbols, indexed ${r.indexed_at ?? 'never'}${r.last_build_ms !== null ? ` in ${r.last_build_ms} ms` : ''}`);
    lines.push(`  ${r.watching ? 'watching' : 'not watching'}, ${r.pending_changes ?? 0} pending change${r.pending_changes === 1 ? '' : 's'}, ${r.overlay_files ?? 0} file${r.overlay_files === 1 ? '' : 's'} in the overlay`);
    for (const i of r.indexers) lines.push(`  ${i.language} (${i.indexer}): ${i.status}, ${i.file_count} files${i.error ? `: ${i.error}` : ''}${i.remedy ? ` (${i.remedy})` : ''}`);
    if (r.last_error) lines.push(`  last error: ${r.last_error}`);
  }
  return lines.join('\n') + '\n';
}

/** How each method's answer reads on a terminal; the CLI prints JSON when stdout is not one. */
export const FORMATTERS: Readonly<Record<string, ((result: never) => string) | undefined>> = {
  [P.IndexRepo.method]: formatIndex,
  [P.Refs.method]: (r: QueryResult) => formatQuery(r, 'references'),
  [P.Defs.method]: (r: QueryResult) => formatQuery(r, 'definitions'),
  [P.Callers.method]: (r: QueryResult) => formatQuery(r, 'callers'),
  [P.Callees.method]: (r: QueryResult) => formatQuery(r, 'callees'),
  [P.Impls.method]: (r: QueryResult) => formatQuery(r, 'implementations'),
  [P.Search.method]: formatSearch,
  [P.Symbols.method]: formatSymbols,
  [P.Impact.method]: formatImpact,
  [P.Status.method]: formatStatus,
};
