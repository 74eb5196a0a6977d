// Zod mirrors of the answer shapes in daemon/protocol.ts, for MCP output
// schemas. Objects are loose: a newer daemon may add fields, and an agent is
// better served by seeing them than by a validation error.
import { z } from 'zod';

export const repoField = z
  .string()
  .optional()
  .describe('Absolute path of the repository to ask about. Default: the git root of the directory the agent was started in.');

export const symbolField = z
  .string()
  .min(1)
  .describe(
    'A symbol name, matched exactly ignoring case (`processOrder`), or a compound form naming its owner: `OrderService.processOrder`, `OrderService#processOrder`, `DB::table`, `auth->user`, `client.Connect`.',
  );

export const limitField = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('At most this many occurrences in the answer; `truncated` then says how many more there are and in how many files.');

const freshness = z.looseObject({
  indexed_at: z.string(),
  status: z.string().describe('ready | partial | empty | stale'),
  partial: z.boolean().optional().describe('True when some language was not indexed: an empty answer is then not proof of absence.'),
  missing_languages: z.array(z.string()).optional(),
  overlay_files: z.number().optional(),
});

const occurrence = z.looseObject({
  file: z.string().describe('Repo-relative, /-separated.'),
  line: z.number().describe('1-based.'),
  column: z.number().describe('1-based.'),
  end_line: z.number(),
  end_column: z.number(),
  context: z.string().describe('The trimmed source line.'),
  containing_symbol: z.string().nullable().describe('The definition this occurrence sits in.'),
  is_definition: z.boolean(),
  is_call: z.boolean().optional(),
  precision: z.string().optional(),
});

export const queryResult = {
  symbol: z.string(),
  matches: z.array(
    z.looseObject({
      symbol_id: z.string().describe('The SCIP symbol: unique across the repo.'),
      display_name: z.string(),
      kind: z.string(),
      occurrences: z.array(occurrence),
    }),
  ),
  total: z.number().describe('All occurrences found, including any cut by limit.'),
  elapsed_ms: z.number(),
  index: freshness,
  truncated: z.string().optional(),
  note: z.string().optional(),
};

export const searchResult = {
  pattern: z.string(),
  results: z.array(
    z.looseObject({
      symbol_id: z.string(),
      display_name: z.string(),
      qualified_name: z.string(),
      kind: z.string(),
      file: z.string().nullable(),
      line: z.number().nullable(),
      column: z.number().nullable(),
      score: z.number(),
    }),
  ),
  total: z.number(),
  elapsed_ms: z.number(),
  index: freshness,
  truncated: z.string().optional(),
};

export const symbolsResult = {
  file: z.string(),
  symbols: z.array(
    z.looseObject({
      symbol_id: z.string(),
      display_name: z.string(),
      kind: z.string(),
      line: z.number(),
      column: z.number(),
      end_line: z.number(),
      end_column: z.number(),
      containing_symbol: z.string().nullable(),
    }),
  ),
  elapsed_ms: z.number(),
  index: freshness,
};

const impactEntry = z.looseObject({
  symbol_id: z.string(),
  display_name: z.string(),
  kind: z.string(),
  file: z.string(),
  line: z.number(),
  depth: z.number().optional(),
});

export const impactResult = {
  symbol: z.string(),
  counts: z.looseObject({ callers: z.number(), implementations: z.number(), importing_files: z.number(), test_files: z.number() }),
  callers: z.array(impactEntry),
  implementations: z.array(impactEntry),
  importing_files: z.array(z.string()),
  test_files: z.array(z.string()),
  elapsed_ms: z.number(),
  index: freshness,
  truncated: z.string().optional(),
  note: z.string().optional(),
};

const indexerReport = z.looseObject({
  language: z.string(),
  indexer: z.string(),
  status: z.string(),
  file_count: z.number(),
  duration_ms: z.number(),
  error: z.string().optional(),
  remedy: z.string().optional(),
});

export const statusResult = {
  daemon: z.looseObject({
    pid: z.number(),
    version: z.string(),
    protocol: z.number(),
    home: z.string(),
    socket: z.string(),
    started_at: z.string(),
    uptime_ms: z.number(),
    log_file: z.string(),
    node: z.string(),
  }),
  repos: z.array(
    z.looseObject({
      repo: z.string(),
      effective_status: z.string(),
      indexed_at: z.string().nullable(),
      documents: z.number(),
      symbols: z.number(),
      occurrences: z.number(),
      last_build_ms: z.number().nullable(),
      building: z.boolean(),
      indexers: z.array(indexerReport),
      last_error: z.string().nullable(),
    }),
  ),
};
