// The readable form of answers, for a person at a terminal.
import * as P from '../protocol';
import { printing } from '../protocol/printable';
import { SYNTACTIC_MARK } from '../protocol/compact-sites';
import {
  firstIndexNotes,
  type ImpactResult,
  type IndexFreshness,
  type IndexResult,
  type QueryResult,
  type SearchResult,
  type StatusResult,
  type SymbolsResult,
} from '../protocol';

export type QueryKind = 'references' | 'definitions' | 'callers' | 'callees' | 'implementations';

/** What sessions said about the symbol (issue 25), one line each, before the answer. */
const remembered = (memory: readonly P.AnchorNote[] | undefined): string => (memory ?? []).map((n) => `${P.noteLine(n)}\n`).join('');

export function formatQuery(result: QueryResult, what: QueryKind | boolean): string {
  const kind: QueryKind = typeof what === 'boolean' ? (what ? 'definitions' : 'references') : what;
  const head = notes(result.index, result.note) + remembered(result.memory);
  if (result.suggestions) return `${head}${P.unknownNameLine(result.symbol, result.suggestions)}\n`;
  if (result.matches.length === 0)
    return `${head}no ${kind} of '${result.symbol}'${result.offset ? ` past offset ${result.offset}` : ''} (index ${result.index.status}, built ${result.index.indexed_at})\n`;
  const out: string[] = [];
  for (const m of result.matches) {
    const share = P.syntacticShare(m.occurrences);
    out.push(`${m.display_name}  ${m.kind}  ${placeOf(m)}${share === 'all' ? SYNTACTIC : ''}`);
    let file = '';
    for (const o of m.occurrences) {
      if (o.file !== file) {
        file = o.file;
        out.push(`  ${file}`);
      }
      const marker = o.is_definition ? 'def ' : o.is_call ? 'call' : '    ';
      const where = o.containing_symbol && kind !== 'callers' ? `  [${o.containing_symbol}]` : '';
      const syntactic = share === 'some' && o.precision === 'syntactic' ? SYNTACTIC : '';
      out.push(`    ${String(o.line).padStart(5)}:${String(o.column).padEnd(3)} ${marker}  ${o.context}${where}${syntactic}`);
    }
  }
  const shown = result.matches.reduce((n, m) => n + m.occurrences.length, 0);
  const paged = pageNote(result, shown, result.truncated);
  out.push(`${summaryLine(result, kind)}${paged} · ${result.elapsed_ms} ms`);
  if (result.external?.length) out.push(P.externalLine(result.external));
  return head + out.join('\n') + '\n' + nextPage(result);
}

const COMPACT_KIND: Record<QueryKind, P.CompactKind> = {
  references: 'refs',
  definitions: 'defs',
  callers: 'callers',
  callees: 'callees',
  implementations: 'impls',
};

/** The count the compact headers say, summed over the matches: `40 refs (37 calls) in 4 files · 1 symbol`, `3 call sites in 2 callers`. */
function summaryLine(r: QueryResult, kind: QueryKind): string {
  const n = r.matches.length;
  if (kind === 'callers' || kind === 'callees') {
    const sites = kind === 'callers' ? 'call site' : 'call';
    return `${P.plural(r.total, sites)} ${kind === 'callers' ? 'in' : 'of'} ${P.plural(n, kind === 'callers' ? 'caller' : 'callee')}`;
  }
  // A match without counts (an overlay-only or syntactic answer) is counted from the occurrences it lists.
  const of = (m: P.SymbolMatch, f: 'references' | 'calls' | 'files'): number =>
    m.counts?.[f] ?? (f === 'references' ? m.occurrences.length : f === 'files' ? new Set(m.occurrences.map((o) => o.file)).size : 0);
  const sum = (f: 'references' | 'calls' | 'files'): number => r.matches.reduce((t, m) => t + of(m, f), 0);
  const counted = P.countPhrase({ references: sum('references'), calls: sum('calls'), files: sum('files') }, COMPACT_KIND[kind]);
  const defs = kind === 'definitions' ? `${P.plural(r.total, 'definition')}, ` : kind === 'implementations' ? `${P.plural(n, 'implementation')}, ` : '';
  return `${defs}${counted} · ${P.plural(n, 'symbol')}`;
}

