// The per-repo index database. Everything a query needs is precomputed here,
// and every query is an index lookup: occurrences are clustered by symbol.
export const SCHEMA_VERSION = 1;

export const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  language TEXT NOT NULL,
  occurrence_count INTEGER NOT NULL
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
  signature TEXT
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
`;

// Built after the bulk insert: cheaper than maintaining them row by row.
export const INDEXES = `
CREATE UNIQUE INDEX symbols_key ON symbols (symbol, document_id);
CREATE INDEX symbols_name ON symbols (name_lower);
CREATE INDEX occurrences_document ON occurrences (document_id, line, col);
CREATE INDEX relationships_target ON relationships (target_id, is_implementation);
`;
