// The anchors table (issue 25): code mentions of each episode, resolved or
// kept as text, and which episodes were read for them. Written in one
// transaction per episode, so an episode is either read whole or not at all.
import type { Db } from '../../sqlite';

/** An episode waiting to be read for code mentions. */
export interface UnanchoredEpisode {
  seq: number;
  id: string;
  repo: string;
  at: string;
  text: string;
  /** The session it is part of (a subagent's under its parent's): files named in its other episodes are context. */
  session: string;
}

export interface AnchorDraft {
  mention: string;
  offset: number;
  kind: 'symbol' | 'file' | null;
  reason?: string;
  symbol?: string;
  name?: string;
  qualified_name?: string;
  file?: string;
  line?: number;
  hash?: string;
  /** A file anchor whose file git renamed after the session: its path when anchored (`file` is the path at the session's commit). */
  found_file?: string;
  /** A library's symbol: its package and version (`react 18.3.1`); file and line are the repo's first use of it. */
  library?: string;
  /** A found one: the episode's sentence that says the most about it (anchors/sentence.ts), the line a code answer shows. */
  sentence?: string;
}

/** A current fact of the anchor's episode whose text names the mention (a decision first). */
export interface AnchoredFact {
  id: number;
  relation: string;
  text: string;
}

/** Enough of an anchor to pick a code answer's few among the newest: when, which episode, which repo. */
export interface AnchorCandidate {
  id: number;
  at: string;
  episode_seq: number;
  repo: string;
}

/** An anchor as a code answer's memory lines read it: no episode summary or snippet (read past the episode's text, they were most of the row's cost). */
export type AnchorKeyRow = Omit<AnchorRow, 'summary' | 'snippet'>;

/** A stored anchor with its episode's reference. */
export interface AnchorRow {
  id: number;
  episode_seq: number;
  episode_id: string;
  summary: string;
  fact_id: number | null;
  mention: string;
  offset: number;
  repo: string;
  kind: 'symbol' | 'file';
  symbol: string | null;
  name: string | null;
  qualified_name: string | null;
  file: string;
  line: number;
  def_hash: string;
  found_file: string | null;
  library: string | null;
  at: string;
  git_commit: string | null;
  /** The episode's best sentence naming the mention, kept when anchored (null for anchors older than it: read then kept). */
  sentence: string | null;
  /** The episode's text around the mention. */
  snippet: string;
}

const SELECT_ANCHOR = `SELECT a.id, a.episode_seq, e.id AS episode_id, e.summary, a.fact_id, a.mention, a.offset, a.repo, a.kind, a.symbol, a.name,
  a.qualified_name, a.file, a.line, a.def_hash, a.found_file, a.library, a.at, a.git_commit, a.sentence,
  substr(e.text, max(1, a.offset - 140), 320) AS snippet FROM anchors a JOIN episodes e ON e.seq = a.episode_seq`;

const SELECT_ANCHOR_KEY = `SELECT a.id, a.episode_seq, e.id AS episode_id, a.fact_id, a.mention, a.offset, a.repo, a.kind, a.symbol, a.name,
  a.qualified_name, a.file, a.line, a.def_hash, a.found_file, a.library, a.at, a.git_commit, a.sentence FROM anchors a JOIN episodes e ON e.seq = a.episode_seq`;

