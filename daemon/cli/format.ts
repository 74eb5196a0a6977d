// The readable form of answers, for a person at a terminal.
import type { IndexResult, QueryResult, StatusResult } from '../protocol';

export function formatQuery(result: QueryResult, definitionsOnly: boolean): string {
  if (result.matches.length === 0) return `no ${definitionsOnly ? 'definitions' : 'references'} of '${result.symbol}' (index ${result.index.status}, built ${result.index.indexed_at})\n`;
  const out: string[] = [];
  for (const m of result.matches) {
    out.push(`${m.display_name}  ${m.kind}  ${m.symbol_id}`);
    let file = '';
    for (const o of m.occurrences) {
      if (o.file !== file) {
        file = o.file;
        out.push(`  ${file}`);
      }
      const marker = o.is_definition ? 'def' : '   ';
      const where = o.containing_symbol ? `  [${o.containing_symbol}]` : '';
      out.push(`    ${String(o.line).padStart(5)}:${String(o.column).padEnd(3)} ${marker}  ${o.context}${where}`);
    }
  }
  const shown = result.matches.reduce((n, m) => n + m.occurrences.length, 0);
  out.push(`${result.total} occurrences in ${result.matches.length} symbol${result.matches.length === 1 ? '' : 's'}${result.truncated ? `, ${shown} shown (${result.truncated})` : ''} · ${result.elapsed_ms} ms`);
  return out.join('\n') + '\n';
}

export function formatIndex(r: IndexResult): string {
  const lines = [`${r.repo}: ${r.status}, ${r.documents} files, ${r.symbols} symbols, ${r.occurrences} occurrences (${r.duration_ms} ms)`];
  for (const i of r.indexers) lines.push(`  ${i.language} (${i.indexer}): ${i.status}${i.error ? `: ${i.error}` : ''}`);
  return lines.join('\n') + '\n';
}

export function formatStatus(s: StatusResult): string {
  const d = s.daemon;
  const lines = [`daemon pid ${d.pid}, scry ${d.version}, node ${d.node}, up ${Math.round(d.uptime_ms / 1000)} s`, `  socket ${d.socket}`, `  log    ${d.log_file}`];
  if (s.repos.length === 0) lines.push('no repos indexed in this session');
  for (const r of s.repos) {
    lines.push(`${r.repo}: ${r.effective_status}${r.building ? ' (rebuilding)' : ''}, ${r.documents} files, ${r.symbols} symbols, indexed ${r.indexed_at ?? 'never'}${r.last_build_ms !== null ? ` in ${r.last_build_ms} ms` : ''}`);
    lines.push(`  ${r.watching ? 'watching' : 'not watching'}, ${r.pending_changes ?? 0} pending change${r.pending_changes === 1 ? '' : 's'}, ${r.overlay_files ?? 0} file${r.overlay_files === 1 ? '' : 's'} in the overlay`);
    for (const i of r.indexers) lines.push(`  ${i.language} (${i.indexer}): ${i.status}${i.error ? `: ${i.error}` : ''}`);
    if (r.last_error) lines.push(`  last error: ${r.last_error}`);
  }
  return lines.join('\n') + '\n';
}
