// The compact answer: what a model reads (MCP by default, `scry --format
// compact`). The same facts as the JSON without its field names: a header per
// matched symbol (name, kind, where it is defined, counts), then its sites.
// refs, callers and callees list sites, not source lines (compact-sites.ts:
// a line per file, `Enclosing line` per site; callers list all the callers
// of one callee that way, under one header) and say what they left out;
// asked with `lines`, and for defs and impls, each occurrence is a short
// line (line:column, use, the source line trimmed around the match) under
// its file, the enclosing definition only when it changes. Past the budget,
// the rest per file with the offset of the next page.
// Search, symbols and impact are a line per hit, entry or file, and end a cut
// page the same way (pagingLines). Shared by the CLI, the MCP server and the
// daemon (which measures budgets with the same line functions), so it stays
// free of anything heavy.
import { Callees, Callers, Defs, Impact, IMPACT_SECTIONS, Impls, Refs, Search, Symbols } from './code';
import { plural } from './plural';
import { printing } from './printable';
import { noteLine } from './anchors';
import type {
  ImpactEntry,
  ImpactResult,
  ImpactSection,
  IndexFreshness,
  MatchCounts,
  Occurrence,
  OutlineEntry,
  QueryResult,
  SearchHit,
  SearchResult,
  Suggestion,
  SymbolMatch,
  SymbolsResult,
} from './code';
import { formatter, formatterTable, type FormatterTable } from './method';
import { containerOf, foldable, foldedLine, siteLines, SYNTACTIC_MARK, useOf, usesOf, usesPhrase } from './compact-sites';

export { containerOf, siteCost } from './compact-sites';

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

/**
 * One occurrence's line (no newline). `marked`: its match mixes precise and
 * syntactic occurrences, so a syntactic one says so on its own line.
 */
export function occurrenceLine(o: Occurrence, name: string, marked = false): string {
  return `  ${o.line}:${o.column} ${useOf(o)} ${snippet(o.context, name, o.column)}${marked && o.precision === 'syntactic' ? SYNTACTIC_MARK : ''}`;
}

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

/**
 * A match's header: `# name · kind · count · uses`. What the question
 * already says is left out: the name, where it is the name asked as typed
 * (refs and defs: `# function · 3 calls in 2 files`; callees, callers and
 * impls name other symbols, and a compound or differently cased question
 * keeps it); and, when refs found that name in one symbol only (on a
 * whole answer: a page cannot know), its kind too (`# 3 calls in 2
 * files`): the kind tells matches apart, and defs and the JSON say it.
 * `uses`: the sites form's uses of the sites listed, most frequent first;
 * `cut`: this page does not list them all (see usesPhrase and countPhrase
 * for what each says).
 */
function header(m: SymbolMatch, kind: CompactKind, r: QueryResult, uses?: { list: ReadonlyArray<[string, number]>; cut: boolean }): string {
  const asked = (kind === 'refs' || kind === 'defs') && m.display_name === r.symbol;
  const sole = kind === 'refs' && r.matches.length === 1 && r.offset === undefined && r.next_offset === undefined;
  const parts = !asked ? [m.display_name, m.kind] : sole ? [] : [m.kind];
  if (m.local) parts.push(`local to ${m.local}`);
  const c = m.counts;
  // The whole answer's uses: one kind the count can name (`10 type refs`), or calls the phrase names (`4 call, 2 import`).
  const whole = uses && !uses.cut ? uses.list : [];
  const only = c && whole.length === 1 && whole[0]![1] === c.references ? whole[0]![0] : undefined;
  if (c) {
    // The definition is named here only when its own line is not on this page.
    const listed = m.occurrences.some((o) => o.is_definition);
    if (c.definitions.length > 0 && !listed && kind !== 'callers' && kind !== 'callees') parts.push(`def ${joinLocations(c.definitions)}`);
    parts.push(countPhrase(c, kind, { only, calls: whole.some(([u, n]) => u === 'call' && n === c.calls) }));
  }
  const phrase = uses && only === undefined ? usesPhrase(uses.list, uses.cut) : null;
  if (phrase) parts.push(phrase);
  if (syntacticShare(m.occurrences) === 'all') parts.push('syntactic');
  return `# ${parts.join(' · ')}`;
}

/**
 * A match's count, said the same way in every header and format: `40 refs
 * (37 calls) in 4 files`, `5 calls in 5 files` when every reference is a
 * call, `3 call sites in 2 files` (callers), `5 uses (2 calls)` (callees
 * with all_refs). For defs and impls it is the symbol's references, not the
 * definitions listed. What the sites form's header knows of the uses
 * (`said`): `only`, the one use of every reference, named in the count
 * (`10 type refs in 1 file`); `calls`, the header's uses phrase names the
 * calls (`37 call, 3 import`), so the count leaves out its `(37 calls)`.
 */
