// The code-index domain's methods and answer shapes.
import * as z from 'zod/mini';
import { AnchorNote } from './anchors';
import { defineMethod, defineNotification, describe, opt, positiveInt } from './method';

// ---- params ---------------------------------------------------------------

const repo = describe(z.string().check(z.minLength(1)), 'Absolute path of the repository root (clients resolve the git root).');
const name = describe(
  z.string().check(z.minLength(1)),
  'A symbol name, matched exactly ignoring case (`processOrder`), or a compound form naming its owner: `OrderService.processOrder`, `OrderService#processOrder`, `DB::table`, `auth->user`, `client.Connect`.',
);
// Every answer pages the same way (query/limit.ts); each says what its items are and what it keeps of the rest.
const budgetFor = (rest: string): z.ZodMiniOptional<z.ZodMiniNumber<number>> =>
  opt(
    positiveInt(),
    `At most about this many bytes of answer (measured on the compact form). Past it the answer ${rest} and gives the \`offset\` of the next page.`,
  );
const offsetFor = (items: string): z.ZodMiniOptional<z.ZodMiniNumber<number>> =>
  opt(z.int().check(z.minimum(0)), `Skip this many ${items} (the \`next_offset\` of a previous answer) to read the next page.`);
const limit = opt(positiveInt(), 'At most this many occurrences in the answer; `truncated` then says how many more there are and in how many files.');
const budget = budgetFor('lists the rest per file');
const offset = offsetFor('occurrences');

export const RepoParams = z.object({ repo });
export const NameQueryParams = z.object({ repo, name, limit, budget, offset });
/** refs, defs, callers and impact carry up to two remembered lines about the symbol (memory's anchors, issue 25); false leaves them out. */
const memory = opt(
  z.boolean(),
  'Up to two lines of what sessions said about the symbol, counted in the budget (default on; --no-memory or false leaves them out).',
);
export const NameMemoryParams = z.object({ repo, name, limit, budget, offset, memory });
/** refs, callers and callees list sites (`function line` per file) in their compact form; `lines` adds each site's source line, and imports. */
const lines = opt(z.boolean(), 'Each site with its source line, imports too (the compact form otherwise lists sites per file and counts imports).');
export const RefsParams = z.object({ repo, name, limit, budget, offset, memory, lines });
const callFields = {
  repo,
  name,
  limit,
  budget,
  offset,
  all_refs: opt(z.boolean(), 'Every reference inside/to the function, not only calls.'),
  include_external: opt(z.boolean(), 'Also list calls of library symbols of the same name (else counted in `external`).'),
  lines,
};
export const CallQueryParams = z.object(callFields);
export const CallersParams = z.object({ ...callFields, memory });
export const ImpactParams = z.object({
  repo,
  name,
  limit: opt(
    positiveInt(),
    'At most this many entries of each section (callers, implementations, files using it, tests) on a page; `next_offset` then gives the next page.',
  ),
  budget: budgetFor('counts what each section left out'),
  offset: offsetFor('entries of each section'),
  depth: opt(z.int().check(z.positive(), z.maximum(10)), 'Levels of callers to follow (default 3).'),
  memory,
});
export const SearchParams = z.object({
  repo,
  pattern: describe(z.string().check(z.minLength(1)), 'Part of a symbol name, e.g. `processOrd` or `order repo`.'),
  kind: opt(z.string(), 'Only symbols of this kind: function, method, class, interface, type, variable, ...'),
  limit: opt(positiveInt(), 'At most this many hits, best first (default 50); `next_offset` then gives the next page.'),
  budget: budgetFor('counts the hits left out'),
  offset: offsetFor('hits'),
});
export const SymbolsParams = z.object({
  repo,
  file: describe(z.string().check(z.minLength(1)), 'Path of the file, relative to the repository root (or absolute).'),
  limit: opt(positiveInt(), 'At most this many entries of the outline; `next_offset` then gives the next page.'),
  budget: budgetFor('counts the entries left out and the lines they start on'),
  offset: offsetFor('entries'),
  memory: opt(
    z.boolean(),
    'Up to two lines of what sessions said about the file or code in it, counted in the budget (default on; --no-memory or false leaves them out).',
  ),
});
export const IndexParams = z.object({
  repo,
  force: opt(z.boolean(), 'Rebuild even when an index exists.'),
  scip: opt(z.string(), 'Import this prebuilt .scip file (from any SCIP indexer) instead of running indexers.'),
  explicit: opt(
    z.boolean(),
    'The user asked for this folder by name (the CLI sets it): a folder that is no git root may then become a repo, and with force the home folder too.',
  ),
  export_scip: opt(z.string(), 'Write the index to this file as a standard SCIP index (for Sourcegraph and other SCIP tools).'),
});
export const ForgetRepoParams = z.object({
  repo: describe(z.string().check(z.minLength(1)), 'The repository whose index to drop (absolute path; it may no longer exist).'),
});

