// The memory domain's methods: the write path (ingest, sweep, retry) and its status.
import * as z from 'zod/mini';
import { defineMethod, defineNotification, describe, opt, positiveInt } from './method';
import { MemoryEditorStorage } from './memory-editors';
import { MemoryStatus } from './memory-status';
import { ENTITY_TYPES } from './vocabulary';
import { MemoryWhy } from './why';

export { MemoryStatus, ProviderStatus } from './memory-status';
export { agentName, EditorStorageParams, EditorStorageResult, MemoryEditorStorage } from './memory-editors';

/**
 * A transcript format, by the id its declaration in the daemon's source
 * registry (daemon/memory/sources/) gives it. The daemon checks it against
 * the registry and names the ones it knows; `memory status` lists them.
 */
export const MemorySource = z.string().check(z.minLength(1));

export const IngestParams = z.object({
  source: describe(
    MemorySource,
    'What the path holds: claude (a session .jsonl or a projects folder), codex (a rollout or a sessions folder), run (a run directory or a folder of them), seed (a markdown file or folder), aider (a .aider.chat.history.md), copilot (a VS Code chatSessions .json/.jsonl), cline and roo (a task folder); `scry memory status` lists every source the daemon reads.',
  ),
  path: describe(z.string().check(z.minLength(1)), 'A file or a folder to search for sources of that kind.'),
});

export const FileResult = z.object({
  path: z.string(),
  source: MemorySource,
  outcome: z.enum(['ingested', 'unchanged', 'too-recent', 'too-short', 'extractor', 'failed']),
  added: z.number(),
  existing: z.number(),
  reset: z.optional(z.boolean()),
  unknownTypes: z.optional(z.record(z.string(), z.number())),
  malformedLines: z.optional(z.number()),
  redactions: z.optional(z.number()),
  error: z.optional(z.string()),
  /** Set when the file is in a format this Scry cannot read: what it expected there. */
  expected: z.optional(z.string()),
});

export const IngestResult = z.object({
  files: z.array(FileResult),
  /** New episodes stored (and queued for extraction). */
  added: z.number(),
  /** Episodes that were already stored (a re-ingest). */
  existing: z.number(),
  failed: z.number(),
  elapsed_ms: z.number(),
  dry_run: z.optional(z.boolean()),
});

export const SweepParams = z.object({ dry_run: opt(z.boolean(), 'Show what a sweep would ingest, write nothing.') });

export const SweepResult = z.object({
  sources: z.array(
    z.object({
      source: MemorySource,
      roots: z.array(z.string()),
      stores: z.array(z.string()),
      files: z.number(),
      ingested: z.number(),
      unchanged: z.number(),
      too_recent: z.number(),
      failed: z.number(),
      added: z.number(),
    }),
  ),
  added: z.number(),
  failed: z.array(z.object({ path: z.string(), error: z.string(), expected: z.optional(z.string()) })),
  elapsed_ms: z.number(),
  dry_run: z.boolean(),
});

export const MemoryProgress = z.object({
  phase: z.enum(['ingest', 'sweep', 'extract']),
  done: z.number(),
  total: z.number(),
  message: z.string(),
});

export type MemorySource = z.output<typeof MemorySource>;
export type IngestParams = z.output<typeof IngestParams>;
export type IngestResult = z.output<typeof IngestResult>;
export type SweepParams = z.output<typeof SweepParams>;
export type SweepResult = z.output<typeof SweepResult>;
export type MemoryProgress = z.output<typeof MemoryProgress>;

export const MemoryIngest = defineMethod({
  method: 'memory/ingest',
  params: IngestParams,
  result: IngestResult,
  cli: {
    command: 'memory ingest',
    group: 'memory',
    summary: 'distill agent transcripts at --path into episodes (--source claude|codex|gemini|opencode|qwen|cursor|aider|copilot|cline|roo|run|seed)',
    paths: ['path'],
  },
});

export const MemorySweep = defineMethod({
  method: 'memory/sweep',
  params: SweepParams,
  result: SweepResult,
  cli: { command: 'memory sweep', group: 'memory', summary: 'ingest every known source (files modified in the last 5 minutes wait)' },
});

