// memory.db: episodes are the evidence; entities, aliases and facts are derived
// from them and can be rebuilt. Every read recall needs is an index lookup:
//  - exact name/alias: aliases(norm) → entity (PRIMARY KEY prefix);
//  - full text: three FTS5 tables (entities: name+aliases+description; facts:
//    text; episodes: summary), kept in sync by triggers so any writer
//    (extraction, forget, invalidate) keeps them right;
//  - current facts: a partial index over facts that are neither closed nor expired;
//  - as-of: facts(source_id, valid_from) and facts(target_id, valid_from);
//  - neighbourhood paging: the same indexes, keyset-paged by fact id.
// Migrations are an ordered list; PRAGMA user_version says how many ran.
import { ENTITY_TYPES } from '../../protocol/vocabulary';
import { ASSISTANT_PASSAGES_MIGRATION, PASSAGES_MIGRATION, RECURRENCE_MIGRATION, RECUT_MIGRATION, SHORT_RUNS_MIGRATION } from './passage-schema';

const ANCHORS_MIGRATION = `
CREATE TABLE anchors (
  id INTEGER PRIMARY KEY,
  episode_seq INTEGER NOT NULL,      -- episodes.seq
  fact_id INTEGER,                   -- facts.id, when a fact is the one mentioning
  mention TEXT NOT NULL,             -- as the session wrote it
  offset INTEGER NOT NULL,           -- into episodes.text (UTF-16 units), to find its passage
  repo TEXT NOT NULL,
  kind TEXT CHECK (kind IN ('symbol', 'file')),  -- NULL: unresolved, kept as text
  reason TEXT,                       -- why unresolved: unknown, ambiguous, external
  symbol TEXT,
  name TEXT,
  qualified_name TEXT,
  file TEXT,
  line INTEGER,
  def_hash TEXT,
  at TEXT NOT NULL,                  -- the session's time
  git_commit TEXT,                   -- HEAD as of the session's time (git rev-list --before)
  anchored_at TEXT NOT NULL          -- bookkeeping
);
CREATE INDEX anchors_episode ON anchors(episode_seq);
CREATE INDEX anchors_name ON anchors(name, at);
CREATE INDEX anchors_qualified ON anchors(qualified_name, at);
CREATE INDEX anchors_file ON anchors(file);
CREATE TABLE anchor_scans (episode_seq INTEGER PRIMARY KEY, scanned_at TEXT NOT NULL) WITHOUT ROWID;
CREATE TRIGGER episodes_anchors_ad AFTER DELETE ON episodes BEGIN
  DELETE FROM anchors WHERE episode_seq = old.seq;
  DELETE FROM anchor_scans WHERE episode_seq = old.seq;
END;
`;

/**
 * Issue 36: `file` entities. SQLite cannot change a CHECK in place, so the
 * entities table is rebuilt under the same name with the same ids (its FTS
 * rows, aliases and facts point at them), then its indexes and triggers are
 * made again. The migration runs with foreign keys off (db.ts), as SQLite's
 * table-rebuild procedure asks: dropping the old table must not cascade.
 * (Ids are kept, so facts, aliases and entity_episodes point where they did.)
 */
export const FILE_ENTITIES_MIGRATION = `
CREATE TABLE entities_next (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  norm TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN (${ENTITY_TYPES.map((t) => `'${t}'`).join(', ')})),
  description TEXT,
  repo TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (norm, type)
);
INSERT INTO entities_next(id, name, norm, type, description, repo, created_at, updated_at)
  SELECT id, name, norm, type, description, repo, created_at, updated_at FROM entities;
DROP TABLE entities;
-- The aliases triggers name \`entities\`: a legacy rename leaves them as written instead of checking them against a schema without it.
PRAGMA legacy_alter_table = ON;
ALTER TABLE entities_next RENAME TO entities;
PRAGMA legacy_alter_table = OFF;
CREATE INDEX entities_type ON entities(type, updated_at);
CREATE INDEX entities_repo ON entities(repo);
CREATE INDEX entities_updated ON entities(updated_at);
CREATE TRIGGER entities_ai AFTER INSERT ON entities BEGIN
  INSERT INTO entities_fts(rowid, name, aliases, description) VALUES (new.id, new.name, '', coalesce(new.description, ''));
END;
CREATE TRIGGER entities_au AFTER UPDATE OF name, description ON entities BEGIN
  DELETE FROM entities_fts WHERE rowid = old.id;
  INSERT INTO entities_fts(rowid, name, aliases, description)
    VALUES (new.id, new.name, coalesce((SELECT group_concat(alias, ' ') FROM aliases WHERE entity_id = new.id), ''), coalesce(new.description, ''));
END;
CREATE TRIGGER entities_ad AFTER DELETE ON entities BEGIN
  DELETE FROM entities_fts WHERE rowid = old.id;
END;
`;

