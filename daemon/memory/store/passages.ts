// Passages: an episode's text as recall searches it (passage/split.ts cuts
// it), written in the transaction that stores the episode. A passage's line
// span is its turn's when the ingest knows the turns' spans, else the
// episode's. Migration 4 fills them in for episodes stored before it.
// Boilerplate (passage/recurring.ts) is counted here: each line of prose is
// keyed, the sessions that said it are counted, and once a line has been
// said in enough sessions it is boilerplate: every passage holding it, earlier
// ones too, is indexed without it, and one left with nothing of its own is
// not indexed at all (`noise`). The text stays stored as it was. A passage of
// the assistant's turn is marked (`assistant`): recall shows it whole, its
// boilerplate lines left out of the index only.
import { isAssistantTurn, lineKeys, RECURRING_SESSIONS, saysSomething, withoutRecurring } from '../passage/recurring';
import { proseAndCrumbs, splitPassages } from '../passage/split';
import type { Db } from '../../sqlite';

/** Source lines of each turn of an episode, in order (turn i of its text is turns[i]). */
export type TurnLines = ReadonlyArray<readonly [number, number]>;

export interface PassageSource {
  seq: number;
  /** The session the episode belongs to (a subagent's is its parent's): boilerplate is what several sessions said. */
  session: string;
  text: string;
  lineStart: number;
  lineEnd: number;
  occurredAt: string;
  repoRoot: string | null;
}

interface PassageParams {
  seq: number;
  ord: number;
  start: number;
  end: number;
  lineStart: number;
  lineEnd: number;
  occurredAt: string;
  repoRoot: string | null;
  text: string;
  assistant: number;
}