export const MemoryRetry = defineMethod({
  method: 'memory/retry',
  params: z.object({}),
  result: z.object({ requeued: z.number() }),
  cli: { command: 'memory retry', group: 'memory', summary: 'queue the episodes no provider could extract again' },
});

export const MemoryStatusMethod = defineMethod({
  method: 'memory/status',
  params: z.object({}),
  result: MemoryStatus,
  cli: { command: 'memory status', group: 'memory', summary: 'episodes, entities, facts, the extraction queue and each provider' },
});

/** Broadcast while an ingest or sweep runs, and as the queue drains. */
export const MemoryProgressNotification = defineNotification({ method: 'memory/progress', params: MemoryProgress });

/** Broadcast when the graph changed (episodes stored, an extraction applied), for views that show it. */
export const MemoryChanged = defineNotification({
  method: 'memory/changed',
  params: z.object({
    episodes: z.number(),
    facts: z.number(),
    entities: opt(z.array(z.number()), 'The entities a remember named: an open graph view draws them, linked or not.'),
  }),
});

// ---- part 2: the read side (recall, episodes, path, graph), remember, inspection, orientation ----

const entityName = describe(z.string().check(z.minLength(1)), 'An entity by name or alias (`hermes`, `the Hermes agent`), or by id as `#12`.');
const asOf = opt(z.string(), 'Answer as the world was at this ISO time (facts valid then), instead of now.');
const memLimit = (what: string) => opt(positiveInt(), what);

/** A source id, or `manual` for a remembered fact. */
export const MemorySourceType = z.string();

export const EntityRef = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  aliases: opt(z.array(z.string()), 'Other spellings that resolve to it.'),
  description: z.optional(z.string()),
  repo: z.optional(z.string()),
});

export const MemoryFact = z.object({
  id: z.number(),
  source: z.string(),
  source_id: z.number(),
  relation: z.string(),
  target: z.optional(z.string()),
  target_id: z.optional(z.number()),
  value: z.optional(z.string()),
  text: describe(z.string(), 'The fact in plain words.'),
  confidence: z.number(),
  valid_from: z.optional(z.string()),
  valid_to: opt(z.string(), 'Set when the fact stopped holding (superseded or invalidated).'),
  recorded_at: z.string(),
  expired_at: z.optional(z.string()),
  superseded_by: z.optional(z.number()),
  /** How many episodes support it. */
  evidence: z.number(),
});

export const EpisodeRef = z.object({
  id: z.string(),
  source: MemorySourceType,
  occurred_at: z.string(),
  summary: z.string(),
  /** Open this to read the evidence: the source file and its 1-based inclusive line span. */
  path: z.string(),
  line_start: z.number(),
  line_end: z.number(),
  session_id: z.string(),
  /** The session this one belongs to: a subagent's or a compaction's parent session. */
  parent_session_id: z.optional(z.string()),
  repo_root: z.optional(z.string()),
  /** Code the episode mentions, anchored in its repository's index: the mention and its state now (`fresh src/a.ts:3`, `drifted (moved) now …`, `gone`). Set by episodes and episode. */
  code: z.optional(z.array(z.object({ mention: z.string(), state: z.string() }))),
});

export const RecallParams = z.object({
  query: describe(z.string().check(z.minLength(1)), 'A name (`hermes`), an alias, or a question in words (`where do we deploy the API?`).'),
  as_of: asOf,
  limit: memLimit('At most this many entities (default 5).'),
  facts: memLimit('At most this many facts per entity (default 6).'),
  budget: memLimit('Rough token budget of the answer (default 700); what does not fit is counted in `omitted`.'),
  cwd: opt(z.string(), "The working directory: its repository is the project (recall ranks that project's sessions higher; remember files the fact under it)."),
});