export const MIGRATIONS: readonly string[] = [
  `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID; -- created_at and similar facts about the file

CREATE TABLE episodes (
  seq INTEGER PRIMARY KEY,            -- rowid, so FTS5 can point at it
  id TEXT NOT NULL UNIQUE,            -- sha256 of source path + span (EpisodeDraft.id)
  source TEXT NOT NULL,
  source_path TEXT NOT NULL,
  session_id TEXT NOT NULL,
  parent_session_id TEXT,
  line_start INTEGER NOT NULL,
  line_end INTEGER NOT NULL,
  occurred_at TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  cwd TEXT,
  git_branch TEXT,
  repo_root TEXT,
  text TEXT NOT NULL,
  summary TEXT NOT NULL,
  tokens INTEGER NOT NULL,
  extraction TEXT NOT NULL DEFAULT 'pending' CHECK (extraction IN ('pending', 'done', 'failed')),
  extracted_by TEXT,
  extracted_at TEXT
);
CREATE INDEX episodes_occurred ON episodes(occurred_at);
CREATE INDEX episodes_session ON episodes(session_id);
CREATE INDEX episodes_source ON episodes(source_path, line_start);
CREATE INDEX episodes_repo ON episodes(repo_root, occurred_at);

CREATE TABLE entities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  norm TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN (${ENTITY_TYPES.map((t) => `'${t}'`).join(', ')})),
  description TEXT,
  repo TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (norm, type)
);
CREATE INDEX entities_type ON entities(type, updated_at);
CREATE INDEX entities_repo ON entities(repo);

-- Every spelling of an entity, its own name included, by normalized key.
CREATE TABLE aliases (
  norm TEXT NOT NULL,
  entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  alias TEXT NOT NULL,
  PRIMARY KEY (norm, entity_id)
) WITHOUT ROWID;
CREATE INDEX aliases_entity ON aliases(entity_id);

CREATE TABLE facts (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  relation TEXT NOT NULL,
  target_id INTEGER REFERENCES entities(id) ON DELETE CASCADE,
  value TEXT,
  value_norm TEXT,
  text TEXT NOT NULL,
  confidence REAL NOT NULL,
  valid_from TEXT,                    -- when it became true in the world (NULL: unknown, since always)
  valid_to TEXT,                      -- when it stopped being true (NULL: still true)
  recorded_at TEXT NOT NULL,          -- when Scry learned it
  expired_at TEXT,                    -- when Scry retired it (superseded or invalidated)
  superseded_by INTEGER REFERENCES facts(id) ON DELETE SET NULL,
  CHECK ((target_id IS NULL) <> (value IS NULL))
);
CREATE INDEX facts_source ON facts(source_id, valid_from);
CREATE INDEX facts_target ON facts(target_id, valid_from) WHERE target_id IS NOT NULL;
CREATE INDEX facts_key ON facts(source_id, relation, target_id, value_norm);
CREATE INDEX facts_current ON facts(source_id, relation) WHERE valid_to IS NULL AND expired_at IS NULL;
CREATE INDEX facts_recorded ON facts(recorded_at);

CREATE TABLE fact_episodes (
  fact_id INTEGER NOT NULL REFERENCES facts(id) ON DELETE CASCADE,
  episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  provider TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  PRIMARY KEY (fact_id, episode_id)
) WITHOUT ROWID;
CREATE INDEX fact_episodes_episode ON fact_episodes(episode_id);

-- Entities an episode mentions (with or without a fact), for "episodes ENTITY".
CREATE TABLE entity_episodes (
  entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  episode_id TEXT NOT NULL REFERENCES episodes(id) ON DELETE CASCADE,
  occurred_at TEXT NOT NULL,
  PRIMARY KEY (entity_id, episode_id)
) WITHOUT ROWID;
CREATE INDEX entity_episodes_recent ON entity_episodes(entity_id, occurred_at);
CREATE INDEX entity_episodes_episode ON entity_episodes(episode_id);

CREATE TABLE cursors (
  path TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  offset INTEGER NOT NULL,
  last_line INTEGER NOT NULL,
  -- sha256 of the file's first bytes: a file replaced under the same name starts over.
  fingerprint TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE extraction_queue (
  episode_id TEXT PRIMARY KEY REFERENCES episodes(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  providers_tried TEXT,               -- comma-separated, last attempt
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  enqueued_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX queue_next ON extraction_queue(status, next_attempt_at);

CREATE TABLE provider_state (
  name TEXT PRIMARY KEY,
  cooldown_until TEXT,
  last_error TEXT,
  last_error_at TEXT,
  last_success_at TEXT,
  successes INTEGER NOT NULL DEFAULT 0,
  failures INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

CREATE TABLE budget_usage (
  day TEXT NOT NULL,                  -- UTC date, YYYY-MM-DD
  provider TEXT NOT NULL,
  episodes INTEGER NOT NULL DEFAULT 0,
  tokens INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, provider)
) WITHOUT ROWID;

CREATE VIRTUAL TABLE entities_fts USING fts5(name, aliases, description, tokenize = 'porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE facts_fts USING fts5(text, content = 'facts', content_rowid = 'id', tokenize = 'porter unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE episodes_fts USING fts5(summary, content = 'episodes', content_rowid = 'seq', tokenize = 'porter unicode61 remove_diacritics 2');

-- entities_fts holds one row per entity (rowid = entity id) with all its aliases.
CREATE TRIGGER entities_ai AFTER INSERT ON entities BEGIN
  INSERT INTO entities_fts(rowid, name, aliases, description) VALUES (new.id, new.name, '', coalesce(new.description, ''));
END;
CREATE TRIGGER entities_au AFTER UPDATE OF name, description ON entities BEGIN
  DELETE FROM entities_fts WHERE rowid = old.id;
  INSERT INTO entities_fts(rowid, name, aliases, description)
    VALUES (new.id, new.name, coalesce((SELECT group_concat(alias, ' ') FROM aliases WHERE entity_id = new.id), ''), coalesce(new.description, ''));
END;
CREATE TRIGGER entities_ad AFTER DELETE ON entities BEGIN
  DELETE FROM entities_fts WHERE rowid = old.id;
END;
CREATE TRIGGER aliases_ai AFTER INSERT ON aliases BEGIN
  DELETE FROM entities_fts WHERE rowid = new.entity_id;
  INSERT INTO entities_fts(rowid, name, aliases, description)
    SELECT e.id, e.name, coalesce((SELECT group_concat(alias, ' ') FROM aliases WHERE entity_id = e.id), ''), coalesce(e.description, '')
    FROM entities e WHERE e.id = new.entity_id;
END;
CREATE TRIGGER aliases_ad AFTER DELETE ON aliases BEGIN
  DELETE FROM entities_fts WHERE rowid = old.entity_id;
  INSERT INTO entities_fts(rowid, name, aliases, description)
    SELECT e.id, e.name, coalesce((SELECT group_concat(alias, ' ') FROM aliases WHERE entity_id = e.id), ''), coalesce(e.description, '')
    FROM entities e WHERE e.id = old.entity_id;
END;

CREATE TRIGGER facts_ai AFTER INSERT ON facts BEGIN
  INSERT INTO facts_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER facts_ad AFTER DELETE ON facts BEGIN
  INSERT INTO facts_fts(facts_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER facts_au AFTER UPDATE OF text ON facts BEGIN
  INSERT INTO facts_fts(facts_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO facts_fts(rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER episodes_ai AFTER INSERT ON episodes BEGIN
  INSERT INTO episodes_fts(rowid, summary) VALUES (new.seq, new.summary);
END;
CREATE TRIGGER episodes_ad AFTER DELETE ON episodes BEGIN
  INSERT INTO episodes_fts(episodes_fts, rowid, summary) VALUES ('delete', old.seq, old.summary);
END;
CREATE TRIGGER episodes_au AFTER UPDATE OF summary ON episodes BEGIN
  INSERT INTO episodes_fts(episodes_fts, rowid, summary) VALUES ('delete', old.seq, old.summary);
  INSERT INTO episodes_fts(rowid, summary) VALUES (new.seq, new.summary);
END;
`,
  // 2: a queue row says why it is queued. `refine`: the episode was already
  // resolved offline (a remember) and waits for a model to do better; it is
  // skipped while no model is configured, and its failure never marks the
  // episode failed. An index for "entities of this repo" in orientation and
  // one for "episodes by kind" (manual notes).
  `
ALTER TABLE extraction_queue ADD COLUMN purpose TEXT NOT NULL DEFAULT 'extract' CHECK (purpose IN ('extract', 'refine'));
CREATE INDEX entities_updated ON entities(updated_at);
CREATE INDEX episodes_kind ON episodes(source, occurred_at);
`,
  // 3: a cursor belongs to a source and a path. Keyed by path alone, a file
  // first read as the wrong kind (`ingest --source codex` on a Claude session)
  // looked "unchanged" to the right kind for ever.
  `
CREATE TABLE cursors_by_source (
  path TEXT NOT NULL,
  source TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  offset INTEGER NOT NULL,
  last_line INTEGER NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL,
  PRIMARY KEY (path, source)
) WITHOUT ROWID;
INSERT INTO cursors_by_source SELECT path, source, size, mtime_ms, offset, last_line, fingerprint, updated_at FROM cursors;
DROP TABLE cursors;
ALTER TABLE cursors_by_source RENAME TO cursors;
`,
  // 4: passages, what recall searches of what the sessions said: an
  // episode's distilled text cut into turns or paragraphs (passage/split.ts),
  // each with its line span, its session's time and repository, under FTS5
  // (prose and tool breadcrumbs apart). Written with the episode in one
  // transaction; deleting an episode deletes its passages (trigger), and
  // theirs delete the index rows. Existing
  // episodes get theirs when this migration runs (store/passages.ts).
  PASSAGES_MIGRATION,
  // 5: an entity's updated_at is the latest session that touched it (issue 21's true time); files written
  // before carry the ingest time, which made a year-old project "active today".
  `
UPDATE entities SET updated_at = coalesce((SELECT max(occurred_at) FROM entity_episodes WHERE entity_id = entities.id), updated_at);
`,
  // 6: anchors (issue 25): the code a session mentions, resolved against its
  // repo's index after the episode is stored. A resolved row keeps the symbol
  // or file, its definition's location and a hash of its text as they were;
  // an unresolved one keeps the mention as text and why (kind NULL), never a
  // guess. `at` is the session's time, `commit` the repo's commit at that time
  // when git can give it. anchor_scans says which episodes were read, so an
  // episode whose repo had no index yet is read once the repo has one.
  ANCHORS_MIGRATION,
  // Issue 25: an anchor keeps its definition as it was at the session's commit; a file git renamed since keeps the path it was found at.
  `
ALTER TABLE anchors ADD COLUMN found_file TEXT;
CREATE INDEX anchors_found_file ON anchors(found_file) WHERE found_file IS NOT NULL;
`,
  // Issue 25: a library's symbol the repo uses (`useEffect`) is anchored too. `library` is its package and
  // version then (`react 18.3.1`); its file and line are the repo's first use, not a definition, so file queries
  // (what was said of a file, the files a session named) leave it out.
  `
ALTER TABLE anchors ADD COLUMN library TEXT;
`,
  // Issue 37: boilerplate found by recurrence (passage/recurring.ts). Each line of prose a passage holds
  // (keyed, case and whitespace folded), the sessions that said it, and the lines said in enough sessions
  // to be boilerplate; a passage with nothing of its own left is `noise`: stored, never searched or shown.
  // The data step (db.ts) rewrites the stored passages in order so they are counted as new ones are.
  RECURRENCE_MIGRATION,
  // Issue 37 (recall37b): passages cut again. A long paragraph's last piece (often the finding after a run
  // of tool breadcrumbs) packs on with the paragraph after it instead of standing alone, and a breadcrumb
  // line is never cut at the punctuation inside it (the data step in db.ts). Breadcrumb words weigh as
  // much as prose in the ranking (they weighed a quarter), as in the naive search.
  RECUT_MIGRATION,
  // Issue 36: the entities table admits `file` (FILE_ENTITIES_MIGRATION; a table rebuild, foreign keys off).
  FILE_ENTITIES_MIGRATION,
  // Issue 37 (recur37): a passage of the assistant's turn is marked; recall shows it whole, its lines said in
  // other sessions too left out of the index only. The data step (db.ts) rewrites the stored passages to mark them.
  ASSISTANT_PASSAGES_MIGRATION,
  // Issue 38: an anchor keeps its episode's best sentence about the mention, read once when anchored, so a code
  // answer's memory lines read rows and never the episode's text. Older anchors get theirs at their first answer.
  `
ALTER TABLE anchors ADD COLUMN sentence TEXT;
`,
  // Issue 37: a run of a turn too short to stand alone (its closing offer, a line between two long paragraphs)
  // joins a neighbour, up to PASSAGE_MAX + SHORT_RUN_SLACK; the data step (db.ts) cuts the stored passages again.
  SHORT_RUNS_MIGRATION,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