// ---- answers ----------------------------------------------------------------

/** building: answers come from the first (syntactic) index while the precise one builds; never `ready` until it is swapped in. */
export const IndexStatus = z.enum(['ready', 'partial', 'empty', 'stale', 'building']);

export const BuildProgress = z.object({
  phase: z.enum(['indexing', 'decoding', 'storing', 'swapping', 'done', 'failed']),
  message: z.string(),
  percent: opt(z.number(), 'Of the files the precise indexer reads, when it reports them.'),
  eta_s: opt(z.number(), 'About how many seconds until the precise index is swapped in (from the pace so far).'),
});

export const IndexFreshness = z.object({
  indexed_at: z.string(),
  status: IndexStatus,
  partial: opt(z.boolean(), 'True when some language was not indexed: an empty answer is then not proof of absence.'),
  missing_languages: opt(z.array(z.string()), 'Languages present in the repo whose indexer did not run successfully.'),
  overlay_files: opt(z.number(), 'Files currently answered from the syntactic overlay (changed since the last build).'),
  syntactic: opt(
    z.boolean(),
    "True while the repo answers from its first index, read by tree-sitter in seconds: every occurrence says precision 'syntactic', and `building` says when the precise index comes.",
  ),
  glance: opt(
    z.object({ files_read: z.number(), files_naming: z.number() }),
    'Set on an answer read for this query alone while the first index is still being read: the files whose text names it, and how many of them were parsed by tree-sitter (at most 200). Nothing is resolved across files; ask again in a few seconds for the first index.',
  ),
  seeded_from: opt(
    z.string(),
    "The sibling worktree (same git repository) whose index this one started from: unchanged files answer as there, changed ones from the overlay, until this worktree's own build is swapped in.",
  ),
  building: opt(BuildProgress, 'A build of this repo is running (on a syntactic or seeded index: the precise one): its progress.'),
});

export const Occurrence = z.object({
  file: describe(z.string(), 'Repo-relative, /-separated.'),
  line: describe(z.number(), '1-based.'),
  column: describe(z.number(), '1-based.'),
  end_line: z.number(),
  end_column: z.number(),
  context: describe(z.string(), 'The trimmed source line.'),
  containing_symbol: describe(z.nullable(z.string()), 'The definition this occurrence sits in.'),
  is_definition: z.boolean(),
  is_call: opt(z.boolean(), 'A call or construction (`f(`, `f<T>(`, `new F`), not any other use.'),
  use: opt(
    z.enum(['def', 'call', 'import', 'type', 'write', 'read', 'doc']),
    'How the symbol is used here: defined, called, imported or re-exported, named as a type, assigned, read, or named in a doc comment (`{@link X}`, `@param {X}`).',
  ),
  precision: opt(
    z.enum(['precise', 'syntactic']),
    "'syntactic' when tree-sitter found it, not a compiler-grade indexer: the syntactic indexer (a language without one, or beside it: Laravel's string and facade edges), or the overlay of a file changed since the build. Absent: precise.",
  ),
});

export const MatchCounts = z.object({
  references: describe(z.number(), 'Occurrences that are not definitions, on every page.'),
  calls: z.number(),
  files: z.number(),
  definitions: describe(z.array(z.string()), 'Where it is defined, as `file:line` (at most 5).'),
});

export const SymbolMatch = z.object({
  symbol_id: describe(z.string(), 'The SCIP symbol: unique across the repo.'),
  display_name: z.string(),
  kind: describe(z.string(), 'Merged declarations join their kinds: `interface+variable`.'),
  also: opt(
    z.array(z.string()),
    'The other SCIP symbols merged into this match (one thing declared several times: interface and value, lib augmentations, class and namespace).',
  ),
  local: opt(z.string(), 'Set for a symbol local to one file (declared inside a function): that file.'),
  counts: opt(MatchCounts, 'Totals over all occurrences of this match, including those on other pages.'),
  callee: opt(
    z.object({
      name: describe(z.string(), 'Its qualified name: `repeat`, `String.repeat`.'),
      kind: z.string(),
      def: opt(z.string(), "Where it is defined, as `file:line` (the repo's own symbols)."),
      external: opt(z.boolean(), 'A library or built-in symbol.'),
    }),
    "callers: which of the symbols named NAME these call sites call (the repo's own come first).",
  ),
  occurrences: z.array(Occurrence),
});