/** A piece of what a past session said that answers the query, and where to read the whole of it. */
export const RecallPassage = z.object({
  /** The episode the passage is part of. */
  episode_id: z.string(),
  source: MemorySourceType,
  /** When the session happened. */
  occurred_at: z.string(),
  /** Open this to read it: the source file and the 1-based inclusive line span of the passage's turn. */
  path: z.string(),
  line_start: z.number(),
  line_end: z.number(),
  repo_root: z.optional(z.string()),
  /** The passage, whole, without its boilerplate lines and sentences shown above it (a longer one cut at sentence ends around the query's words, `…` where cut). */
  snippet: z.string(),
  score: z.number(),
  /** Code the passage mentions, anchored in its repository's index: the mention and its state now (`fresh src/a.ts:3`, `drifted (moved) now …`, `gone`). */
  code: z.optional(z.array(z.object({ mention: z.string(), state: z.string() }))),
});

export const RecallMatch = z.object({
  entity: EntityRef,
  /** How it was found: its name, one of its aliases, or full text (names, facts, episode summaries). */
  match: z.enum(['name', 'alias', 'text']),
  score: z.number(),
  facts: z.array(MemoryFact),
  facts_total: z.number(),
  episodes: z.array(EpisodeRef),
  episodes_total: z.number(),
});

export const RecallResult = z.object({
  query: z.string(),
  as_of: z.optional(z.string()),
  matches: z.array(RecallMatch),
  /** Episodes whose summary matches but that no entity links to (for instance a remembered note without a name). */
  episodes: z.array(EpisodeRef),
  total: describe(z.number(), 'Entities that matched, including those left out.'),
  omitted: z.object({ entities: z.number(), facts: z.number(), episodes: z.number(), passages: z.optional(z.number()) }),
  note: opt(z.string(), 'What was left out and how to get it.'),
  elapsed_ms: z.number(),
  /** What the sessions said that matches, best first, as snippets with the lines to open. */
  passages: z.optional(z.array(RecallPassage)),
  /** With memory.recall.rewrite on: the model provider asked to reword the query, and the words it gave (searched beside the query's) or why it gave none. */
  rewrite: z.optional(z.object({ provider: z.string(), terms: z.optional(z.string()), error: z.optional(z.string()) })),
});

export const EpisodesParams = z.object({ entity: entityName, limit: memLimit('At most this many episodes (default 10), newest first.') });
export const EpisodesResult = z.object({
  entity: EntityRef,
  episodes: z.array(EpisodeRef),
  total: z.number(),
  note: z.optional(z.string()),
  elapsed_ms: z.number(),
});

export const PathParams = z.object({
  from: entityName,
  to: entityName,
  max_depth: opt(z.int().check(z.positive(), z.maximum(6)), 'Longest chain to look for (default 4 hops).'),
});
export const PathHop = z.object({ from: z.string(), to: z.string(), fact: MemoryFact, evidence: z.optional(EpisodeRef) });
export const PathResult = z.object({
  from: EntityRef,
  to: EntityRef,
  found: z.boolean(),
  hops: z.array(PathHop),
  note: z.optional(z.string()),
  elapsed_ms: z.number(),
});

export const RememberParams = z.object({
  text: describe(z.string().check(z.minLength(1)), 'The fact to keep, one or two sentences in plain words ("the Hermes API is deployed on web-2").'),
  entity: opt(
    z.array(z.string().check(z.minLength(1))),
    `Entities the fact is about, created when unknown, \`type:name\` giving a new one its type (${ENTITY_TYPES.join(', ')}; e.g. \`machine:web-2\`).`,
  ),
  cwd: opt(z.string(), 'The directory the fact was learnt in, whose repository becomes the project it belongs to.'),
  at: opt(z.string(), 'When the fact became true, an ISO time (default now).'),
});
export const RememberResult = z.object({
  episode_id: z.string(),
  /** False when the same text was remembered before: nothing new was stored. */
  created: z.boolean(),
  entities: z.array(EntityRef),
  facts: z.array(MemoryFact),
  /** queued: a configured model will refine it from the queue; offline-only: no model is configured. */
  refine: z.enum(['queued', 'offline-only', 'done']),
  note: z.optional(z.string()),
  elapsed_ms: z.number(),
});