function prepare(db: Db) {
  return {
    passage:
      db.prepare<PassageParams>(`INSERT INTO passages(episode_seq, ord, char_start, char_end, line_start, line_end, occurred_at, repo_root, text, assistant)
      VALUES (@seq, @ord, @start, @end, @lineStart, @lineEnd, @occurredAt, @repoRoot, @text, @assistant)`),
    index: db.prepare<[number | bigint, string, string]>(`INSERT INTO passages_fts(rowid, prose, crumbs) VALUES (?, ?, ?)`),
    unindex: db.prepare<[number | bigint]>(`DELETE FROM passages_fts WHERE rowid = ?`),
    setNoise: db.prepare<[number, number | bigint]>(`UPDATE passages SET noise = ? WHERE id = ?`),
    text: db.prepare<[number | bigint], { text: string; assistant: number }>(`SELECT text, assistant FROM passages WHERE id = ?`),
    holds: db.prepare<[string, number | bigint]>(`INSERT OR IGNORE INTO passage_lines(key, passage_id) VALUES (?, ?)`),
    saidIn: db.prepare<[string, string]>(`INSERT OR IGNORE INTO line_sessions(key, session) VALUES (?, ?)`),
    sessions: db.prepare<[string, number], { n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM line_sessions WHERE key = ? LIMIT ?)`),
    isBoilerplate: db.prepare<[string], { k: string }>(`SELECT key AS k FROM boilerplate_lines WHERE key = ?`),
    addBoilerplate: db.prepare<[string]>(`INSERT OR IGNORE INTO boilerplate_lines(key) VALUES (?)`),
    holders: db.prepare<[string], { id: number }>(`SELECT passage_id AS id FROM passage_lines WHERE key = ?`),
  };
}

/** The FTS row of a passage: its prose without boilerplate apart from its breadcrumbs; undefined when its boilerplate went and nothing of its own is left. */
export function indexedText(text: string, isBoilerplate: (key: string) => boolean): { prose: string; crumbs: string } | undefined {
  // Only boilerplate makes noise: a short passage of its own ("use pnpm") stays.
  if (!lineKeys(text).some(isBoilerplate)) return proseAndCrumbs(text);
  const { prose, crumbs } = proseAndCrumbs(withoutRecurring(text, isBoilerplate));
  return saysSomething(prose) || crumbs.trim() ? { prose, crumbs } : undefined;
}

export class PassageWriter {
  private readonly insert: ReturnType<typeof prepare>;

  constructor(db: Db) {
    this.insert = prepare(db);
  }

  private readonly boilerplate = (key: string): boolean => this.insert.isBoilerplate.get(key) !== undefined;

  /** Indexes a passage as it reads without its boilerplate, or marks it noise (never the assistant's: it is shown whole). */
  private index(id: number | bigint, text: string, fresh: boolean, assistant: boolean): void {
    if (!fresh) this.insert.unindex.run(id);
    const row = indexedText(text, this.boilerplate);
    if (row) this.insert.index.run(id, row.prose, row.crumbs);
    this.insert.setNoise.run(row || assistant ? 0 : 1, id);
  }

  /** Counts the sessions that said each line; a line reaching the threshold becomes boilerplate and the passages holding it are indexed again. */
  private count(id: number | bigint, text: string, session: string): void {
    for (const key of lineKeys(text)) {
      this.insert.holds.run(key, id);
      if (this.insert.saidIn.run(key, session).changes === 0) continue;
      if ((this.insert.sessions.get(key, RECURRING_SESSIONS)?.n ?? 0) < RECURRING_SESSIONS || this.boilerplate(key)) continue;
      this.insert.addBoilerplate.run(key);
      for (const h of this.insert.holders.all(key)) {
        if (h.id === Number(id)) continue;
        const p = this.insert.text.get(h.id);
        if (p) this.index(h.id, p.text, false, p.assistant === 1);
      }
    }
  }

  /** Writes an episode's passages; the caller holds the transaction. Returns how many. */
  write(ep: PassageSource, turns?: TurnLines): number {
    const spans = splitPassages(ep.text);
    // Turn spans are trusted only when they count the same turns the text shows.
    const turnCount = spans.length ? spans[spans.length - 1]!.turn + 1 : 0;
    const lines = turns && turns.length === turnCount ? turns : undefined;
    // A turn's first passage starts at its role label.
    const assistant: boolean[] = [];
    for (const s of spans) assistant[s.turn] ??= isAssistantTurn(ep.text.slice(s.start, s.start + 100));
    spans.forEach((s, ord) => {
      const [lineStart, lineEnd] = lines?.[s.turn] ?? [ep.lineStart, ep.lineEnd];
      const text = ep.text.slice(s.start, s.end);
      const id = this.insert.passage.run({
        seq: ep.seq,
        ord,
        start: s.start,
        end: s.end,
        lineStart,
        lineEnd,
        occurredAt: ep.occurredAt,
        repoRoot: ep.repoRoot,
        text,
        assistant: assistant[s.turn] ? 1 : 0,
      }).lastInsertRowid;
      this.count(id, text, ep.session);
      this.index(id, text, true, assistant[s.turn] === true);
    });
    return spans.length;
  }
}

/** Migration 4's data step: passages for every episode stored before passages existed, read in batches. */
export function backfillPassages(db: Db): number {
  const writer = new PassageWriter(db);
  const batch = db.prepare<
    [number],
    { seq: number; session: string; text: string; line_start: number; line_end: number; occurred_at: string; repo_root: string | null }
  >(
    `SELECT seq, coalesce(parent_session_id, session_id) AS session, text, line_start, line_end, occurred_at, repo_root FROM episodes e WHERE seq > ? AND NOT EXISTS (SELECT 1 FROM passages p WHERE p.episode_seq = e.seq) ORDER BY seq LIMIT 200`,
  );
  let n = 0;
  for (let after = 0, rows = batch.all(after); rows.length > 0; rows = batch.all(after)) {
    for (const r of rows)
      n += writer.write({
        seq: r.seq,
        session: r.session,
        text: r.text,
        lineStart: r.line_start,
        lineEnd: r.line_end,
        occurredAt: r.occurred_at,
        repoRoot: r.repo_root,
      });
    after = rows[rows.length - 1]!.seq;
  }
  return n;
}

/** The boilerplate migration's data step: the passages stored before it, rewritten in order so their lines are counted and indexed as new ones would be. */
export function recountPassages(db: Db): number {
  db.exec(`DELETE FROM passages; DELETE FROM line_sessions; DELETE FROM boilerplate_lines;`);
  return backfillPassages(db);
}