export const ExternalCount = z.object({
  name: describe(z.string(), 'The library or built-in symbol, by its qualified name: `String.repeat`.'),
  calls: z.number(),
  files: z.number(),
});

export const Suggestion = z.object({
  name: z.string(),
  kind: z.string(),
  file: z.nullable(z.string()),
  line: z.nullable(z.number()),
});

/** Present only when no symbol has the name asked for: the closest names, best first (maybe none). */
const suggestions = opt(z.array(Suggestion), 'Set only when no symbol has this name: the closest names, best first, to ask for next.');

export const FileCount = z.object({ file: z.string(), occurrences: z.number() });

/** The answer to every name query; compatible with the original scry's JSON. */
export const QueryResult = z.object({
  symbol: z.string(),
  matches: z.array(SymbolMatch),
  total: describe(z.number(), 'All occurrences found, including any cut by limit.'),
  elapsed_ms: z.number(),
  index: IndexFreshness,
  truncated: z.optional(z.string()),
  offset: opt(z.number(), 'The offset this page starts at, when not 0.'),
  next_offset: opt(z.number(), 'Set when occurrences were left out: ask again with this `offset` for the next page.'),
  rest: opt(z.array(FileCount), 'The occurrences left out of this page, per file (after this page).'),
  note: opt(z.string(), 'Set when a compound name (`A.b`) matched nothing and the tail alone was used.'),
  external: opt(
    z.array(ExternalCount),
    'callers: calls of library and built-in symbols of the same name, counted and not listed (ask with include_external, or a qualified name, to list them).',
  ),
  suggestions,
  memory: opt(
    z.array(AnchorNote),
    'What sessions said about the symbol, most recent first (at most two), each with its state now; `memory: false` leaves them out.',
  ),
  lines: opt(z.boolean(), "Set when asked with `lines`: the compact form lists every occurrence with its source line (and was paged by that form's bytes)."),
});

export const SearchHit = z.object({
  symbol_id: z.string(),
  display_name: z.string(),
  qualified_name: z.string(),
  kind: z.string(),
  file: z.nullable(z.string()),
  line: z.nullable(z.number()),
  column: z.nullable(z.number()),
  score: z.number(),
});

/** A kind as a person reads it (editor lists): `type_alias` reads "type alias", a merged `interface+variable` "interface + variable". */
export const kindLabel = (kind: string): string => kind.replace(/_/g, ' ').replace(/\+/g, ' + ');

const pageStart = opt(z.number(), 'The offset this page starts at, when not 0.');
const nextOffset = (items: string): z.ZodMiniOptional<z.ZodMiniNumber<number>> =>
  opt(z.number(), `Set when ${items} were left out: ask again with this \`offset\` for the next page.`);

export const SearchResult = z.object({
  pattern: z.string(),
  results: z.array(SearchHit),
  total: describe(z.number(), 'Every hit, on every page.'),
  elapsed_ms: z.number(),
  index: IndexFreshness,
  truncated: z.optional(z.string()),
  offset: pageStart,
  next_offset: nextOffset('hits'),
  rest: opt(z.object({ hits: z.number(), files: describe(z.number(), 'The files those hits are defined in.') }), 'The hits left out of this page (after it).'),
  note: opt(
    z.string(),
    'Set when the pattern is so broad that not every name it matches was ranked: `total` is then a lower bound, and a longer pattern narrows it.',
  ),
});

const Span = z.object({ line: z.number(), column: z.number(), end_line: z.number(), end_column: z.number() });

export const OutlineEntry = z.object({
  symbol_id: z.string(),
  display_name: z.string(),
  kind: z.string(),
  line: z.number(),
  column: z.number(),
  end_line: z.number(),
  end_column: z.number(),
  containing_symbol: z.nullable(z.string()),
  extent: opt(Span, 'The whole definition (body included), when the indexer reports it.'),
});