function prepare(db: Db) {
  return {
    repos: db.prepare<[], { repo: string }>(
      `SELECT DISTINCT repo_root AS repo FROM episodes e WHERE repo_root IS NOT NULL AND NOT EXISTS (SELECT 1 FROM anchor_scans s WHERE s.episode_seq = e.seq)`,
    ),
    unscanned: db.prepare<[string, number], UnanchoredEpisode>(
      `SELECT seq, id, repo_root AS repo, occurred_at AS at, text, coalesce(parent_session_id, session_id) AS session FROM episodes e
       WHERE repo_root = ? AND NOT EXISTS (SELECT 1 FROM anchor_scans s WHERE s.episode_seq = e.seq) ORDER BY seq LIMIT ?`,
    ),
    insert: db.prepare(
      `INSERT INTO anchors(episode_seq, mention, offset, repo, kind, reason, symbol, name, qualified_name, file, line, def_hash, found_file, library, sentence, at, git_commit, anchored_at)
       VALUES (@seq, @mention, @offset, @repo, @kind, @reason, @symbol, @name, @qualified_name, @file, @line, @hash, @found_file, @library, @sentence, @at, @commit, @now)`,
    ),
    keepSentence: db.prepare<[string, number]>(`UPDATE anchors SET sentence = ? WHERE id = ?`),
    scanned: db.prepare<[number, string]>(`INSERT OR REPLACE INTO anchor_scans(episode_seq, scanned_at) VALUES (?, ?)`),
    byName: db.prepare<[string, string, number], AnchorRow>(
      `${SELECT_ANCHOR} WHERE a.kind = 'symbol' AND (a.name = ? OR a.qualified_name = ?) ORDER BY a.at, a.id LIMIT ?`,
    ),
    // The newest few picked on each index alone (only symbol anchors have a name), then read by id: a common
    // name has hundreds of anchors, and one query joining both indexes cost more than the rest of a refs answer.
    newestByName: db.prepare<[string, number], AnchorCandidate>(
      `SELECT id, at, episode_seq, repo FROM anchors WHERE name = ? ORDER BY at DESC, id DESC LIMIT ?`,
    ),
    newestByQualified: db.prepare<[string, number], AnchorCandidate>(
      `SELECT id, at, episode_seq, repo FROM anchors WHERE qualified_name = ? ORDER BY at DESC, id DESC LIMIT ?`,
    ),
    byId: db.prepare<[number], AnchorRow>(`${SELECT_ANCHOR} WHERE a.id = ?`),
    keyById: db.prepare<[number], AnchorKeyRow>(`${SELECT_ANCHOR_KEY} WHERE a.id = ?`),
    text: db.prepare<[number], { text: string }>(`SELECT text FROM episodes WHERE seq = ?`),
    // Ordered here, not by SQL: an episode has a few facts, and a sorter for them cost more than the rest of the query.
    facts: db.prepare<[number, string], AnchoredFact>(
      `SELECT f.id, f.relation, f.text FROM episodes e JOIN fact_episodes fe ON fe.episode_id = e.id JOIN facts f ON f.id = fe.fact_id
       WHERE e.seq = ? AND f.expired_at IS NULL AND instr(f.text, ?) > 0`,
    ),
    // A file renamed since the session is asked about by its path now (found_file) as well as the path it had.
    byFileNewest: db.prepare<[string, string, number], AnchorRow>(
      `${SELECT_ANCHOR} WHERE a.kind IS NOT NULL AND a.library IS NULL AND (a.file = ? OR a.found_file = ?) ORDER BY a.at DESC, a.id DESC LIMIT ?`,
    ),
    byFile: db.prepare<[string, string, number], AnchorRow>(
      `${SELECT_ANCHOR} WHERE a.kind IS NOT NULL AND a.library IS NULL AND (a.file = ? OR a.found_file = ?) ORDER BY a.at, a.id LIMIT ?`,
    ),
    inFiles: db.prepare<[string, string, number], AnchorRow>(
      `${SELECT_ANCHOR} WHERE a.kind IS NOT NULL AND a.library IS NULL AND a.file IN (SELECT value FROM json_each(?)) AND a.repo IN (SELECT value FROM json_each(?)) ORDER BY a.at DESC, a.id DESC LIMIT ?`,
    ),
    // A file named, or a top-level symbol's file: a field's file says nothing of what the session read.
    sessionFiles: db.prepare<[string, string], { file: string }>(
      `SELECT DISTINCT a.file FROM episodes e JOIN anchors a ON a.episode_seq = e.seq
       WHERE coalesce(e.parent_session_id, e.session_id) = ? AND a.repo = ? AND a.library IS NULL AND (a.kind = 'file' OR (a.kind = 'symbol' AND a.qualified_name = a.name)) LIMIT 500`,
    ),
    ofEpisode: db.prepare<[number], AnchorRow>(`${SELECT_ANCHOR} WHERE a.episode_seq = ? AND a.kind IS NOT NULL ORDER BY a.offset`),
  };
}

