// Passages: an episode's text as recall searches it (passage/split.ts cuts
// it), written in the transaction that stores the episode. A passage's line
// span is its turn's when the ingest knows the turns' spans, else the
// episode's. Migration 4 fills them in for episodes stored before it.
import { proseAndCrumbs, splitPassages } from '../passage/split';
import type { Db } from '../../sqlite';

/** Source lines of each turn of an episode, in order (turn i of its text is turns[i]). */
export type TurnLines = ReadonlyArray<readonly [number, number]>;

export interface PassageSource {
  seq: number;
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
}

function prepare(db: Db) {
  return {
    passage: db.prepare<PassageParams>(`INSERT INTO passages(episode_seq, ord, char_start, char_end, line_start, line_end, occurred_at, repo_root, text)
      VALUES (@seq, @ord, @start, @end, @lineStart, @lineEnd, @occurredAt, @repoRoot, @text)`),
    index: db.prepare<[number | bigint, string, string]>(`INSERT INTO passages_fts(rowid, prose, crumbs) VALUES (?, ?, ?)`),
  };
}

export class PassageWriter {
  private readonly insert: ReturnType<typeof prepare>;

  constructor(db: Db) {
    this.insert = prepare(db);
  }

  /** Writes an episode's passages; the caller holds the transaction. Returns how many. */
  write(ep: PassageSource, turns?: TurnLines): number {
    const spans = splitPassages(ep.text);
    // Turn spans are trusted only when they count the same turns the text shows.
    const turnCount = spans.length ? spans[spans.length - 1]!.turn + 1 : 0;
    const lines = turns && turns.length === turnCount ? turns : undefined;
    spans.forEach((s, ord) => {
      const [lineStart, lineEnd] = lines?.[s.turn] ?? [ep.lineStart, ep.lineEnd];
      const text = ep.text.slice(s.start, s.end);
      const id = this.insert.passage.run({ seq: ep.seq, ord, start: s.start, end: s.end, lineStart, lineEnd, occurredAt: ep.occurredAt, repoRoot: ep.repoRoot, text }).lastInsertRowid;
      const { prose, crumbs } = proseAndCrumbs(text);
      this.insert.index.run(id, prose, crumbs);
    });
    return spans.length;
  }
}

/** Migration 4's data step: passages for every episode stored before passages existed, read in batches. */
export function backfillPassages(db: Db): number {
  const writer = new PassageWriter(db);
  const batch = db.prepare<[number], { seq: number; text: string; line_start: number; line_end: number; occurred_at: string; repo_root: string | null }>(
    `SELECT seq, text, line_start, line_end, occurred_at, repo_root FROM episodes e WHERE seq > ? AND NOT EXISTS (SELECT 1 FROM passages p WHERE p.episode_seq = e.seq) ORDER BY seq LIMIT 200`,
  );
  let n = 0;
  for (let after = 0, rows = batch.all(after); rows.length > 0; rows = batch.all(after)) {
    for (const r of rows) n += writer.write({ seq: r.seq, text: r.text, lineStart: r.line_start, lineEnd: r.line_end, occurredAt: r.occurred_at, repoRoot: r.repo_root });
    after = rows[rows.length - 1]!.seq;
  }
  return n;
}