export const SymbolsResult = z.object({
  file: z.string(),
  memory: opt(z.array(AnchorNote), 'What sessions said about the file or code in it, most recent first (at most two), each with its state now.'),
  symbols: z.array(OutlineEntry),
  total: describe(z.number(), 'Entries of the whole outline, on every page.'),
  elapsed_ms: z.number(),
  index: IndexFreshness,
  truncated: z.optional(z.string()),
  offset: pageStart,
  next_offset: nextOffset('entries'),
  rest: opt(
    z.object({ entries: z.number(), first_line: z.number(), last_line: z.number() }),
    'The entries left out of this page (after it), and the first and last line they start on.',
  ),
});

export const ImpactEntry = z.object({
  symbol_id: z.string(),
  display_name: z.string(),
  kind: z.string(),
  file: z.string(),
  line: z.number(),
  depth: opt(z.number(), '1 for direct callers, 2 for their callers, ...'),
  precision: opt(
    z.enum(['precise', 'syntactic']),
    "'syntactic' when tree-sitter found this edge (every call or use making it), or, for an implementation, its definition. Absent: precise.",
  ),
});

/** The four sections of an impact answer, in the order it lists them. */
export const IMPACT_SECTIONS = ['callers', 'implementations', 'importing_files', 'test_files'] as const;

export const ImpactResult = z.object({
  symbol: z.string(),
  counts: describe(
    z.object({ callers: z.number(), implementations: z.number(), importing_files: z.number(), test_files: z.number() }),
    'Every entry of each section, on every page.',
  ),
  callers: z.array(ImpactEntry),
  implementations: z.array(ImpactEntry),
  importing_files: z.array(z.string()),
  test_files: z.array(z.string()),
  elapsed_ms: z.number(),
  index: IndexFreshness,
  truncated: z.optional(z.string()),
  offset: pageStart,
  next_offset: nextOffset('entries of some section'),
  rest: opt(
    z.object({
      callers: z.optional(z.number()),
      implementations: z.optional(z.number()),
      importing_files: z.optional(z.number()),
      test_files: z.optional(z.number()),
    }),
    'The entries left out of this page (after it), per section: only the sections that were cut are present.',
  ),
  note: z.optional(z.string()),
  suggestions,
  memory: opt(z.array(AnchorNote), 'What sessions said about the symbol, most recent first (at most two), each with its state now.'),
});

export const IndexerReport = z.object({
  language: z.string(),
  indexer: z.string(),
  status: z.enum(['ok', 'missing', 'failed', 'skipped']),
  file_count: z.number(),
  duration_ms: z.number(),
  error: z.optional(z.string()),
  remedy: z.optional(z.string()),
  stderr_tail: z.optional(z.string()),
  skipped_files: opt(
    z.array(z.string()),
    'Files left out, each as `path: reason` (a link out of the repository, binary, not UTF-8, minified, too large); at most 50.',
  ),
});

export const IndexResult = z.object({
  repo: z.string(),
  status: IndexStatus,
  indexed_at: z.string(),
  duration_ms: z.number(),
  documents: z.number(),
  symbols: z.number(),
  occurrences: z.number(),
  indexers: z.array(IndexerReport),
  syntactic: opt(z.boolean(), 'The syntactic first index: the precise one follows.'),
  seeded_from: opt(z.string(), 'Copied from this sibling worktree: its own precise build follows (or waits, see status).'),
  exported: opt(
    z.object({ file: z.string(), documents: z.number(), occurrences: z.number(), symbols: z.number() }),
    'Set with export_scip: the SCIP file written and what it holds.',
  ),
});