/**
 * Where a match is, as a person reads it: its definition's `file:line`, or the
 * file a local lives in, or, for a symbol defined outside the repo, its package
 * and name from the SCIP symbol (the raw id stays in the JSON).
 */
export function placeOf(m: P.SymbolMatch): string {
  const def = m.occurrences.find((o) => o.is_definition);
  if (def) return `${def.file}:${def.line}`;
  if (m.counts?.definitions.length) return m.counts.definitions[0]!;
  if (m.local) return `local to ${m.local}`;
  return readableSymbol(m.symbol_id);
}

/** `scip-typescript npm typescript 5.9.3 lib/`lib.dom.d.ts`/Array#map().` reads `typescript: lib/lib.dom.d.ts/Array#map()`. */
export function readableSymbol(id: string): string {
  // Four header fields (scheme, manager, package, version), spaces inside one doubled.
  const head = /^((?:[^ ]| {2})+) ((?:[^ ]| {2})+) ((?:[^ ]| {2})+) ((?:[^ ]| {2})+) /.exec(id);
  if (!head) return id;
  const pkg = head[3]!.replace(/ {2}/g, ' ');
  const name = id
    .slice(head[0].length)
    .replace(/`([^`]|``)*`/g, (q) => q.slice(1, -1).replace(/``/g, '`'))
    .replace(/\.$/, '');
  return pkg === '.' ? name : `${pkg}: ${name}`;
}

/** How a line marks what tree-sitter found rather than a precise indexer. */
const SYNTACTIC = ` ${SYNTACTIC_MARK}`;

/** `, 20 shown from offset 40 (12 more in 3 files)` on a page of a paged answer; `left` is what it left out, if anything. */
const pageNote = (r: { offset?: number }, shown: number, left: string | undefined): string =>
  left !== undefined || r.offset ? `, ${shown} shown${from(r)}${left !== undefined ? ` (${left})` : ''}` : '';

/** ` from offset 40` on a later page. */
const from = (r: { offset?: number }): string => (r.offset ? ` from offset ${r.offset}` : '');

/** The line that says how to read on, as the flag a person types. */
const nextPage = (r: { next_offset?: number }): string => (r.next_offset !== undefined ? `next page: --offset ${r.next_offset}\n` : '');

export function formatSearch(r: SearchResult): string {
  // Columns as wide as this page's widest cell (a name past 40 characters shifts only its own line).
  const rows = r.results.map((h) => [h.display_name, h.kind, h.file ? `${h.file}:${h.line}` : '(no definition)', h.qualified_name]);
  const widths = [0, 1, 2].map((c) => Math.min(40, Math.max(0, ...rows.map((row) => row[c]!.length))));
  const out = rows.map((row) => row.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]!) : cell)).join('  '));
  const paged = pageNote(r, r.results.length, r.next_offset !== undefined ? P.searchRest(r) : undefined);
  out.push(`${P.plural(r.total, 'match', 'matches')} for '${r.pattern}'${paged} · ${r.elapsed_ms} ms`);
  return notes(r.index, r.note) + out.join('\n') + '\n' + nextPage(r);
}

export function formatSymbols(r: SymbolsResult): string {
  const out = [r.file];
  for (const s of r.symbols) {
    const span = s.extent ? `${s.extent.line}-${s.extent.end_line}` : `${s.line}`;
    out.push(`  ${span.padEnd(11)} ${s.kind.padEnd(12)} ${s.containing_symbol ? `${s.containing_symbol}.` : ''}${s.display_name}`);
  }
  const paged = pageNote(r, r.symbols.length, r.next_offset !== undefined ? P.symbolsRest(r) : undefined);
  out.push(`${P.plural(r.total, 'definition')}${paged} · ${r.elapsed_ms} ms`);
  return notes(r.index) + remembered(r.memory) + out.join('\n') + '\n' + nextPage(r);
}

