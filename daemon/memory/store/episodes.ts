// Episodes and the cursors that say how far each source file was read. An
// episode is queued for extraction and cut into passages in the same
// statement batch that stores it; a batch and its file's cursor are one
// transaction.
import type { EpisodeDraft } from '../episode';
import type { Db } from '../../sqlite';
import { PassageWriter, type TurnLines } from './passages';
import { episodeOf, type EpisodeRow } from './rows';
import type { Cursor, StoredEpisode } from './types';

interface EpisodeParams {
  id: string;
  source: string;
  sourcePath: string;
  sessionId: string;
  parentSessionId: string | null;
  lineStart: number;
  lineEnd: number;
  occurredAt: string;
  ingestedAt: string;
  cwd: string | null;
  gitBranch: string | null;
  repoRoot: string | null;
  text: string;
  summary: string;
  tokens: number;
}

interface CursorParams {
  path: string;
  source: string;
  size: number;
  mtimeMs: number;
  offset: number;
  lastLine: number;
  fingerprint: string;
  updatedAt: string;
}

function prepare(db: Db) {
  return {
    insertEpisode: db.prepare<EpisodeParams>(`INSERT OR IGNORE INTO episodes(id, source, source_path, session_id, parent_session_id, line_start, line_end,
        occurred_at, ingested_at, cwd, git_branch, repo_root, text, summary, tokens)
        VALUES (@id, @source, @sourcePath, @sessionId, @parentSessionId, @lineStart, @lineEnd, @occurredAt, @ingestedAt, @cwd, @gitBranch, @repoRoot, @text, @summary, @tokens)`),
    enqueue: db.prepare<[string, string, string, string]>(
      `INSERT OR IGNORE INTO extraction_queue(episode_id, status, attempts, next_attempt_at, enqueued_at, updated_at) VALUES (?, 'pending', 0, ?, ?, ?)`,
    ),
    episode: db.prepare<[string], EpisodeRow>(`SELECT * FROM episodes WHERE id = ?`),
    getCursor: db.prepare<[string, string], Required<Omit<Cursor, 'fingerprint' | 'updatedAt'>> & { fingerprint: string; updatedAt: string }>(
      `SELECT path, source, size, mtime_ms AS mtimeMs, offset, last_line AS lastLine, fingerprint, updated_at AS updatedAt FROM cursors WHERE path = ? AND source = ?`,
    ),
    setCursor:
      db.prepare<CursorParams>(`INSERT INTO cursors(path, source, size, mtime_ms, offset, last_line, fingerprint, updated_at) VALUES (@path, @source, @size, @mtimeMs, @offset, @lastLine, @fingerprint, @updatedAt)
        ON CONFLICT(path, source) DO UPDATE SET size = excluded.size, mtime_ms = excluded.mtime_ms, offset = excluded.offset, last_line = excluded.last_line, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at`),
    deleteCursor: db.prepare<[string, string]>(`DELETE FROM cursors WHERE path = ? AND source = ?`),
    bySource: db.prepare<[], { source: string; sessions: number; episodes: number }>(
      `SELECT source, count(DISTINCT source_path) AS sessions, count(*) AS episodes FROM episodes GROUP BY source`,
    ),
  };
}

export class EpisodeTable {
  private readonly s: ReturnType<typeof prepare>;
  private readonly passages: PassageWriter;

  constructor(
    private readonly db: Db,
    private readonly iso: () => string,
  ) {
    this.s = prepare(db);
    this.passages = new PassageWriter(db);
  }

  /** Stores an episode and queues it for extraction, once: returns false when the id was already stored. */
  add(draft: EpisodeDraft): boolean {
    return this.db.transaction(() => this.insert(draft))();
  }

  /**
   * Stores a batch of episodes and advances the source file's cursor in one
   * transaction, so a crash leaves either both or neither: re-reading from the
   * old cursor then finds the same ids and creates nothing new.
   */
  commit(drafts: readonly EpisodeDraft[], cursor?: Cursor, turnLines?: ReadonlyMap<string, TurnLines>): { added: number; existing: number } {
    return this.db.transaction(() => {
      let added = 0;
      for (const d of drafts) if (this.insert(d, turnLines?.get(d.id))) added++;
      if (cursor) this.setCursor(cursor);
      return { added, existing: drafts.length - added };
    })();
  }

  private insert(d: EpisodeDraft, turns?: TurnLines): boolean {
    const now = this.iso();
    const r = this.s.insertEpisode.run({
      id: d.id,
      source: d.source,
      sourcePath: d.sourcePath,
      sessionId: d.sessionId,
      parentSessionId: d.parentSessionId ?? null,
      lineStart: d.lineStart,
      lineEnd: d.lineEnd,
      occurredAt: d.occurredAt,
      ingestedAt: now,
      cwd: d.cwd ?? null,
      gitBranch: d.gitBranch ?? null,
      repoRoot: d.repoRoot ?? null,
      text: d.text,
      summary: d.summary,
      tokens: d.tokens,
    });
    if (r.changes === 0) return false;
    this.s.enqueue.run(d.id, now, now, now);
    this.passages.write(
      {
        seq: Number(r.lastInsertRowid),
        session: d.parentSessionId ?? d.sessionId,
        text: d.text,
        lineStart: d.lineStart,
        lineEnd: d.lineEnd,
        occurredAt: d.occurredAt,
        repoRoot: d.repoRoot ?? null,
      },
      turns,
    );
    return true;
  }

  get(id: string): StoredEpisode | undefined {
    const r = this.s.episode.get(id);
    return r ? episodeOf(r) : undefined;
  }

  getCursor(file: string, source: Cursor['source']): Cursor | undefined {
    const r = this.s.getCursor.get(file, source);
    return r ? { ...r } : undefined;
  }

  setCursor(c: Cursor): void {
    this.s.setCursor.run({
      path: c.path,
      source: c.source,
      size: c.size,
      mtimeMs: c.mtimeMs,
      offset: c.offset,
      lastLine: c.lastLine,
      fingerprint: c.fingerprint ?? '',
      updatedAt: this.iso(),
    });
  }

  /** Per source: the sessions (source files) that gave episodes, and the episodes. */
  countsBySource(): Map<string, { sessions: number; episodes: number }> {
    return new Map(this.s.bySource.all().map((r) => [r.source, { sessions: r.sessions, episodes: r.episodes }]));
  }

  deleteCursor(file: string, source: Cursor['source']): void {
    this.s.deleteCursor.run(file, source);
  }
}