export const EntitiesParams = z.object({
  type: opt(z.enum(ENTITY_TYPES), 'Only entities of this type.'),
  limit: memLimit('At most this many (default 50), most recently updated first.'),
  cursor: opt(z.string(), 'The next_cursor of the previous page.'),
});
export const EntityRow = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  aliases: z.array(z.string()),
  current_facts: z.number(),
  updated_at: z.string(),
});
export const EntitiesResult = z.object({ entities: z.array(EntityRow), total: z.number(), next_cursor: z.optional(z.string()), elapsed_ms: z.number() });

export const FactsParams = z.object({
  entity: entityName,
  all: opt(z.boolean(), 'Also facts that were superseded or invalidated.'),
  limit: memLimit('At most this many facts (default 100).'),
});
export const FactsResult = z.object({
  entity: EntityRef,
  facts: z.array(MemoryFact),
  total: z.number(),
  truncated: z.optional(z.string()),
  elapsed_ms: z.number(),
});

export const InvalidateParams = z.object({
  fact: describe(z.string().check(z.minLength(1)), 'The id of the fact (from recall or facts).'),
  at: opt(z.string(), 'When it stopped being true, an ISO time (default now).'),
});
export const InvalidateResult = z.object({ fact: MemoryFact, changed: z.boolean() });

export const ForgetParams = z.object({
  entity: opt(z.string().check(z.minLength(1)), 'Delete this entity, its aliases and every fact it takes part in.'),
  episode: opt(z.string().check(z.minLength(1)), 'Delete this episode (by id or unique id prefix).'),
  with_facts: opt(z.boolean(), 'Also delete the facts only that episode supports (with --episode).'),
});
export const ForgetResult = z.object({ entities: z.number(), facts: z.number(), episodes: z.number() });

export const GraphParams = z.object({
  around: opt(z.string().check(z.minLength(1)), 'Centre entity by name, alias or #id (default: the most recently active entities).'),
  depth: opt(z.int().check(z.positive(), z.maximum(6)), 'Hops from the centre (default 2).'),
  limit: memLimit('Nodes per page (default 100).'),
  cursor: opt(z.string(), 'The next_cursor of the previous page.'),
  as_of: asOf,
});
export const GraphNode = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string(),
  /** Hops from the centre (0 for it); absent without --around. */
  depth: z.optional(z.number()),
  /** Current facts it takes part in (edges and values). */
  facts: z.number(),
  updated_at: z.string(),
});
export const GraphEdge = z.object({
  id: z.number(),
  source: z.number(),
  target: z.number(),
  relation: z.string(),
  text: z.string(),
  valid_from: z.optional(z.string()),
  confidence: z.number(),
});
export const GraphResult = z.object({
  center: z.optional(EntityRef),
  nodes: z.array(GraphNode),
  /** Facts between the nodes of this page and those of earlier pages. */
  edges: z.array(GraphEdge),
  page: z.object({
    limit: z.number(),
    returned: z.number(),
    offset: z.number(),
    has_more: z.boolean(),
    next_cursor: z.optional(z.string()),
    total: opt(z.number(), 'Nodes reachable (within depth), when known.'),
  }),
  elapsed_ms: z.number(),
});

export const OrientParams = z.object({
  cwd: opt(z.string().check(z.minLength(1)), 'The directory the session starts in (default: where scry runs); its git root is the repository.'),
  budget: memLimit('Token budget (default 500); the block is always within it, trimmed by importance, never mid-line.'),
  hook: opt(
    z.boolean(),
    "Run as Claude Code's SessionStart hook: read cwd from the hook input on stdin, print the hook's JSON, and print nothing when hooks.session_start is off in config.yaml.",
  ),
});
export const OrientResult = z.object({
  text: describe(z.string(), 'The markdown block; empty when memory knows nothing worth saying.'),
  tokens: z.number(),
  budget: z.number(),
  repo: z.optional(z.string()),
  project: z.optional(z.string()),
  /** Lines left out to stay within the budget. */
  omitted: z.number(),
  elapsed_ms: z.number(),
});