export const RepoStatus = z.object({
  repo: z.string(),
  effective_status: describe(
    z.enum(['ready', 'partial', 'empty', 'stale', 'building', 'indexing', 'none']),
    'indexing: no index yet, the first is being built; building: the first (syntactic) index answers while the precise one builds.',
  ),
  languages: z.optional(z.array(z.string())),
  watching: z.optional(z.boolean()),
  watch_mode: opt(
    z.enum(['events', 'polling']),
    'events: inotify (chokidar) reports changes; polling: the watcher is degraded and polls the files git reports as changed.',
  ),
  degraded: opt(z.string(), 'Why watching fell back to polling, and the remedy (the inotify limit, the folder cap).'),
  watched_dirs: opt(z.number(), "Folders inotify watches for this repo (the watcher's own count)."),
  pending_changes: z.optional(z.number()),
  overlay_files: z.optional(z.number()),
  indexed_at: z.nullable(z.string()),
  documents: z.number(),
  symbols: z.number(),
  occurrences: z.number(),
  last_build_ms: z.nullable(z.number()),
  building: z.boolean(),
  indexers: z.array(IndexerReport),
  last_error: z.nullable(z.string()),
  syntactic: opt(z.boolean(), 'Answers come from the first, syntactic index while the precise one builds.'),
  seeded_from: opt(z.string(), 'The sibling worktree whose index this one started from.'),
  progress: opt(BuildProgress, 'The running build, with its expected time to the precise index.'),
  precise_waits: opt(
    z.string(),
    "Why this worktree's own precise build waits (no node_modules where its sibling has them): it answers from the sibling's index meanwhile.",
  ),
  coverage: opt(
    z.object({ by_tsconfig: z.number(), inferred: z.number(), inferred_sample: z.array(z.string()) }),
    "TypeScript/JavaScript files covered by the repo's tsconfigs, and those no tsconfig includes, indexed with a config Scry inferred (a sample of their paths).",
  ),
});

/** The daemon's inotify use, counted by the kernel. */
export const WatchUsage = z.object({
  inotify_watches: describe(
    z.nullable(z.number()),
    "Watches held by the daemon's inotify instances, counted from the `inotify wd:` lines of /proc/self/fdinfo (null where there is no /proc).",
  ),
  max_user_watches: describe(z.nullable(z.number()), 'fs.inotify.max_user_watches: the per-user limit those count against.'),
});

export const KnownRepo = z.object({
  repo: z.string(),
  kind: describe(
    z.enum(['git', 'explicit', 'forced', 'refused']),
    'How it is a repo: a git root, a folder indexed deliberately (scry index PATH), one forced in (the home folder), or one no longer allowed (never watched; scry forget drops it).',
  ),
  reason: opt(z.string(), 'Why a refused repo is not watched.'),
  exists: z.boolean(),
  indexed_at: z.nullable(z.string()),
  watching: z.boolean(),
  index_dir: z.string(),
  index_bytes: z.number(),
});

export const ReposResult = z.object({ repos: z.array(KnownRepo) });

export const ForgetRepoResult = z.object({
  repo: z.string(),
  index_dir: z.string(),
  freed_bytes: z.number(),
  was_watching: z.boolean(),
});

export const ProgressEvent = z.object({
  repo: z.string(),
  phase: z.enum(['indexing', 'decoding', 'storing', 'swapping', 'done', 'failed']),
  message: z.string(),
  percent: z.optional(z.number()),
});

export type RepoParams = z.output<typeof RepoParams>;
export type NameQueryParams = z.output<typeof NameQueryParams>;
export type RefsParams = z.output<typeof RefsParams>;
export type CallQueryParams = z.output<typeof CallQueryParams>;
export type ImpactParams = z.output<typeof ImpactParams>;
export type SearchParams = z.output<typeof SearchParams>;
export type SymbolsParams = z.output<typeof SymbolsParams>;
export type IndexParams = z.output<typeof IndexParams>;
export type IndexStatus = z.output<typeof IndexStatus>;
export type IndexFreshness = z.output<typeof IndexFreshness>;
export type BuildProgress = z.output<typeof BuildProgress>;
export type Occurrence = z.output<typeof Occurrence>;
export type SymbolMatch = z.output<typeof SymbolMatch>;
export type MatchCounts = z.output<typeof MatchCounts>;
export type FileCount = z.output<typeof FileCount>;
export type Suggestion = z.output<typeof Suggestion>;
export type OccurrenceUse = NonNullable<Occurrence['use']>;
export type QueryResult = z.output<typeof QueryResult>;
export type SearchHit = z.output<typeof SearchHit>;
export type SearchResult = z.output<typeof SearchResult>;
export type OutlineEntry = z.output<typeof OutlineEntry>;
export type SymbolsResult = z.output<typeof SymbolsResult>;
export type ImpactEntry = z.output<typeof ImpactEntry>;
export type ImpactResult = z.output<typeof ImpactResult>;
export type ImpactSection = (typeof IMPACT_SECTIONS)[number];
export type IndexerReport = z.output<typeof IndexerReport>;
export type IndexResult = z.output<typeof IndexResult>;
export type RepoStatus = z.output<typeof RepoStatus>;
export type ProgressEvent = z.output<typeof ProgressEvent>;
export type WatchUsage = z.output<typeof WatchUsage>;
export type KnownRepo = z.output<typeof KnownRepo>;
export type ReposResult = z.output<typeof ReposResult>;
export type ForgetRepoParams = z.output<typeof ForgetRepoParams>;
export type ForgetRepoResult = z.output<typeof ForgetRepoResult>;

