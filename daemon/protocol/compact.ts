// The compact answer: what a model reads (MCP by default, `scry --format
// compact`). The same facts as the JSON without its field names: a header per
// matched symbol (name, kind, where it is defined, counts), then occurrences
// grouped by file, one short line each (line:column, use, the source line
// trimmed around the match), the enclosing definition only when it changes,
// and, past the budget, the rest per file with the offset of the next page.
// Shared by the CLI, the MCP server and the daemon (which measures budgets
// with the same line function), so it stays free of anything heavy.
import { Callees, Callers, Defs, Impact, Impls, Refs, Search, Symbols } from './code';
import type { ImpactEntry, ImpactResult, IndexFreshness, Occurrence, QueryResult, SearchResult, SymbolMatch, SymbolsResult } from './code';

/** Characters of source kept before and after the match. */
const BEFORE = 24;
const AFTER = 40;

export type CompactKind = 'refs' | 'defs' | 'callers' | 'callees' | 'impls';

/** The source line cut to a window around the name. */
export function snippet(context: string, name: string, column: number): string {
  if (context.length <= BEFORE + AFTER + name.length) return context;
  const at = matchIndex(context, name, column);
  const start = Math.max(0, at - BEFORE);
  const end = Math.min(context.length, at + name.length + AFTER);
  return `${start > 0 ? '…' : ''}${context.slice(start, end).trim()}${end < context.length ? '…' : ''}`;
}

/** The context is the line with its indentation removed: the match is at or before column - 1. */
function matchIndex(context: string, name: string, column: number): number {
  if (name === '') return 0;
  const lower = context.toLowerCase();
  const needle = name.toLowerCase();
  let best = lower.indexOf(needle);
  if (best < 0) return Math.min(context.length, Math.max(0, column - 1));
  for (let i = best; i >= 0 && i <= column - 1; i = lower.indexOf(needle, i + 1)) best = i;
  return best;
}

const useOf = (o: Occurrence): string => o.use ?? (o.is_definition ? 'def' : o.is_call ? 'call' : 'ref');

/**
 * One occurrence's line (no newline). `marked`: its match mixes precise and
 * syntactic occurrences, so a syntactic one says so on its own line.
 */
export function occurrenceLine(o: Occurrence, name: string, marked = false): string {
  return `  ${o.line}:${o.column} ${useOf(o)} ${snippet(o.context, name, o.column)}${marked && o.precision === 'syntactic' ? SYNTACTIC_MARK : ''}`;
}

const SYNTACTIC_MARK = ' (syntactic)';

/** 'all' when tree-sitter found every occurrence listed (the header says it once), 'some', or 'none'. */
export function syntacticShare(occurrences: readonly Occurrence[]): 'all' | 'some' | 'none' {
  const n = occurrences.filter((o) => o.precision === 'syntactic').length;
  return n === 0 ? 'none' : n === occurrences.length ? 'all' : 'some';
}

/** `a.ts:6, a.ts:10, b.ts:3` as `a.ts:6,10, b.ts:3`. */
function joinLocations(locations: string[]): string {
  const byFile = new Map<string, string[]>();
  for (const l of locations) {
    const at = l.lastIndexOf(':');
    const file = l.slice(0, at);
    byFile.set(file, [...(byFile.get(file) ?? []), l.slice(at + 1)]);
  }
  return [...byFile].map(([f, lines]) => `${f}:${lines.join(',')}`).join(', ');
}

/** The enclosing definition worth naming: not the file's own module (top-level code). */
export function containerOf(o: Occurrence): string | null {
  const c = o.containing_symbol;
  if (!c || o.file === c || o.file.endsWith(`/${c}`)) return null;
  return c;
}

/** The line naming the enclosing definition, printed when it changes (null: back at the top level of the file). */
export const containerLine = (container: string | null): string => (container === null ? ' top level' : ` in ${container}`);

/** Whether a line naming the container goes before this occurrence. */
export const containerChanges = (o: Occurrence, c: string | null, prevFile: string | undefined, prevContainer: string | null | undefined): boolean =>
  o.file !== prevFile ? c !== null : c !== (prevContainer ?? null);

/** Bytes an occurrence adds to a compact answer, given the file and container of the line before it. */
export function occurrenceCost(o: Occurrence, name: string, prevFile: string | undefined, prevContainer: string | null | undefined): number {
  let n = occurrenceLine(o, name).length + 1;
  if (o.file !== prevFile) n += o.file.length + 1;
  const c = containerOf(o);
  if (containerChanges(o, c, prevFile, prevContainer)) n += containerLine(c).length + 1;
  return n;
}

function header(m: SymbolMatch, kind: CompactKind): string {
  const parts = [m.display_name, m.kind];
  if (m.local) parts.push(`local to ${m.local}`);
  const c = m.counts;
  if (c) {
    // The definition is named here only when its own line is not on this page.
    const listed = m.occurrences.some((o) => o.is_definition);
    if (c.definitions.length > 0 && !listed && kind !== 'callers' && kind !== 'callees') parts.push(`def ${joinLocations(c.definitions)}`);
    const what = (kind === 'callers' ? 'call site' : kind === 'callees' ? 'use' : 'ref') + (c.references === 1 ? '' : 's');
    const calls = c.calls > 0 && kind !== 'callers' ? ` (${c.calls} call${c.calls === 1 ? '' : 's'})` : '';
    parts.push(`${c.references} ${what}${calls} in ${c.files} file${c.files === 1 ? '' : 's'}`);
  }
  if (syntacticShare(m.occurrences) === 'all') parts.push('syntactic');
  return `# ${parts.join(' · ')}`;
}