export const QueueFileParams = z.object({
  /** The source id; or, from a SessionEnd hook, `agent` names whose hook it is and the registry says which source that agent writes. */
  source: z.optional(MemorySource),
  agent: z.optional(z.string()),
  path: z.string().check(z.minLength(1)),
  /** From a SessionEnd hook: honours hooks.session_end in config.yaml. */
  hook: z.optional(z.boolean()),
});
export const QueueFileResult = z.object({ queued: z.boolean(), reason: z.optional(z.string()) });

export type MemoryFact = z.output<typeof MemoryFact>;
export type EntityRef = z.output<typeof EntityRef>;
export type EpisodeRef = z.output<typeof EpisodeRef>;
export type RecallParams = z.output<typeof RecallParams>;
export type RecallMatch = z.output<typeof RecallMatch>;
export type RecallPassage = z.output<typeof RecallPassage>;
export type RecallResult = z.output<typeof RecallResult>;
export type EpisodesParams = z.output<typeof EpisodesParams>;
export type EpisodesResult = z.output<typeof EpisodesResult>;
export type PathParams = z.output<typeof PathParams>;
export type PathHop = z.output<typeof PathHop>;
export type PathResult = z.output<typeof PathResult>;
export type RememberParams = z.output<typeof RememberParams>;
export type RememberResult = z.output<typeof RememberResult>;
export type EntitiesParams = z.output<typeof EntitiesParams>;
export type EntityRow = z.output<typeof EntityRow>;
export type EntitiesResult = z.output<typeof EntitiesResult>;
export type FactsParams = z.output<typeof FactsParams>;
export type FactsResult = z.output<typeof FactsResult>;
export type InvalidateParams = z.output<typeof InvalidateParams>;
export type InvalidateResult = z.output<typeof InvalidateResult>;
export type ForgetParams = z.output<typeof ForgetParams>;
export type ForgetResult = z.output<typeof ForgetResult>;
export type GraphParams = z.output<typeof GraphParams>;
export type GraphNode = z.output<typeof GraphNode>;
export type GraphEdge = z.output<typeof GraphEdge>;
export type GraphResult = z.output<typeof GraphResult>;
export type OrientParams = z.output<typeof OrientParams>;
export type OrientResult = z.output<typeof OrientResult>;
export type QueueFileParams = z.output<typeof QueueFileParams>;
export type QueueFileResult = z.output<typeof QueueFileResult>;

const entityArg = (example: string) => ({ field: 'entity', label: 'ENTITY', required: true, example, needs: 'an entity name' });

export const MemoryRecall = defineMethod({
  method: 'memory/recall',
  params: RecallParams,
  result: RecallResult,
  cli: {
    command: 'memory recall',
    group: 'memory',
    summary: 'what memory knows about QUERY: entities, current facts (or --as-of), recent episodes',
    arg: { field: 'query', label: 'QUERY', required: true, example: 'scry memory recall "where do we deploy the API?"', needs: 'a name or a question' },
    paths: ['cwd'],
  },
});

export const MemoryEpisodes = defineMethod({
  method: 'memory/episodes',
  params: EpisodesParams,
  result: EpisodesResult,
  cli: {
    command: 'memory episodes',
    group: 'memory',
    summary: 'the sessions that mention ENTITY, newest first, with where to read them',
    arg: entityArg('scry memory episodes hermes'),
  },
});

export const MemoryPath = defineMethod({
  method: 'memory/path',
  params: PathParams,
  result: PathResult,
  cli: {
    command: 'memory path',
    group: 'memory',
    summary: 'the shortest chain of current facts between FROM and TO',
    arg: { field: 'from', label: 'FROM', required: true, example: 'scry memory path hermes pnpm', needs: 'two entity names' },
    arg2: { field: 'to', label: 'TO', required: true, example: 'scry memory path hermes pnpm', needs: 'two entity names' },
  },
});