export function formatImpact(r: ImpactResult): string {
  if (r.suggestions) return `${notes(r.index, r.note)}${remembered(r.memory)}${P.unknownNameLine(r.symbol, r.suggestions)}\n`;
  const c = r.counts;
  const out = [
    ...(r.memory ?? []).map(P.noteLine),
    `${r.symbol}: ${P.plural(c.callers, 'caller')}, ${P.plural(c.implementations, 'implementation')}, ${P.plural(c.importing_files, 'file')} using it, ${P.plural(c.test_files, 'test file')}`,
  ];
  const mark = (e: P.ImpactEntry): string => (e.precision === 'syntactic' ? SYNTACTIC : '');
  if (r.callers.length > 0)
    out.push('callers', ...r.callers.map((e) => `  ${'  '.repeat((e.depth ?? 1) - 1)}${e.display_name}  ${e.kind}  ${e.file}:${e.line}${mark(e)}`));
  if (r.implementations.length > 0)
    out.push('implementations', ...r.implementations.map((e) => `  ${e.display_name}  ${e.kind}  ${e.file}:${e.line}${mark(e)}`));
  if (r.importing_files.length > 0) out.push('files using it', ...r.importing_files.map((f) => `  ${f}`));
  if (r.test_files.length > 0) out.push('tests', ...r.test_files.map((f) => `  ${f}`));
  if (r.offset) out.push(`(page from offset ${r.offset})`);
  if (r.next_offset !== undefined) out.push(`(${P.impactRest(r)})`);
  out.push(`${r.elapsed_ms} ms`);
  return notes(r.index, r.note) + out.join('\n') + '\n' + nextPage(r);
}

/** Warnings that change how to read an answer: a partial index, a relaxed compound name. */
function notes(index: IndexFreshness, note?: string): string {
  const lines: string[] = firstIndexNotes(index);
  if (index.partial)
    lines.push(
      `warning: the index is partial${index.missing_languages?.length ? ` (no ${index.missing_languages.join(', ')})` : ''}; missing results are not proof of absence`,
    );
  if (index.status === 'stale') lines.push('warning: the last rebuild failed; this index is older than the code');
  if (note) lines.push(`note: ${note}`);
  return lines.map((l) => l + '\n').join('');
}

export function formatIndex(r: IndexResult): string {
  const lines = [`${r.repo}: ${r.status}, ${r.documents} files, ${r.symbols} symbols, ${r.occurrences} occurrences (${r.duration_ms} ms)`];
  for (const i of r.indexers) lines.push(`  ${i.language} (${i.indexer}): ${i.status}${i.error ? `: ${i.error}` : ''}${i.remedy ? ` (${i.remedy})` : ''}`);
  const x = r.exported;
  if (x) lines.push(`exported ${x.documents} files, ${x.occurrences} occurrences, ${x.symbols} symbols as SCIP to ${x.file}`);
  return lines.join('\n') + '\n';
}