/** refs, defs, callers, callees, impls. */
export function compactQuery(r: QueryResult, kind: CompactKind = 'refs'): string {
  const out: string[] = [...notes(r.index, r.note)];
  if (r.matches.length === 0 && !r.rest?.length) {
    out.push(`no ${NOUN[kind]} of '${r.symbol}'${r.offset ? ` past offset ${r.offset}` : ''}`);
    return out.join('\n') + '\n';
  }
  for (const m of r.matches) {
    out.push(header(m, kind));
    const marked = syntacticShare(m.occurrences) === 'some';
    let file: string | undefined;
    let container: string | null | undefined;
    for (const o of m.occurrences) {
      if (o.file !== file) out.push(o.file);
      const c = containerOf(o);
      if (kind !== 'callers' && containerChanges(o, c, file, container)) out.push(containerLine(c));
      file = o.file;
      container = c;
      out.push(occurrenceLine(o, m.display_name, marked));
    }
  }
  if (r.offset) out.push(`(page from offset ${r.offset})`);
  if (r.next_offset !== undefined) {
    const left = (r.rest ?? []).reduce((n, f) => n + f.occurrences, 0);
    const files = r.rest ?? [];
    const shown = files.slice(0, REST_FILES).map((f) => `${f.file} ${f.occurrences}`).join(', ');
    out.push(`… ${left} more in ${files.length} file${files.length === 1 ? '' : 's'}: ${shown}${files.length > REST_FILES ? `, +${files.length - REST_FILES} files` : ''}`);
    out.push(`next page: offset=${r.next_offset}`);
  }
  return out.join('\n') + '\n';
}

const REST_FILES = 20;
const NOUN: Record<CompactKind, string> = { refs: 'references', defs: 'definitions', callers: 'callers', callees: 'callees', impls: 'implementations' };

export function compactSearch(r: SearchResult): string {
  const out = [...notes(r.index)];
  for (const h of r.results) out.push(`${h.display_name} ${h.kind} ${h.file ? `${h.file}:${h.line}` : '-'}${h.qualified_name !== h.display_name ? ` ${h.qualified_name}` : ''}`);
  if (r.results.length === 0) out.push(`no symbols match '${r.pattern}'`);
  if (r.truncated) out.push(`(${r.truncated}; raise limit to see them)`);
  return out.join('\n') + '\n';
}

export function compactSymbols(r: SymbolsResult): string {
  const out = [...notes(r.index), r.file];
  for (const s of r.symbols) out.push(`  ${s.extent ? `${s.extent.line}-${s.extent.end_line}` : s.line} ${s.kind} ${s.containing_symbol ? `${s.containing_symbol}.` : ''}${s.display_name}`);
  return out.join('\n') + '\n';
}

export function compactImpact(r: ImpactResult): string {
  const c = r.counts;
  const out = [...notes(r.index, r.note), `# ${r.symbol} · ${c.callers} callers · ${c.implementations} implementations · ${c.importing_files} files using it · ${c.test_files} test files`];
  const mark = (e: ImpactEntry): string => (e.precision === 'syntactic' ? SYNTACTIC_MARK : '');
  if (r.callers.length > 0) out.push('callers', ...r.callers.map((e) => `  ${'  '.repeat((e.depth ?? 1) - 1)}${e.display_name} ${e.kind} ${e.file}:${e.line}${mark(e)}`));
  if (r.implementations.length > 0) out.push('implementations', ...r.implementations.map((e) => `  ${e.display_name} ${e.kind} ${e.file}:${e.line}${mark(e)}`));
  if (r.importing_files.length > 0) out.push('files using it', ...r.importing_files.map((f) => `  ${f}`));
  if (r.test_files.length > 0) out.push('tests', ...r.test_files.map((f) => `  ${f}`));
  if (r.truncated) out.push(`(${r.truncated}; raise limit to see them)`);
  return out.join('\n') + '\n';
}

/** What changes how an answer reads: a partial or stale index, a relaxed compound name, the overlay. */
function notes(index: IndexFreshness, note?: string): string[] {
  const lines: string[] = [];
  if (index.partial) lines.push(`warning: partial index${index.missing_languages?.length ? ` (no ${index.missing_languages.join(', ')})` : ''}; missing results are not proof of absence`);
  if (index.status === 'stale') lines.push('warning: the last rebuild failed; this index is older than the code');
  if (note) lines.push(`note: ${note}`);
  return lines;
}

/** The compact form of each method that has one; the others read as their JSON. */
export const COMPACT_FORMATTERS: Readonly<Record<string, ((result: never) => string) | undefined>> = {
  [Refs.method]: (r: QueryResult) => compactQuery(r, 'refs'),
  [Defs.method]: (r: QueryResult) => compactQuery(r, 'defs'),
  [Callers.method]: (r: QueryResult) => compactQuery(r, 'callers'),
  [Callees.method]: (r: QueryResult) => compactQuery(r, 'callees'),
  [Impls.method]: (r: QueryResult) => compactQuery(r, 'impls'),
  [Search.method]: compactSearch,
  [Symbols.method]: compactSymbols,
  [Impact.method]: compactImpact,
};