export class AnchorTable {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    private readonly db: Db,
    private readonly iso: () => string,
  ) {
    this.s = prepare(db);
  }

  /** Repos with episodes not read for mentions yet. */
  pendingRepos(): string[] {
    return this.s.repos.all().map((r) => r.repo);
  }

  pending(repo: string, limit: number): UnanchoredEpisode[] {
    return this.s.unscanned.all(repo, limit);
  }

  /** Stores an episode's mentions and marks it read, in one transaction. */
  record(episode: UnanchoredEpisode, drafts: readonly AnchorDraft[], commit: string | undefined): void {
    const now = this.iso();
    this.db.transaction(() => {
      for (const d of drafts) {
        this.s.insert.run({
          seq: episode.seq,
          mention: d.mention,
          offset: d.offset,
          repo: episode.repo,
          kind: d.kind,
          reason: d.reason ?? null,
          symbol: d.symbol ?? null,
          name: d.name ?? null,
          qualified_name: d.qualified_name ?? null,
          file: d.file ?? null,
          line: d.line ?? null,
          hash: d.hash ?? null,
          found_file: d.found_file ?? null,
          library: d.library ?? null,
          sentence: d.sentence ?? null,
          at: episode.at,
          commit: commit ?? null,
          now,
        });
      }
      this.s.scanned.run(episode.seq, now);
    })();
  }

  /** Anchors to a symbol of this name (display or qualified), oldest first (or the newest `limit`, newest first). */
  ofName(name: string, limit = 200): AnchorRow[] {
    return this.s.byName.all(name, name, limit);
  }

  /**
   * The newest `limit` anchors naming it (by name, and by qualified name unless told not to), newest first: a code answer's candidates,
   * each read whole (keyRow) only if it is used.
   */
  newestOfName(name: string, limit: number, qualified = true): AnchorCandidate[] {
    const found = new Map<number, AnchorCandidate>();
    for (const r of this.s.newestByName.all(name, limit)) found.set(r.id, r);
    if (qualified) for (const r of this.s.newestByQualified.all(name, limit)) found.set(r.id, r);
    return [...found.values()].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id)).slice(0, limit);
  }

  /** A candidate's anchor, without its episode's summary or snippet. */
  keyRow(id: number): AnchorKeyRow | undefined {
    return this.s.keyById.get(id);
  }

  /** The current facts of an episode that name the mention: what was decided about it, not only said. */
  factsMentioning(seq: number, mention: string, limit = 2): AnchoredFact[] {
    const decided = (f: AnchoredFact): number => (f.relation === 'decided' ? 0 : 1);
    return this.s.facts
      .all(seq, mention)
      .sort((a, b) => decided(a) - decided(b) || a.id - b.id)
      .slice(0, limit);
  }

  /** An episode's distilled text, to find the sentence about a mention. */
  episodeText(seq: number): string | undefined {
    return this.s.text.get(seq)?.text;
  }

  /** Keeps an anchor's sentence, read once for an anchor stored before sentences were. */
  keepSentence(id: number, sentence: string): void {
    this.s.keepSentence.run(sentence, id);
  }

  /** Anchors to this file (and, symbol anchors, to code in it), oldest first. */
  ofFile(file: string, limit = 200, newest = false): AnchorRow[] {
    return (newest ? this.s.byFileNewest : this.s.byFile).all(file, file, limit);
  }

  /** Anchors of a repo (under any of its spellings) to these files, newest first: what orientation says about files git shows changed. */
  inFiles(repos: readonly string[], files: readonly string[], limit = 100): AnchorRow[] {
    if (files.length === 0 || repos.length === 0) return [];
    return this.s.inFiles.all(JSON.stringify(files), JSON.stringify(repos), limit);
  }

  /** Files the session's episodes already read for mentions named (or whose top-level symbols they named), in this repo. */
  filesOfSession(session: string, repo: string): string[] {
    return this.s.sessionFiles.all(session, repo).map((r) => r.file);
  }

  /** An episode's anchors in text order: what a recall or episode answer shows beside each mention (offsets fall in its passages). */
  ofEpisode(seq: number): AnchorRow[] {
    return this.s.ofEpisode.all(seq);
  }
}
