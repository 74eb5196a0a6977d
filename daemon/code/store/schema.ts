// The per-repo index database. Everything a query needs is precomputed here,
// and every query is an index lookup: occurrences are clustered by symbol.
export const SCHEMA_VERSION = 5;

export const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  language TEXT NOT NULL,
  occurrence_count INTEGER NOT NULL,
  -- a test file by its language's conventions (read by impact without the language registry)
  is_test INTEGER NOT NULL
);

CREATE TABLE symbols (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL,
  -- set only for 'local N' symbols, which are scoped to one document
  document_id INTEGER,
  name TEXT NOT NULL,
  name_lower TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  parent_name TEXT,
  kind TEXT NOT NULL,
  is_external INTEGER NOT NULL,
  signature TEXT,
  -- lowercase first letter of each camelCase/snake_case word, for search
  initials TEXT NOT NULL,
  -- first definition, so search answers with a location without a join
  def_document_id INTEGER,
  def_line INTEGER,
  def_col INTEGER
);

CREATE TABLE occurrences (
  symbol_id INTEGER NOT NULL,
  document_id INTEGER NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  end_col INTEGER NOT NULL,
  roles INTEGER NOT NULL,
  is_definition INTEGER NOT NULL,
  is_call INTEGER NOT NULL,
  -- how the symbol is used here, see store/uses.ts
  use INTEGER NOT NULL DEFAULT 0,
  containing_id INTEGER,
  PRIMARY KEY (symbol_id, document_id, line, col)
) WITHOUT ROWID;

-- Trimmed source text of each line that holds an occurrence (the 'context').
CREATE TABLE lines (
  document_id INTEGER NOT NULL,
  line INTEGER NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (document_id, line)
) WITHOUT ROWID;

CREATE TABLE relationships (
  symbol_id INTEGER NOT NULL,
  target_id INTEGER NOT NULL,
  is_implementation INTEGER NOT NULL,
  is_reference INTEGER NOT NULL,
  is_type_definition INTEGER NOT NULL,
  PRIMARY KEY (symbol_id, target_id)
) WITHOUT ROWID;

-- is_implementation relationships inverted and closed transitively: every
-- implementation or override of target_id, with how many steps away it is.
CREATE TABLE implementations (
  target_id INTEGER NOT NULL,
  impl_id INTEGER NOT NULL,
  depth INTEGER NOT NULL,
  PRIMARY KEY (target_id, impl_id)
) WITHOUT ROWID;

-- The call graph: per (callee, caller) definition pair, how many call sites
-- and how many references of any kind, and whether tree-sitter found every
-- one of them (syntactic 1). Filled from occurrences at the end.
CREATE TABLE calls (
  callee_id INTEGER NOT NULL,
  caller_id INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  refs INTEGER NOT NULL,
  syntactic INTEGER NOT NULL,
  PRIMARY KEY (callee_id, caller_id)
) WITHOUT ROWID;

-- The definitions of each file, for outlines: the name's range and, when the
-- indexer gives one, the whole definition's extent.
CREATE TABLE outline (
  document_id INTEGER NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  symbol_id INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  end_col INTEGER NOT NULL,
  extent_line INTEGER,
  extent_col INTEGER,
  extent_end_line INTEGER,
  extent_end_col INTEGER,
  containing_id INTEGER,
  PRIMARY KEY (document_id, line, col, symbol_id)
) WITHOUT ROWID;

-- Kept up while documents stream in: they come in id order, so each row is
-- appended (cheaper than building it after the indexer exits, which waits).
CREATE INDEX occurrences_document ON occurrences (document_id, line, col);

-- Substring search over names (trigrams), see query/search.ts.
CREATE VIRTUAL TABLE symbol_names USING fts5(name, tokenize = 'trigram');
`;

// Built after the bulk insert: cheaper than maintaining them row by row.
export const INDEXES = `
CREATE UNIQUE INDEX symbols_key ON symbols (symbol, document_id);
CREATE INDEX symbols_name ON symbols (name_lower);
CREATE INDEX relationships_target ON relationships (target_id, is_implementation);
CREATE INDEX occurrences_containing ON occurrences (containing_id, is_call);
CREATE INDEX symbols_initials ON symbols (initials);
CREATE INDEX calls_caller ON calls (caller_id);
`;