export function countPhrase(c: Pick<MatchCounts, 'references' | 'calls' | 'files'>, kind: CompactKind, said: { only?: string; calls?: boolean } = {}): string {
  const files = ` in ${plural(c.files, 'file')}`;
  if (kind === 'callers') return plural(c.references, 'call site') + files;
  if (c.calls === c.references && (c.calls > 0 || kind === 'callees')) return plural(c.references, 'call') + files;
  if (said.only && said.only !== 'ref') return plural(c.references, `${said.only} ${kind === 'callees' ? 'use' : 'ref'}`) + files;
  const some = c.calls > 0 && !said.calls ? ` (${plural(c.calls, 'call')})` : '';
  return plural(c.references, kind === 'callees' ? 'use' : 'ref') + some + files;
}

/**
 * The line an answer about a name no symbol has reads as, in every form:
 * `no symbol 'procesOrder'; did you mean processOrder (function, src/orders.ts:42)?`
 */
export function unknownNameLine(name: string, suggestions: readonly Suggestion[]): string {
  if (suggestions.length === 0) return `no symbol '${name}' in this index, and no name close to it`;
  const one = (s: Suggestion): string => `${s.name} (${s.kind}${s.file ? `, ${s.file}${s.line !== null ? `:${s.line}` : ''}` : ''})`;
  return `no symbol '${name}'; did you mean ${suggestions.map(one).join(', or ')}?`;
}

/** refs, defs, callers, callees, impls. */
export function compactQuery(r: QueryResult, kind: CompactKind = 'refs'): string {
  const out: string[] = [...notes(r.index, r.note), ...(r.memory ?? []).map(noteLine)];
  if (r.suggestions) return [...out, unknownNameLine(r.symbol, r.suggestions)].join('\n') + '\n';
  if (r.matches.length === 0 && !r.rest?.length) {
    out.push(`no ${NOUN[kind]} of '${r.symbol}'${r.offset ? ` past offset ${r.offset}` : ''}`);
    if (r.external?.length) out.push(externalLine(r.external));
    return out.join('\n') + '\n';
  }
  const sites = !r.lines && (kind === 'refs' || kind === 'callers' || kind === 'callees');
  const cut = r.offset !== undefined || r.next_offset !== undefined;
  const folded = sites ? r.matches.filter((m) => foldable(m, r)) : [];
  if (sites && kind === 'callers') out.push(...callerSites(r, cut));
  let callee: string | undefined;
  for (const m of sites && kind === 'callers' ? [] : r.matches) {
    if (folded.includes(m)) continue;
    if (m.callee && m.callee.name + (m.callee.def ?? '') !== callee) {
      callee = m.callee.name + (m.callee.def ?? '');
      out.push(calleeLine(m.callee));
    }
    const marked = syntacticShare(m.occurrences) === 'some';
    if (sites) {
      // Every call site of callers' match is in that match; every one of callees' is in the function asked about.
      out.push(header(m, kind, r, { list: usesOf(m.occurrences), cut }), ...siteLines(m, kind === 'refs', marked));
      continue;
    }
    out.push(header(m, kind, r));
    let file: string | undefined;
    let container: string | null | undefined;
    for (const o of m.occurrences) {
      if (o.file !== file) out.push(o.file);
      const c = containerOf(o);
      if (kind !== 'callers' && kind !== 'callees' && containerChanges(o, c, file, container)) out.push(containerLine(c));
      file = o.file;
      container = c;
      out.push(occurrenceLine(o, m.display_name, marked));
    }
  }
  if (folded.length > 0) out.push(foldedLine(folded));
  // The library calls of the name left out. That the sites form lists no source lines, and imports only
  // as counts (the header's `14 import`), the `lines` parameter says once, in the tool's and the flag's description.
  if (r.external?.length) out.push(externalLine(r.external));
  const files = r.rest ?? [];
  const more = files.reduce((n, f) => n + f.occurrences, 0);
  // Every file left out is named: an agent must know every file that holds one (issue 22), not the first 20.
  const shown = files.map((f) => `${f.file} ${f.occurrences}`).join(', ');
  out.push(...pagingLines(r, `${more} more${inFiles(files.length)}: ${shown}`));
  return out.join('\n') + '\n';
}

/**
 * callers in the sites form: the callers of each callee as one listing (a
 * line per file, each site under its caller), not a header per caller.
 */