export const MemoryRemember = defineMethod({
  method: 'memory/remember',
  params: RememberParams,
  result: RememberResult,
  cli: {
    command: 'memory remember',
    group: 'memory',
    summary: 'keep FACT now (a manual episode, resolved offline at once; --entity X to name what it is about)',
    arg: {
      field: 'text',
      label: 'FACT',
      required: true,
      example: 'scry memory remember "the Hermes API is deployed on web-2" --entity hermes',
      needs: 'the fact in words',
    },
    paths: ['cwd'],
  },
});

export const MemoryEntities = defineMethod({
  method: 'memory/entities',
  params: EntitiesParams,
  result: EntitiesResult,
  cli: { command: 'memory entities', group: 'memory', summary: 'the entities memory knows (--type), most recently updated first' },
});

export const MemoryFacts = defineMethod({
  method: 'memory/facts',
  params: FactsParams,
  result: FactsResult,
  cli: {
    command: 'memory facts',
    group: 'memory',
    summary: 'the current facts of ENTITY (--all: with superseded and invalidated ones)',
    arg: entityArg('scry memory facts hermes --all'),
  },
});

export const MemoryInvalidate = defineMethod({
  method: 'memory/invalidate',
  params: InvalidateParams,
  result: InvalidateResult,
  cli: {
    command: 'memory invalidate',
    group: 'memory',
    summary: 'mark fact FACT_ID as no longer true (kept in history; --at TIME)',
    arg: { field: 'fact', label: 'FACT_ID', required: true, example: 'scry memory invalidate 42', needs: 'a fact id' },
  },
});

export const MemoryForget = defineMethod({
  method: 'memory/forget',
  params: ForgetParams,
  result: ForgetResult,
  cli: {
    command: 'memory forget',
    group: 'memory',
    summary: 'delete ENTITY with its facts, or --episode ID (--with-facts: and the facts only it supports)',
    arg: { field: 'entity', label: 'ENTITY', required: false, example: 'scry memory forget old-box', needs: 'an entity' },
  },
});

export const MemoryGraph = defineMethod({
  method: 'memory/graph',
  params: GraphParams,
  result: GraphResult,
  cli: { command: 'memory graph', group: 'memory', summary: 'nodes and edges for the graph view (--around ENTITY --depth N --limit N --cursor C)' },
});

export const MemoryOrient = defineMethod({
  method: 'memory/orient',
  params: OrientParams,
  result: OrientResult,
  cli: { command: 'memory orient', group: 'memory', summary: 'the short orientation a new agent session gets (--cwd DIR --budget TOKENS)', paths: ['cwd'] },
});

/** A SessionEnd hook hands over a transcript: the daemon answers at once and ingests it in the background. */
export const MemoryQueueFile = defineMethod({ method: 'memory/queue-file', params: QueueFileParams, result: QueueFileResult });

export const EpisodeParams = z.object({ id: describe(z.string().check(z.minLength(6)), 'The episode id, or a unique prefix of it (at least 6 characters).') });
export const EpisodeResult = z.object({ episode: EpisodeRef, text: z.string(), tokens: z.number(), extraction: z.string() });
export type EpisodeParams = z.output<typeof EpisodeParams>;
export type EpisodeResult = z.output<typeof EpisodeResult>;

/** One episode's distilled (redacted) text: what the editor shows when an episode is opened. */
export const MemoryEpisode = defineMethod({
  method: 'memory/episode',
  params: EpisodeParams,
  result: EpisodeResult,
  cli: {
    command: 'memory episode',
    group: 'memory',
    summary: 'the distilled text of one episode (by id or prefix)',
    arg: { field: 'id', label: 'ID', required: true, example: 'scry memory episode 3f2a9c', needs: 'an episode id' },
  },
});

// In the order the methods were declared (listings and help follow it).
export const MEMORY_METHODS = [
  MemoryEditorStorage,
  MemoryIngest,
  MemorySweep,
  MemoryRetry,
  MemoryStatusMethod,
  MemoryEpisode,
  MemoryRecall,
  MemoryEpisodes,
  MemoryPath,
  MemoryRemember,
  MemoryEntities,
  MemoryFacts,
  MemoryInvalidate,
  MemoryForget,
  MemoryGraph,
  MemoryOrient,
  MemoryQueueFile,
  MemoryWhy,
] as const;