export function formatStatus(s: StatusResult): string {
  const d = s.daemon;
  const lines = [
    `daemon pid ${d.pid}, scry ${d.version}, node ${d.node}, up ${Math.round(d.uptime_ms / 1000)} s${d.rss_bytes !== undefined ? `, ${Math.round(d.rss_bytes / 2 ** 20)} MB resident` : ''}`,
    `  socket ${d.socket}`,
    `  log    ${d.log_file}`,
  ];
  if (s.repos.length === 0) lines.push('no repos indexed in this session');
  for (const r of s.repos) {
    const langs = r.languages?.length ? ` [${r.languages.join(', ')}]` : '';
    lines.push(
      `${r.repo}: ${r.effective_status}${langs}${r.building ? ' (rebuilding)' : ''}, ${r.documents} files, ${r.symbols} symbols, indexed ${r.indexed_at ?? 'never'}${r.last_build_ms !== null ? ` in ${r.last_build_ms} ms` : ''}`,
    );
    for (const n of firstIndexNotes({ syntactic: r.syntactic, seeded_from: r.seeded_from, building: r.progress })) lines.push(`  ${n.replace(/^note: /, '')}`);
    if (r.precise_waits) lines.push(`  precise build waits: ${r.precise_waits}`);
    const how = !r.watching
      ? 'not watching'
      : r.watch_mode === 'polling'
        ? 'watching by polling (degraded)'
        : `watching${r.watched_dirs !== undefined ? ` ${P.plural(r.watched_dirs, 'folder')}` : ''}`;
    lines.push(`  ${how}, ${P.plural(r.pending_changes ?? 0, 'pending change')}, ${P.plural(r.overlay_files ?? 0, 'file')} in the overlay`);
    if (r.degraded) lines.push(`  degraded: ${r.degraded}`);
    for (const i of r.indexers)
      lines.push(`  ${i.language} (${i.indexer}): ${i.status}, ${i.file_count} files${i.error ? `: ${i.error}` : ''}${i.remedy ? ` (${i.remedy})` : ''}`);
    const c = r.coverage;
    if (c)
      lines.push(
        `  typescript coverage: ${c.by_tsconfig} files by the repo's tsconfigs, ${c.inferred} outside them by an inferred config${c.inferred > 0 ? ` (${c.inferred_sample.slice(0, 3).join(', ')}${c.inferred > 3 ? ', ...' : ''})` : ''}`,
      );
    if (r.last_error) lines.push(`  last error: ${r.last_error}`);
  }
  const w = s.watches;
  if (w && w.inotify_watches !== null)
    lines.push(
      `inotify: ${P.plural(w.inotify_watches, 'watch', 'watches')} held by the daemon${w.max_user_watches !== null ? ` (limit fs.inotify.max_user_watches = ${w.max_user_watches}, shared by all of this user's processes)` : ''}`,
    );
  return lines.join('\n') + '\n' + (s.memory ? formatMemoryStatus(s.memory) : '');
}

export function formatRepos(r: P.ReposResult): string {
  if (r.repos.length === 0) return 'no repositories indexed here\n';
  const lines = r.repos.map((k) => {
    const size = `${(k.index_bytes / 1024 / 1024).toFixed(1)} MB`;
    const state = k.kind === 'refused' ? `not watched: ${k.reason ?? 'no longer allowed'}` : `${k.kind}${k.watching ? ', watching' : ''}`;
    return `${k.repo}  ${state}, indexed ${k.indexed_at ?? 'never'}, ${size}`;
  });
  lines.push(`${P.plural(r.repos.length, 'repository', 'repositories')}; scry forget PATH drops one`);
  return lines.join('\n') + '\n';
}

export function formatForgetRepo(r: P.ForgetRepoResult): string {
  return `forgot ${r.repo}: ${r.was_watching ? 'stopped watching it, ' : ''}removed its index (${(r.freed_bytes / 1024 / 1024).toFixed(1)} MB)\n`;
}

/** How each method's answer reads on a terminal; the CLI prints JSON when stdout is not one. The code index's answers are printed from a printable copy (file names may hold control characters). */
export const FORMATTERS: P.FormatterTable = P.formatterTable([
  P.formatter(P.IndexRepo, printing(formatIndex)),
  P.formatter(
    P.Refs,
    printing((r) => formatQuery(r, 'references')),
  ),
  P.formatter(
    P.Defs,
    printing((r) => formatQuery(r, 'definitions')),
  ),
  P.formatter(
    P.Callers,
    printing((r) => formatQuery(r, 'callers')),
  ),
  P.formatter(
    P.Callees,
    printing((r) => formatQuery(r, 'callees')),
  ),
  P.formatter(
    P.Impls,
    printing((r) => formatQuery(r, 'implementations')),
  ),
  P.formatter(P.Search, printing(formatSearch)),
  P.formatter(P.Symbols, printing(formatSymbols)),
  P.formatter(P.Impact, printing(formatImpact)),
  P.formatter(P.Status, printing(formatStatus)),
  P.formatter(P.Repos, printing(formatRepos)),
  P.formatter(P.ForgetRepo, printing(formatForgetRepo)),
  P.formatter(P.MemoryIngest, formatIngest),
  P.formatter(P.MemoryEpisode, formatEpisode),
  P.formatter(P.MemorySweep, formatSweep),
  P.formatter(P.MemoryRetry, (r) => `${P.plural(r.requeued, 'episode')} queued for extraction again\n`),
  P.formatter(P.MemoryStatusMethod, formatMemoryStatus),
  P.formatter(P.MemoryRecall, P.recallText),
  P.formatter(P.MemoryEpisodes, P.episodesText),
  P.formatter(P.MemoryPath, P.pathText),
  P.formatter(P.MemoryRemember, P.rememberText),
  P.formatter(P.MemoryFacts, P.factsText),
  P.formatter(P.MemoryEntities, formatEntities),
  P.formatter(P.MemoryInvalidate, formatInvalidate),
  P.formatter(P.MemoryForget, formatForget),
  P.formatter(P.MemoryGraph, formatGraph),
  P.formatter(P.MemoryOrient, (r) => r.text),
  P.formatter(P.MemoryWhy, P.whyText),
]);

export function formatIngest(r: P.IngestResult): string {
  const by = (o: string): number => r.files.filter((f) => f.outcome === o).length;
  const lines = [
    `${P.plural(r.added, 'new episode')} from ${by('ingested')} of ${P.plural(r.files.length, 'file')}${r.existing ? ` (${r.existing} already stored)` : ''}${r.dry_run ? ' (dry run: nothing written)' : ''} · ${Math.round(r.elapsed_ms)} ms`,
  ];
  const waiting = by('too-short');
  if (waiting) lines.push(`  ${P.plural(waiting, 'session')} with no answer or under 20 words wait until they grow`);
  if (by('unchanged')) lines.push(`  ${by('unchanged')} unchanged since the last ingest`);
  for (const f of r.files.filter((x) => x.outcome === 'failed')) lines.push(`  failed: ${f.path}: ${f.error}`);
  const unknown = new Map<string, number>();
  for (const f of r.files) for (const [t, n] of Object.entries(f.unknownTypes ?? {})) unknown.set(t, (unknown.get(t) ?? 0) + n);
  if (unknown.size) lines.push(`  skipped unknown line types: ${[...unknown].map(([t, n]) => `${t} (${n})`).join(', ')}`);
  return lines.join('\n') + '\n';
}

export function formatSweep(r: P.SweepResult): string {
  const lines = [`${P.plural(r.added, 'new episode')}${r.dry_run ? ' would be stored (dry run)' : ''} · ${Math.round(r.elapsed_ms)} ms`];
  for (const s of r.sources) {
    const where = s.stores.length > 0 ? s.stores.join(', ') : `no store found (looked in ${s.roots.join(', ') || 'no roots'})`;
    lines.push(
      `  ${s.source.padEnd(8)} ${s.files} sessions: ${s.ingested} ingested, ${s.unchanged} unchanged, ${s.too_recent} modified in the last minutes (wait), ${s.failed} failed  [${where}]`,
    );
  }
  for (const f of r.failed) lines.push(`  failed: ${f.error}`);
  return lines.join('\n') + '\n';
}

export function formatMemoryStatus(m: P.MemoryStatus): string {
  const lines = [
    `memory ${m.db}`,
    `  ${m.episodes} episodes, ${m.entities} entities, ${m.current_facts} current facts (${m.facts} in all), ${m.sources_tracked} source files tracked`,
    `  extraction queue: ${m.queue.pending} pending, ${m.queue.done} done, ${m.queue.failed} failed${m.queue.failed ? ' (scry memory retry queues them again)' : ''}${m.queue.running ? '' : ', worker stopped'}`,
  ];
  for (const p of m.providers) {
    const state = p.cooling_down ? `cooling down until ${p.cooldown_until}` : p.failures > 0 && p.successes === 0 ? 'failing' : 'ok';
    lines.push(`  provider ${p.name} (${p.type}): ${state}, ${p.successes} ok, ${p.failures} failed${p.last_error ? `; last error: ${p.last_error}` : ''}`);
  }
  lines.push(
    `  budget ${m.budget.day}: ${m.budget.episodes} episodes, ${m.budget.tokens} tokens${m.budget.daily_episodes !== undefined ? ` of ${m.budget.daily_episodes} episodes` : ''}${m.budget.daily_tokens !== undefined ? ` of ${m.budget.daily_tokens} tokens` : ''}${m.budget.over ? ' (over budget: models skipped)' : ''}`,
  );
  lines.push(
    `  sweep: ${m.sweep.enabled ? `every ${m.sweep.interval_minutes} min` : 'off'}${m.sweep.last_at ? `, last at ${m.sweep.last_at} (${m.sweep.last_added} new)` : ''}`,
  );
  if (m.recall_rewrite?.enabled)
    lines.push(
      `  recall rewording: ${m.recall_rewrite.provider ? `asks ${m.recall_rewrite.provider} first` : 'on, but no model provider is configured (memory.providers)'}`,
    );
  for (const s of m.sources ?? []) {
    if (!s.stores?.length && !s.episodes) continue;
    const found = s.sessions_found !== undefined ? `${s.sessions_found} sessions found, ` : '';
    lines.push(
      `  ${s.id.padEnd(8)} ${found}${s.sessions_ingested ?? 0} ingested (${s.episodes ?? 0} episodes), ${s.failed?.length ?? 0} failed  [${s.stores?.join(', ') || 'store gone'}]`,
    );
    for (const f of s.failed ?? []) lines.push(`    cannot read ${f.path}${f.expected ? `: expected ${f.expected}` : `: ${f.error}`}`);
  }
  if (m.config.error)
    lines.push(
      `  config: ${m.config.error}${m.config.using === 'safe' ? ' (until it is fixed: sweeps and hooks off, offline extraction only)' : m.config.using === 'last-good' ? ' (running on the last good configuration)' : ''}`,
    );
  if (m.hint) lines.push(`  ${m.hint}`);
  return lines.join('\n') + '\n';
}

// ---- memory (part 2) ----------------------------------------------------------

export function formatEntities(r: P.EntitiesResult): string {
  const lines = r.entities.map(
    (e) =>
      `${`#${e.id}`.padEnd(7)} ${e.type.padEnd(9)} ${e.name}${e.aliases.length ? ` (aka ${e.aliases.slice(0, 3).join(', ')})` : ''}  ${P.plural(e.current_facts, 'fact')}, updated ${e.updated_at.slice(0, 10)}`,
  );
  lines.push(`${r.entities.length} of ${r.total} entities${r.next_cursor ? ` (next page: --cursor ${r.next_cursor})` : ''}`);
  return lines.join('\n') + '\n';
}

export function formatInvalidate(r: P.InvalidateResult): string {
  return `${r.changed ? 'invalidated' : 'already closed'}: ${P.factLine(r.fact).slice(2)}\n`;
}

export function formatForget(r: P.ForgetResult): string {
  return `forgot ${P.plural(r.entities, 'entity', 'entities')}, ${P.plural(r.episodes, 'episode')}, ${P.plural(r.facts, 'fact')}\n`;
}

export function formatGraph(r: P.GraphResult): string {
  const names = new Map(r.nodes.map((n) => [n.id, n.name]));
  const lines = [r.center ? `around ${r.center.name} (${r.center.type}):` : 'most recently active entities:'];
  for (const n of r.nodes) lines.push(`  ${n.depth !== undefined ? `[${n.depth}] ` : ''}${n.name} (${n.type}), ${P.plural(n.facts, 'fact')}`);
  for (const e of r.edges) lines.push(`  ${names.get(e.source) ?? `#${e.source}`} —${e.relation}→ ${names.get(e.target) ?? `#${e.target}`}`);
  lines.push(
    `${r.page.returned} nodes, ${r.edges.length} edges${r.page.total !== undefined ? ` of ${r.page.total} nodes` : ''}${r.page.next_cursor ? ` (next page: --cursor ${r.page.next_cursor})` : ''}`,
  );
  return lines.join('\n') + '\n';
}

export function formatEpisode(r: P.EpisodeResult): string {
  const e = r.episode;
  const code = e.code?.length ? `code it mentions, now: ${e.code.map((c) => `${c.mention} ${c.state}`).join('; ')}\n` : '';
  return `episode ${e.id.slice(0, 12)} · ${e.source} · ${e.occurred_at} · ${e.path}:${e.line_start}-${e.line_end} · ${r.tokens} tokens · extraction ${r.extraction}\n${code}\n${r.text}\n`;
}