function callerSites(r: QueryResult, cut: boolean): string[] {
  const groups: SymbolMatch[][] = [];
  let key: string | undefined;
  for (const m of r.matches) {
    const k = m.callee ? m.callee.name + (m.callee.def ?? '') : '';
    if (groups.length === 0 || k !== key) groups.push([]);
    key = k;
    groups[groups.length - 1]!.push(m);
  }
  const out: string[] = [];
  for (const g of groups) {
    const head = g[0]!;
    if (head.callee) out.push(calleeLine(head.callee));
    const occurrences = g.flatMap((m) => m.occurrences);
    const share = syntacticShare(occurrences);
    const parts = [
      `callers of ${head.callee?.name ?? r.symbol}`,
      `${cut ? 'this page: ' : ''}${plural(occurrences.length, 'call site')} in ${plural(g.length, 'caller')}`,
    ];
    const uses = usesPhrase(usesOf(occurrences), false);
    if (uses) parts.push(uses);
    if (share === 'all') parts.push('syntactic');
    out.push(`# ${parts.join(' · ')}`, ...siteLines({ ...head, occurrences }, true, share === 'some'));
  }
  return out;
}

/** Which of the symbols of the name asked for the callers below call: `## calls of repeat · function · src/util.ts:12`. */
export const calleeLine = (c: NonNullable<SymbolMatch['callee']>): string =>
  `## calls of ${c.name} · ${c.external ? 'external' : c.kind}${c.def ? ` · ${c.def}` : ''}`;

/** The library calls of the same name that callers counted and did not list. */
export const externalLine = (external: NonNullable<QueryResult['external']>): string => `not listed: ${externalPart(external)}`;

function externalPart(external: NonNullable<QueryResult['external']>): string {
  const parts = external.map((e) => `${plural(e.calls, 'call')} of ${e.name} in ${plural(e.files, 'file')}`);
  return `${parts.join(', ')} (library symbols; include_external lists them)`;
}

/**
 * How every paged answer ends: a later page says where it starts; a page
 * that left something out says what, and the offset that reads on.
 */
export function pagingLines(r: { offset?: number; next_offset?: number }, left: string): string[] {
  const out: string[] = [];
  if (r.offset) out.push(`(page from offset ${r.offset})`);
  if (r.next_offset !== undefined) out.push(`… ${left}`, `next page: offset=${r.next_offset}`);
  return out;
}

const inFiles = (files: number): string => (files > 0 ? ` in ${plural(files, 'file')}` : '');

const NOUN: Record<CompactKind, string> = { refs: 'references', defs: 'definitions', callers: 'callers', callees: 'callees', impls: 'implementations' };

/** One search hit's line (no newline); the daemon measures budgets with it. */
export const searchLine = (h: SearchHit): string =>
  `${h.display_name} ${h.kind} ${h.file ? `${h.file}:${h.line}` : '-'}${h.qualified_name !== h.display_name ? ` ${h.qualified_name}` : ''}`;

export function compactSearch(r: SearchResult): string {
  const out = [...notes(r.index, r.note)];
  for (const h of r.results) out.push(searchLine(h));
  if (r.results.length === 0) out.push(`no symbols match '${r.pattern}'${r.offset ? ` past offset ${r.offset}` : ''}`);
  else out.push(...pagingLines(r, searchRest(r)));
  return out.join('\n') + '\n';
}

/** What a search page left out: `37 more in 12 files`. */
export const searchRest = (r: SearchResult): string => `${r.rest?.hits ?? 0} more${inFiles(r.rest?.files ?? 0)}`;

/** One outline entry's line (no newline); the daemon measures budgets with it. */
export const outlineLine = (s: OutlineEntry): string =>
  `  ${s.extent ? `${s.extent.line}-${s.extent.end_line}` : s.line} ${s.kind} ${s.containing_symbol ? `${s.containing_symbol}.` : ''}${s.display_name}`;

export function compactSymbols(r: SymbolsResult): string {
  const out = [...notes(r.index), ...(r.memory ?? []).map(noteLine), r.file];
  for (const s of r.symbols) out.push(outlineLine(s));
  if (r.symbols.length === 0 && r.offset) out.push(`no definitions past offset ${r.offset}`);
  else out.push(...pagingLines(r, symbolsRest(r)));
  return out.join('\n') + '\n';
}

/** What an outline page left out: `40 more, lines 120-480`. */
export function symbolsRest(r: SymbolsResult): string {
  const rest = r.rest;
  const lines = !rest ? '' : rest.first_line === rest.last_line ? `, line ${rest.first_line}` : `, lines ${rest.first_line}-${rest.last_line}`;
  return `${rest?.entries ?? 0} more${lines}`;
}

/** Each impact section's heading in the compact form. */
export const IMPACT_HEADINGS: Readonly<Record<ImpactSection, string>> = {
  callers: 'callers',
  implementations: 'implementations',
  importing_files: 'files using it',
  test_files: 'tests',
};
/** How a count of each section's entries reads: the noun, and what follows its plural. */
const IMPACT_COUNTED: Readonly<Record<ImpactSection, [string, string]>> = {
  callers: ['caller', ''],
  implementations: ['implementation', ''],
  importing_files: ['file', ' using it'],
  test_files: ['test file', ''],
};