// ---- methods ---------------------------------------------------------------

const nameArg = (example: string) => ({ field: 'name', label: 'NAME', required: true, example, needs: 'a symbol name' });

export const IndexRepo = defineMethod({
  method: 'code/index',
  params: IndexParams,
  result: IndexResult,
  cli: {
    command: 'index',
    group: 'queries',
    summary: 'index (or with --force, rebuild) the repo at PATH',
    arg: { field: 'repo', label: 'PATH', required: false, example: 'scry index .', needs: 'a folder' },
    paths: ['scip', 'export_scip'],
    hidden: ['explicit'],
  },
});

export const Repos = defineMethod({
  method: 'code/repos',
  params: z.object({}),
  result: ReposResult,
  cli: { command: 'repos', group: 'daemon', summary: 'every repository indexed here, and how it became one' },
});

export const ForgetRepo = defineMethod({
  method: 'code/forget',
  params: ForgetRepoParams,
  result: ForgetRepoResult,
  cli: {
    command: 'forget',
    group: 'daemon',
    summary: 'stop watching PATH and delete its index',
    arg: { field: 'repo', label: 'PATH', required: true, example: 'scry forget ~/old-checkout', needs: 'a folder' },
  },
});

export const Refs = defineMethod({
  method: 'code/refs',
  params: RefsParams,
  result: QueryResult,
  cli: { command: 'refs', group: 'queries', summary: 'every reference to the symbols named NAME', arg: nameArg('scry refs processOrder') },
});

export const Defs = defineMethod({
  method: 'code/defs',
  params: NameMemoryParams,
  result: QueryResult,
  cli: { command: 'defs', group: 'queries', summary: 'where the symbols named NAME are defined', arg: nameArg('scry defs processOrder') },
});

export const Callers = defineMethod({
  method: 'code/callers',
  params: CallersParams,
  result: QueryResult,
  cli: {
    command: 'callers',
    group: 'queries',
    summary: 'the functions that call NAME (--all-refs: that use it at all)',
    arg: nameArg('scry callers processOrder'),
  },
});

export const Callees = defineMethod({
  method: 'code/callees',
  params: CallQueryParams,
  result: QueryResult,
  cli: { command: 'callees', group: 'queries', summary: 'what NAME calls (--all-refs: everything it uses)', arg: nameArg('scry callees processOrder') },
});

export const Impls = defineMethod({
  method: 'code/impls',
  params: NameQueryParams,
  result: QueryResult,
  cli: { command: 'impls', group: 'queries', summary: 'implementations, subclasses and overrides of NAME', arg: nameArg('scry impls OrderRepo') },
});

export const Search = defineMethod({
  method: 'code/search',
  params: SearchParams,
  result: SearchResult,
  cli: {
    command: 'search',
    group: 'queries',
    summary: 'symbols by name: exact, prefix, camelCase (sMT), substring',
    arg: { field: 'pattern', label: 'PATTERN', required: true, example: 'scry search procOrd', needs: 'a pattern' },
  },
});

export const Symbols = defineMethod({
  method: 'code/symbols',
  params: SymbolsParams,
  result: SymbolsResult,
  cli: {
    command: 'symbols',
    group: 'queries',
    summary: 'the outline of one file',
    arg: { field: 'file', label: 'FILE', required: true, example: 'scry symbols src/orders.ts', needs: 'a file' },
    files: ['file'],
  },
});

export const Impact = defineMethod({
  method: 'code/impact',
  params: ImpactParams,
  result: ImpactResult,
  cli: {
    command: 'impact',
    group: 'queries',
    summary: 'what may break if NAME changes: callers, impls, files, tests',
    arg: nameArg('scry impact OrderService#processOrder'),
  },
});

/** The read-only name/file queries, in the order the CLI lists them. */
export const CODE_QUERIES = [Refs, Defs, Callers, Callees, Impls, Search, Symbols, Impact] as const;

/** Broadcast when a repo's new index has been swapped in (the extension refreshes). */
export const IndexSwapped = defineNotification({ method: 'code/swapped', params: IndexResult });

/** Broadcast to every connected client while a repo builds. */
export const Progress = defineNotification({ method: 'code/progress', params: ProgressEvent });
