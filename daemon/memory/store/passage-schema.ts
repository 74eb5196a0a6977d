// memory.db's passages (store/passages.ts): the migrations that made them and
// changed how they are cut, indexed and shown, in the order schema.ts lists
// them. A migration here whose stored passages must be written again is in
// db.ts's REWRITES.
/** Migration 4; its data step (backfilling the passages of stored episodes) runs right after it (db.ts). */
export const PASSAGES_MIGRATION = `
CREATE TABLE passages (
  id INTEGER PRIMARY KEY,
  episode_seq INTEGER NOT NULL,      -- episodes.seq
  ord INTEGER NOT NULL,              -- position in the episode
  char_start INTEGER NOT NULL,       -- offsets into episodes.text (UTF-16 units, as JavaScript counts)
  char_end INTEGER NOT NULL,
  line_start INTEGER NOT NULL,
  line_end INTEGER NOT NULL,
  occurred_at TEXT NOT NULL,         -- the session's time (episodes.occurred_at)
  repo_root TEXT,
  text TEXT NOT NULL
);
CREATE INDEX passages_episode ON passages(episode_seq, ord);
-- Contentless: the text is in passages; the index holds what was said (prose) apart from the tool
-- breadcrumbs (\`[ran: …]\`, \`[read …]\`), which weighed a quarter in the ranking (as much as prose since recall37b's migration). The writer
-- (store/passages.ts) fills it, since SQL cannot tell the two apart.
CREATE VIRTUAL TABLE passages_fts USING fts5(prose, crumbs, content = '', contentless_delete = 1, tokenize = 'porter unicode61 remove_diacritics 2');
INSERT INTO passages_fts(passages_fts, rank) VALUES ('rank', 'bm25(1.0, 0.25)');
CREATE TRIGGER passages_ad AFTER DELETE ON passages BEGIN
  DELETE FROM passages_fts WHERE rowid = old.id;
END;
CREATE TRIGGER episodes_passages_ad AFTER DELETE ON episodes BEGIN
  DELETE FROM passages WHERE episode_seq = old.seq;
END;
CREATE TRIGGER episodes_passages_au AFTER UPDATE OF occurred_at, repo_root ON episodes BEGIN
  UPDATE passages SET occurred_at = new.occurred_at, repo_root = new.repo_root WHERE episode_seq = new.seq;
END;
`;

/** Issue 37: breadcrumbs weigh as prose; the stored passages are cut again by passage/split.ts (the data step in db.ts). */
export const RECUT_MIGRATION = `
-- Breadcrumb words weigh as much as what was said, as in the naive search recall must not fall below: the
-- finding after a run of tool calls is often named only by the calls (custom_tool_call_output, codex_log_viewer.css).
INSERT INTO passages_fts(passages_fts, rank) VALUES ('rank', 'bm25(1.0, 1.0)');
`;

/** Issue 37: a run too short to stand alone joins a neighbour (passage/split.ts); the data step in db.ts cuts the stored passages again. */
export const SHORT_RUNS_MIGRATION = `
-- Passages cut again: a turn's closing line or a short paragraph between two long ones joins a neighbour.
`;

/** Issue 37 (recur37): which passages are the assistant's own prose (store/passages.ts). */
export const ASSISTANT_PASSAGES_MIGRATION = `
ALTER TABLE passages ADD COLUMN assistant INTEGER NOT NULL DEFAULT 0;
`;

export const RECURRENCE_MIGRATION = `
ALTER TABLE passages ADD COLUMN noise INTEGER NOT NULL DEFAULT 0;
CREATE TABLE passage_lines (key TEXT NOT NULL, passage_id INTEGER NOT NULL, PRIMARY KEY (key, passage_id)) WITHOUT ROWID;
CREATE INDEX passage_lines_passage ON passage_lines(passage_id);
CREATE TABLE line_sessions (key TEXT NOT NULL, session TEXT NOT NULL, PRIMARY KEY (key, session)) WITHOUT ROWID;
CREATE TABLE boilerplate_lines (key TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TRIGGER passages_lines_ad AFTER DELETE ON passages BEGIN
  DELETE FROM passage_lines WHERE passage_id = old.id;
END;
`;