/** The header line of an impact answer: its counts, on every page. */
export const impactHeader = (r: Pick<ImpactResult, 'symbol' | 'counts'>): string => {
  const c = r.counts;
  return `# ${r.symbol} · ${plural(c.callers, 'caller')} · ${plural(c.implementations, 'implementation')} · ${plural(c.importing_files, 'file')} using it · ${plural(c.test_files, 'test file')}`;
};

/** One impact entry's line (no newline): a caller indented by its depth, a file by itself. The daemon measures budgets with it. */
export const impactLine = (e: ImpactEntry | string): string =>
  typeof e === 'string'
    ? `  ${e}`
    : `  ${'  '.repeat((e.depth ?? 1) - 1)}${e.display_name} ${e.kind} ${e.file}:${e.line}${e.precision === 'syntactic' ? SYNTACTIC_MARK : ''}`;

export function compactImpact(r: ImpactResult): string {
  const remembered = (r.memory ?? []).map(noteLine);
  if (r.suggestions) return [...notes(r.index, r.note), ...remembered, unknownNameLine(r.symbol, r.suggestions)].join('\n') + '\n';
  const out = [...notes(r.index, r.note), ...remembered, impactHeader(r)];
  for (const section of IMPACT_SECTIONS) {
    const entries: ReadonlyArray<ImpactEntry | string> = r[section];
    if (entries.length > 0) out.push(IMPACT_HEADINGS[section], ...entries.map(impactLine));
  }
  if (r.callers.length + r.implementations.length + r.importing_files.length + r.test_files.length === 0 && r.offset)
    out.push(`nothing past offset ${r.offset}`);
  else out.push(...pagingLines(r, impactRest(r)));
  return out.join('\n') + '\n';
}

/** What an impact page left out, by section: `12 more: 8 callers, 4 files using it`. */
export function impactRest(r: ImpactResult): string {
  const cut = IMPACT_SECTIONS.flatMap((s) => (r.rest?.[s] ? [[s, r.rest[s]] as const] : []));
  const parts = cut.map(([s, n]) => `${plural(n, IMPACT_COUNTED[s][0])}${IMPACT_COUNTED[s][1]}`);
  return `${cut.reduce((sum, [, n]) => sum + n, 0)} more: ${parts.join(', ')}`;
}

/** "syntactic, precise in ~N s", "seeded from …": where an answer's index came from, before the precise one is in. */
export function firstIndexNotes(index: Pick<IndexFreshness, 'syntactic' | 'seeded_from' | 'building' | 'glance'>): string[] {
  const lines: string[] = [];
  const g = index.glance;
  if (g)
    lines.push(
      `note: read from ${g.files_read < g.files_naming ? `the first ${g.files_read} of ` : ''}the ${plural(g.files_naming, 'file')} naming it (tree-sitter, nothing resolved across files) while the first index is built`,
    );
  const eta = index.building?.eta_s !== undefined ? ` in ~${index.building.eta_s} s` : index.building ? ` (now: ${index.building.message})` : '';
  if (index.syntactic)
    lines.push(`note: syntactic first index (tree-sitter); precise results${index.building ? ` are coming${eta}` : ' did not come (see scry status)'}`);
  if (index.seeded_from) lines.push(`note: seeded from ${index.seeded_from}${index.building ? `; this worktree's precise index is coming${eta}` : ''}`);
  return lines;
}

/** What changes how an answer reads: a partial or stale index, a relaxed compound name, the overlay. */
function notes(index: IndexFreshness, note?: string): string[] {
  const lines: string[] = firstIndexNotes(index);
  if (index.partial)
    lines.push(
      `warning: partial index${index.missing_languages?.length ? ` (no ${index.missing_languages.join(', ')})` : ''}; missing results are not proof of absence`,
    );
  if (index.status === 'stale') lines.push('warning: the last rebuild failed; this index is older than the code');
  if (note) lines.push(`note: ${note}`);
  return lines;
}

/** The compact form of each method that has one (over a printable copy of the answer); the others read as their JSON. */
export const COMPACT_FORMATTERS: FormatterTable = formatterTable([
  formatter(
    Refs,
    printing((r) => compactQuery(r, 'refs')),
  ),
  formatter(
    Defs,
    printing((r) => compactQuery(r, 'defs')),
  ),
  formatter(
    Callers,
    printing((r) => compactQuery(r, 'callers')),
  ),
  formatter(
    Callees,
    printing((r) => compactQuery(r, 'callees')),
  ),
  formatter(
    Impls,
    printing((r) => compactQuery(r, 'impls')),
  ),
  formatter(Search, printing(compactSearch)),
  formatter(Symbols, printing(compactSymbols)),
  formatter(Impact, printing(compactImpact)),
]);
