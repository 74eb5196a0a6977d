// The passage reads behind recall: full text over what the sessions said
// (BM25, as of now or as of a time), how common a word is (capped count),
// and the episode a passage belongs to, for its reference. Noise (passages that are all boilerplate) is never
// read; the boilerplate lines of the rest are looked up to leave them out.
import { perDb } from '../cache';
import { EPISODE_REF_COLUMNS, type EpisodeRefRow } from '../rows';
import type { MemoryStore } from '../store';
import type { Db } from '../../../sqlite';

export interface PassageRow {
  id: number;
  episode_seq: number;
  ord: number;
  /** The passage's span in its episode's text (anchors keep their offsets there). */
  char_start: number;
  char_end: number;
  line_start: number;
  line_end: number;
  occurred_at: string;
  repo_root: string | null;
  text: string;
  /** 1 when the passage is the assistant's prose: shown whole, its boilerplate lines only left out of the index. */
  assistant: number;
  /** FTS5 rank (bm25): lower is better. */
  r: number;
}

const COLUMNS = 'p.id, p.episode_seq, p.ord, p.char_start, p.char_end, p.line_start, p.line_end, p.occurred_at, p.repo_root, p.text, p.assistant';

function build(db: Db, asOf: boolean) {
  const when = asOf ? 'AND p.occurred_at <= ?' : '';
  const s = {
    text: db.prepare<
      unknown[],
      PassageRow
    >(`SELECT ${COLUMNS}, x.rank AS r FROM (SELECT rowid, rank FROM passages_fts WHERE passages_fts MATCH ? ORDER BY rank LIMIT ?) x
      JOIN passages p ON p.id = x.rowid WHERE 1 ${when} ORDER BY x.rank`),
    recent: db.prepare<
      unknown[],
      PassageRow
    >(`SELECT ${COLUMNS}, 0 AS r FROM (SELECT rowid FROM passages_fts WHERE passages_fts MATCH ? ORDER BY rowid DESC LIMIT ?) x
      JOIN passages p ON p.id = x.rowid WHERE 1 ${when} ORDER BY p.id DESC`),
    // Capped: how common a word is matters only up to the point where it stops being worth searching for.
    count: db.prepare<[string, number], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM passages_fts WHERE passages_fts MATCH ? LIMIT ?)`),
    episode: db.prepare<[number], EpisodeRefRow>(`SELECT ${EPISODE_REF_COLUMNS} FROM episodes e WHERE e.seq = ?`),
    boilerplate: db.prepare<[string], { k: string }>(`SELECT key AS k FROM boilerplate_lines WHERE key = ?`),
    holdsBoilerplate: db.prepare<[number], { x: number }>(
      `SELECT 1 AS x FROM passage_lines l JOIN boilerplate_lines b ON b.key = l.key WHERE l.passage_id = ? LIMIT 1`,
    ),
    after: db.prepare<[number, number, number], PassageRow>(
      `SELECT ${COLUMNS}, 0 AS r FROM passages p WHERE p.episode_seq = ? AND p.ord > ? AND p.noise = 0 ORDER BY p.ord LIMIT ?`,
    ),
  };
  return (at: string | undefined) => {
    const once = at === undefined ? [] : [at];
    return {
      /** The best `limit` passages for an FTS5 query. */
      text: (fts: string, limit: number): PassageRow[] => s.text.all(fts, limit, ...once),
      /** The newest `limit` passages matching `fts`, unranked (for words too common to rank every match of). */
      recent: (fts: string, limit: number): PassageRow[] => s.recent.all(fts, limit, ...once),
      /** How many passages match `fts`, counting no further than `cap`. */
      count: (fts: string, cap: number): number => s.count.get(fts, cap)?.n ?? 0,
      episode: (seq: number): EpisodeRefRow | undefined => s.episode.get(seq),
      /** Whether a line key (passage/recurring.ts) is boilerplate: said in several sessions. */
      isBoilerplate: (key: string): boolean => s.boilerplate.get(key) !== undefined,
      /** Whether a passage holds a boilerplate line at all (one indexed read, before keying its lines). */
      holdsBoilerplate: (id: number): boolean => s.holdsBoilerplate.get(id) !== undefined,
      /** The next `limit` passages of an episode after `ord` (noise left out), in order. */
      after: (seq: number, ord: number, limit: number): PassageRow[] => s.after.all(seq, ord, limit),
    };
  };
}

const cached = perDb((db) => ({ now: build(db, false), asOf: build(db, true) }));

/** Passage reads against a store, as of `asOf` or now. */
export const passageReads = (store: MemoryStore, asOf: string | undefined) => {
  const c = cached(store.db);
  return (asOf === undefined ? c.now : c.asOf)(asOf);
};
