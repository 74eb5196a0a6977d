// The memory graph in SQLite: episodes with their extraction queue and the
// cursors that cover them, and the entities/facts derived from them. Every
// write that must not be half-done (episodes + cursor, an extraction and its
// queue row) is one transaction.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EpisodeDraft, SourceType } from '../episode';
import { classifyName, normalizeName, normalizeValue } from '../resolve';
import { canonicalRelation, isFunctional, type EntityType, type Relation } from '../extract/vocabulary';
import type { Extraction } from '../extract/schema';
import { openDatabase, type Db } from '../../sqlite';
import { EpisodeNotFoundError, MemorySchemaError } from './errors';
import { MIGRATIONS, SCHEMA_VERSION } from './schema';
import { redactExtraction } from '../redact';

export type ExtractionState = 'pending' | 'done' | 'failed';

/** An episode as stored: the draft, when it was ingested, and how far extraction got. */
export interface StoredEpisode extends EpisodeDraft {
  ingestedAt: string;
  extraction: ExtractionState;
  extractedBy?: string;
}

/** How far a source file has been consumed. */
export interface Cursor {
  path: string;
  source: SourceType;
  size: number;
  mtimeMs: number;
  /** Bytes consumed (DistilledSession.consumedBytes). */
  offset: number;
  /** Complete lines consumed. */
  lastLine: number;
  /** Hash of the file's first bytes, so a replaced file is noticed even when it is not shorter. */
  fingerprint?: string;
  updatedAt?: string;
}

export interface QueueItem {
  episodeId: string;
  attempts: number;
  status: ExtractionState;
  nextAttemptAt: string;
  lastError?: string;
  providersTried: string[];
  /** extract: not yet in the graph; refine: resolved offline already (a remember), waiting for a model. */
  purpose: 'extract' | 'refine';
}

export interface Entity {
  id: number;
  name: string;
  type: EntityType;
  description?: string;
  repo?: string;
  aliases: string[];
}

export interface Fact {
  id: number;
  sourceId: number;
  relation: Relation;
  targetId?: number;
  value?: string;
  text: string;
  confidence: number;
  validFrom?: string;
  validTo?: string;
  recordedAt: string;
  expiredAt?: string;
  supersededBy?: number;
}

export interface GlossaryEntry {
  name: string;
  type: EntityType;
  aliases: string[];
}

export interface ProviderState {
  name: string;
  cooldownUntil?: string;
  lastError?: string;
  lastErrorAt?: string;
  lastSuccessAt?: string;
  successes: number;
  failures: number;
}

/** What applyExtraction did, so the queue can report it and tests can check it. */
export interface ApplyResult {
  entitiesCreated: number;
  entitiesMerged: number;
  factsCreated: number;
  factsRestated: number;
  factsSuperseded: number;
  /** Names and facts left out, with why ("generic: server", "ephemeral: /tmp/x", "unknown source: foo"). */
  dropped: string[];
}

export interface MemoryCounts {
  episodes: number;
  pending: number;
  done: number;
  failed: number;
  entities: number;
  facts: number;
  currentFacts: number;
  cursors: number;
}

export interface MemoryStoreOptions {
  /** The clock, injectable so tests can move time instead of waiting. */
  now?: () => Date;
}

interface EpisodeRow {
  id: string;
  source: SourceType;
  source_path: string;
  session_id: string;
  parent_session_id: string | null;
  line_start: number;
  line_end: number;
  occurred_at: string;
  ingested_at: string;
  cwd: string | null;
  git_branch: string | null;
  repo_root: string | null;
  text: string;
  summary: string;
  tokens: number;
  extraction: ExtractionState;
  extracted_by: string | null;
}

/** A row of the facts table as SELECT * reads it. */
export interface FactRow {
  id: number;
  source_id: number;
  relation: Relation;
  target_id: number | null;
  value: string | null;
  text: string;
  confidence: number;
  valid_from: string | null;
  valid_to: string | null;
  recorded_at: string;
  expired_at: string | null;
  superseded_by: number | null;
}

const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

export class MemoryStore {
  readonly db: Db;
  private readonly now: () => Date;
  private readonly s: ReturnType<MemoryStore['prepare']>;

  constructor(readonly file: string, options: MemoryStoreOptions = {}) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.db = openDatabase(file);
    this.now = options.now ?? (() => new Date());
    // WAL lets recall read while the queue writes; busy_timeout covers the CLI's cold reads.
    this.db.pragma('journal_mode = WAL');
    // NORMAL is durable across a daemon crash (kill -9) in WAL mode; only power loss can drop the last commits.
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('foreign_keys = ON');
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
    this.s = this.prepare();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private migrate(): void {
    const found = this.db.pragma('user_version', { simple: true }) as number;
    if (found > SCHEMA_VERSION) throw new MemorySchemaError(this.file, found, SCHEMA_VERSION);
    for (let v = found; v < SCHEMA_VERSION; v++) {
      this.db.transaction(() => {
        this.db.exec(MIGRATIONS[v]!);
        if (v === 0) this.db.prepare(`INSERT INTO meta(key, value) VALUES ('created_at', ?)`).run(this.iso());
        this.db.pragma(`user_version = ${v + 1}`);
      })();
    }
  }

  private iso(): string {
    return this.now().toISOString();
  }

  private prepare() {
    const db = this.db;
    return {
      insertEpisode: db.prepare(`INSERT OR IGNORE INTO episodes(id, source, source_path, session_id, parent_session_id, line_start, line_end,
        occurred_at, ingested_at, cwd, git_branch, repo_root, text, summary, tokens)
        VALUES (@id, @source, @sourcePath, @sessionId, @parentSessionId, @lineStart, @lineEnd, @occurredAt, @ingestedAt, @cwd, @gitBranch, @repoRoot, @text, @summary, @tokens)`),
      enqueue: db.prepare(`INSERT OR IGNORE INTO extraction_queue(episode_id, status, attempts, next_attempt_at, enqueued_at, updated_at) VALUES (?, 'pending', 0, ?, ?, ?)`),
      episode: db.prepare(`SELECT * FROM episodes WHERE id = ?`),
      getCursor: db.prepare(`SELECT path, source, size, mtime_ms AS mtimeMs, offset, last_line AS lastLine, fingerprint, updated_at AS updatedAt FROM cursors WHERE path = ?`),
      setCursor: db.prepare(`INSERT INTO cursors(path, source, size, mtime_ms, offset, last_line, fingerprint, updated_at) VALUES (@path, @source, @size, @mtimeMs, @offset, @lastLine, @fingerprint, @updatedAt)
        ON CONFLICT(path) DO UPDATE SET source = excluded.source, size = excluded.size, mtime_ms = excluded.mtime_ms, offset = excluded.offset, last_line = excluded.last_line, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at`),
      deleteCursor: db.prepare(`DELETE FROM cursors WHERE path = ?`),
      takeNext: db.prepare(`SELECT episode_id, attempts, status, next_attempt_at, last_error, providers_tried, purpose FROM extraction_queue
        WHERE status = 'pending' AND next_attempt_at <= ? AND (purpose = 'extract' OR ?) ORDER BY next_attempt_at, episode_id LIMIT 1`),
      nextAttempt: db.prepare(`SELECT min(next_attempt_at) AS at FROM extraction_queue WHERE status = 'pending' AND (purpose = 'extract' OR ?)`),
      queueItem: db.prepare(`SELECT episode_id, attempts, status, next_attempt_at, last_error, providers_tried, purpose FROM extraction_queue WHERE episode_id = ?`),
      queueRefine: db.prepare(`UPDATE extraction_queue SET status = 'pending', purpose = 'refine', next_attempt_at = ?, updated_at = ? WHERE episode_id = ?`),
      refineDue: db.prepare(`UPDATE extraction_queue SET next_attempt_at = ? WHERE status = 'pending' AND purpose = 'refine' AND next_attempt_at > ?`),
      queueDone: db.prepare(`UPDATE extraction_queue SET status = 'done', attempts = attempts + 1, providers_tried = ?, last_error = NULL, updated_at = ? WHERE episode_id = ?`),
      queueFail: db.prepare(`UPDATE extraction_queue SET status = 'failed', attempts = attempts + 1, providers_tried = ?, last_error = ?, updated_at = ? WHERE episode_id = ?`),
      queueDefer: db.prepare(`UPDATE extraction_queue SET status = 'pending', next_attempt_at = ?, last_error = ?, updated_at = ? WHERE episode_id = ?`),
      episodeState: db.prepare(`UPDATE episodes SET extraction = ?, extracted_by = coalesce(?, extracted_by), extracted_at = coalesce(?, extracted_at) WHERE id = ?`),
      episodeSummary: db.prepare(`UPDATE episodes SET summary = ? WHERE id = ? AND summary <> ?`),
      retryFailedQueue: db.prepare(`UPDATE extraction_queue SET status = 'pending', next_attempt_at = ?, updated_at = ? WHERE status = 'failed'`),
      retryFailedEpisodes: db.prepare(`UPDATE episodes SET extraction = 'pending' WHERE extraction = 'failed'`),
      aliasOfType: db.prepare(`SELECT e.id FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? AND e.type = ? ORDER BY e.id LIMIT 1`),
      aliasAnyType: db.prepare(`SELECT e.id, e.type FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? ORDER BY e.updated_at DESC, e.id LIMIT 1`),
      conceptByNorm: db.prepare(`SELECT id FROM entities WHERE norm = ? AND type = 'concept' LIMIT 1`),
      settleType: db.prepare(`UPDATE entities SET type = @type WHERE id = @id AND NOT EXISTS (SELECT 1 FROM entities o WHERE o.norm = entities.norm AND o.type = @type)`),
      insertEntity: db.prepare(`INSERT INTO entities(name, norm, type, description, repo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
      touchEntity: db.prepare(`UPDATE entities SET updated_at = ?, description = coalesce(description, ?), repo = coalesce(repo, ?) WHERE id = ?`),
      insertAlias: db.prepare(`INSERT OR IGNORE INTO aliases(norm, entity_id, alias) VALUES (?, ?, ?)`),
      entityEpisode: db.prepare(`INSERT OR IGNORE INTO entity_episodes(entity_id, episode_id, occurred_at) VALUES (?, ?, ?)`),
      findSameFact: db.prepare(`SELECT id, confidence FROM facts WHERE source_id = ? AND relation = ? AND target_id IS ? AND value_norm IS ?
        AND (expired_at IS NULL OR (coalesce(valid_from, '') <= ? AND (valid_to IS NULL OR valid_to > ?)))
        ORDER BY (expired_at IS NULL) DESC, id DESC LIMIT 1`),
      raiseConfidence: db.prepare(`UPDATE facts SET confidence = max(confidence, ?) WHERE id = ?`),
      insertFact: db.prepare(`INSERT INTO facts(source_id, relation, target_id, value, value_norm, text, confidence, valid_from, valid_to, recorded_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      currentOf: db.prepare(`SELECT * FROM facts WHERE source_id = ? AND relation = ? AND valid_to IS NULL AND expired_at IS NULL AND id <> ?`),
      nextLater: db.prepare(`SELECT id, valid_from FROM facts WHERE source_id = ? AND relation = ? AND id <> ? AND valid_from > ? ORDER BY valid_from, id LIMIT 1`),
      closeFact: db.prepare(`UPDATE facts SET valid_to = ?, expired_at = ?, superseded_by = ? WHERE id = ?`),
      targetNorms: db.prepare(`SELECT norm FROM aliases WHERE entity_id = ?`),
      factEpisode: db.prepare(`INSERT OR IGNORE INTO fact_episodes(fact_id, episode_id, provider, recorded_at) VALUES (?, ?, ?, ?)`),
      providerState: db.prepare(`SELECT name, cooldown_until, last_error, last_error_at, last_success_at, successes, failures FROM provider_state WHERE name = ?`),
      providerStates: db.prepare(`SELECT name, cooldown_until, last_error, last_error_at, last_success_at, successes, failures FROM provider_state ORDER BY name`),
      providerSuccess: db.prepare(`INSERT INTO provider_state(name, last_success_at, successes) VALUES (?, ?, 1)
        ON CONFLICT(name) DO UPDATE SET last_success_at = excluded.last_success_at, successes = successes + 1, cooldown_until = NULL`),
      providerFailure: db.prepare(`INSERT INTO provider_state(name, last_error, last_error_at, cooldown_until, failures) VALUES (?, ?, ?, ?, 1)
        ON CONFLICT(name) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at,
          cooldown_until = coalesce(excluded.cooldown_until, cooldown_until), failures = failures + 1`),
      budget: db.prepare(`SELECT coalesce(sum(episodes), 0) AS episodes, coalesce(sum(tokens), 0) AS tokens FROM budget_usage WHERE day = ?`),
      addBudget: db.prepare(`INSERT INTO budget_usage(day, provider, episodes, tokens) VALUES (?, ?, 1, ?)
        ON CONFLICT(day, provider) DO UPDATE SET episodes = episodes + 1, tokens = tokens + excluded.tokens`),
      glossary: db.prepare(`SELECT e.id, e.name, e.type, (SELECT json_group_array(alias) FROM aliases WHERE entity_id = e.id AND norm <> e.norm) AS aliases
        FROM entities e ORDER BY (e.repo IS ?) DESC, e.updated_at DESC, e.id DESC LIMIT ?`),
      entity: db.prepare(`SELECT id, name, type, description, repo, (SELECT json_group_array(alias) FROM aliases WHERE entity_id = entities.id) AS aliases FROM entities WHERE id = ?`),
      factsOf: db.prepare(`SELECT * FROM facts WHERE source_id = ? OR target_id = ? ORDER BY id`),
      currentFactsOf: db.prepare(`SELECT * FROM facts WHERE (source_id = ? OR target_id = ?) AND valid_to IS NULL AND expired_at IS NULL ORDER BY id`),
      factEpisodes: db.prepare(`SELECT episode_id FROM fact_episodes WHERE fact_id = ? ORDER BY recorded_at, episode_id`),
      counts: db.prepare(`SELECT
        (SELECT count(*) FROM episodes) AS episodes,
        (SELECT count(*) FROM extraction_queue WHERE status = 'pending') AS pending,
        (SELECT count(*) FROM extraction_queue WHERE status = 'done') AS done,
        (SELECT count(*) FROM extraction_queue WHERE status = 'failed') AS failed,
        (SELECT count(*) FROM entities) AS entities,
        (SELECT count(*) FROM facts) AS facts,
        (SELECT count(*) FROM facts WHERE valid_to IS NULL AND expired_at IS NULL) AS currentFacts,
        (SELECT count(*) FROM cursors) AS cursors`),
    };
  }

  // ---- episodes and cursors ----------------------------------------------

  /** Stores an episode and queues it for extraction, once: returns false when the id was already stored. */
  addEpisode(draft: EpisodeDraft): boolean {
    return this.db.transaction(() => this.insertEpisode(draft))();
  }

  /**
   * Stores a batch of episodes and advances the source file's cursor in one
   * transaction, so a crash leaves either both or neither: re-reading from the
   * old cursor then finds the same ids and creates nothing new.
   */
  commitEpisodes(drafts: readonly EpisodeDraft[], cursor?: Cursor): { added: number; existing: number } {
    return this.db.transaction(() => {
      let added = 0;
      for (const d of drafts) if (this.insertEpisode(d)) added++;
      if (cursor) this.writeCursor(cursor);
      return { added, existing: drafts.length - added };
    })();
  }

  private insertEpisode(d: EpisodeDraft): boolean {
    const now = this.iso();
    const r = this.s.insertEpisode.run({
      id: d.id, source: d.source, sourcePath: d.sourcePath, sessionId: d.sessionId, parentSessionId: d.parentSessionId ?? null,
      lineStart: d.lineStart, lineEnd: d.lineEnd, occurredAt: d.occurredAt, ingestedAt: now,
      cwd: d.cwd ?? null, gitBranch: d.gitBranch ?? null, repoRoot: d.repoRoot ?? null, text: d.text, summary: d.summary, tokens: d.tokens,
    });
    if (r.changes === 0) return false;
    this.s.enqueue.run(d.id, now, now, now);
    return true;
  }

  episode(id: string): StoredEpisode | undefined {
    const r = this.s.episode.get(id) as EpisodeRow | undefined;
    if (!r) return undefined;
    return {
      id: r.id, source: r.source, sourcePath: r.source_path, sessionId: r.session_id, parentSessionId: opt(r.parent_session_id),
      lineStart: r.line_start, lineEnd: r.line_end, occurredAt: r.occurred_at, ingestedAt: r.ingested_at,
      cwd: opt(r.cwd), gitBranch: opt(r.git_branch), repoRoot: opt(r.repo_root), text: r.text, summary: r.summary, tokens: r.tokens,
      extraction: r.extraction, extractedBy: opt(r.extracted_by),
    };
  }

  getCursor(file: string): Cursor | undefined {
    const r = this.s.getCursor.get(file) as Cursor | undefined;
    return r ? { ...r } : undefined;
  }

  /** Alone, for a file that yielded no episode yet (too few turns) but whose bytes were read. */
  setCursor(cursor: Cursor): void {
    this.writeCursor(cursor);
  }

  /** A shrunken or replaced file starts over. */
  deleteCursor(file: string): void {
    this.s.deleteCursor.run(file);
  }

  private writeCursor(c: Cursor): void {
    this.s.setCursor.run({ path: c.path, source: c.source, size: c.size, mtimeMs: c.mtimeMs, offset: c.offset, lastLine: c.lastLine, fingerprint: c.fingerprint ?? '', updatedAt: this.iso() });
  }

  // ---- the extraction queue ---------------------------------------------

  /**
   * The oldest pending episode whose time has come. One worker takes at a
   * time, so no claim is needed. Refines are taken only when a model can do them.
   */
  takeNext(options: { refine?: boolean } = {}): QueueItem | undefined {
    return this.queueRow(this.s.takeNext.get(this.iso(), options.refine === false ? 0 : 1));
  }

  /** An episode already resolved offline goes back in the queue for a model to refine. */
  queueRefine(episodeId: string): void {
    const now = this.iso();
    this.s.queueRefine.run(now, now, episodeId);
  }

  /** A model came into the chain: refines deferred while there was none are due now. */
  refinesDueNow(): number {
    const now = this.iso();
    return this.s.refineDue.run(now, now).changes;
  }

  /** No model could refine it: the queue row is failed (retryable), the episode and its offline facts stay as they are. */
  failRefine(episodeId: string, error: string, providersTried: readonly string[]): void {
    this.s.queueFail.run(providersTried.join(','), error.slice(0, 2000), this.iso(), episodeId);
  }

  queueItem(episodeId: string): QueueItem | undefined {
    return this.queueRow(this.s.queueItem.get(episodeId));
  }

  /** When the earliest pending episode is due (possibly in the past), so the worker knows how long to sleep. */
  nextAttemptAt(options: { refine?: boolean } = {}): string | undefined {
    const r = this.s.nextAttempt.get(options.refine === false ? 0 : 1) as { at: string | null };
    return r.at ?? undefined;
  }

  private queueRow(raw: unknown): QueueItem | undefined {
    const r = raw as { episode_id: string; attempts: number; status: ExtractionState; next_attempt_at: string; last_error: string | null; providers_tried: string | null; purpose: 'extract' | 'refine' } | undefined;
    if (!r) return undefined;
    return {
      episodeId: r.episode_id, attempts: r.attempts, status: r.status, nextAttemptAt: r.next_attempt_at,
      lastError: opt(r.last_error), providersTried: r.providers_tried ? r.providers_tried.split(',') : [], purpose: r.purpose,
    };
  }

  /** No provider could process it: it stays stored, marked failed, until retryFailed. */
  failExtraction(episodeId: string, error: string, providersTried: readonly string[]): void {
    this.db.transaction(() => {
      this.s.queueFail.run(providersTried.join(','), error.slice(0, 2000), this.iso(), episodeId);
      this.s.episodeState.run('failed', null, null, episodeId);
    })();
  }

  /** Nothing was tried (every provider cooling down, or over budget): try again at `until`. */
  deferExtraction(episodeId: string, until: Date, reason: string): void {
    this.s.queueDefer.run(until.toISOString(), reason.slice(0, 2000), this.iso(), episodeId);
  }

  /** `scry memory retry`: every failed episode goes back to pending, due now. */
  retryFailed(): number {
    return this.db.transaction(() => {
      const now = this.iso();
      const n = this.s.retryFailedQueue.run(now, now).changes;
      this.s.retryFailedEpisodes.run();
      return n;
    })();
  }

  // ---- applying an extraction --------------------------------------------

  /**
   * Resolves an extraction into the graph and marks the episode done, in one
   * transaction. Applying the same extraction twice adds nothing (restated
   * facts only gain provenance they already have).
   */
  applyExtraction(episodeId: string, raw: Extraction, provider: string): ApplyResult {
    // Names, aliases and fact words are redacted like episode text: a model can echo what it was not meant to keep.
    const extraction = redactExtraction(raw);
    return this.db.transaction(() => {
      const ep = this.episode(episodeId);
      if (!ep) throw new EpisodeNotFoundError(episodeId);
      const result: ApplyResult = { entitiesCreated: 0, entitiesMerged: 0, factsCreated: 0, factsRestated: 0, factsSuperseded: 0, dropped: [] };
      const now = this.iso();
      // Names this extraction introduced, by normalized key, so facts bind to the types the reply gave.
      const local = new Map<string, number>();

      for (const e of extraction.entities) {
        const cls = classifyName(e.name);
        if (cls !== 'entity') {
          result.dropped.push(`${cls}: ${e.name}`);
          continue;
        }
        const norm = normalizeName(e.name);
        const spellings = [e.name, ...(e.aliases ?? []).filter((a) => classifyName(a) === 'entity')];
        let id: number | undefined;
        for (const sp of spellings) {
          const hit = this.s.aliasOfType.get(normalizeName(sp), e.type) as { id: number } | undefined;
          if (hit) {
            id = hit.id;
            break;
          }
        }
        // `concept` is also what a name gets when nobody said what it is (a remember --entity X):
        // the first extraction that gives it a real type settles it, instead of making a twin.
        if (id === undefined && e.type !== 'concept') {
          const guess = this.s.conceptByNorm.get(norm) as { id: number } | undefined;
          if (guess && this.s.settleType.run({ type: e.type, id: guess.id }).changes === 1) id = guess.id;
        }
        if (id === undefined) {
          id = Number(this.s.insertEntity.run(e.name.trim(), norm, e.type, e.description ?? null, e.repo ?? ep.repoRoot ?? null, now, now).lastInsertRowid);
          result.entitiesCreated++;
        } else {
          this.s.touchEntity.run(now, e.description ?? null, e.repo ?? null, id);
          result.entitiesMerged++;
        }
        for (const sp of spellings) {
          const n = normalizeName(sp);
          this.s.insertAlias.run(n, id, sp.trim());
          if (!local.has(n)) local.set(n, id);
        }
        this.s.entityEpisode.run(id, episodeId, ep.occurredAt);
      }

      const resolveRef = (name: string): number | undefined => {
        const n = normalizeName(name);
        const mine = local.get(n);
        if (mine !== undefined) return mine;
        const hit = this.s.aliasAnyType.get(n) as { id: number } | undefined;
        return hit?.id;
      };

      for (const f of extraction.facts) {
        const sourceClass = classifyName(f.source);
        const sourceId = sourceClass === 'entity' ? resolveRef(f.source) : undefined;
        if (sourceId === undefined) {
          result.dropped.push(sourceClass === 'entity' ? `unknown source: ${f.source}` : `${sourceClass} source: ${f.source}`);
          continue;
        }
        const { relation } = canonicalRelation(f.relation);
        let targetId: number | undefined;
        let value: string | undefined;
        if (f.target && classifyName(f.target) === 'entity') targetId = resolveRef(f.target);
        // A target that is a value, a generic word, ephemeral or never introduced is kept as the fact's value.
        if (targetId === undefined) value = f.value ?? f.target ?? undefined;
        if (targetId === sourceId) {
          result.dropped.push(`self-loop: ${f.fact}`);
          continue;
        }
        if (targetId === undefined && value === undefined) continue; // unreachable: the schema demands one
        const valueNorm = value === undefined ? null : normalizeValue(value);
        const validFrom = f.valid_from ?? ep.occurredAt;
        const same = this.s.findSameFact.get(sourceId, relation, targetId ?? null, valueNorm, validFrom, validFrom) as { id: number } | undefined;
        if (same) {
          this.s.raiseConfidence.run(f.confidence, same.id);
          this.s.factEpisode.run(same.id, episodeId, provider, now);
          result.factsRestated++;
        } else {
          const factId = Number(
            this.s.insertFact.run(sourceId, relation, targetId ?? null, value ?? null, valueNorm, f.fact, f.confidence, validFrom, f.valid_to ?? null, now).lastInsertRowid,
          );
          this.s.factEpisode.run(factId, episodeId, provider, now);
          result.factsCreated++;
          result.factsSuperseded += this.supersede(factId, sourceId, relation, validFrom, f.supersedes ?? undefined, now);
        }
        this.s.entityEpisode.run(sourceId, episodeId, ep.occurredAt);
        if (targetId !== undefined) this.s.entityEpisode.run(targetId, episodeId, ep.occurredAt);
      }

      if (extraction.summary) this.s.episodeSummary.run(extraction.summary, episodeId, extraction.summary);
      this.s.episodeState.run('done', provider, now, episodeId);
      const tried = this.queueItem(episodeId)?.providersTried ?? [];
      this.s.queueDone.run([...tried.filter((p) => p !== provider), provider].join(','), now, episodeId);
      return result;
    })();
  }

  /**
   * Closes what a new fact replaces: for a functional relation every other
   * current fact of the same source and relation; with `supersedes`, the
   * current fact whose target or value it names. Whichever held later in the
   * world wins, so an older episode extracted late cannot overwrite newer
   * knowledge: it is recorded and closed by the newer fact instead.
   */
  private supersede(factId: number, sourceId: number, relation: Relation, validFrom: string, supersedes: string | undefined, now: string): number {
    const others = this.s.currentOf.all(sourceId, relation, factId) as FactRow[];
    const named = supersedes ? { norm: normalizeName(supersedes), value: normalizeValue(supersedes) } : undefined;
    let closed = 0;
    for (const old of others) {
      const matchesNamed =
        named !== undefined &&
        (old.target_id !== null
          ? (this.s.targetNorms.all(old.target_id) as Array<{ norm: string }>).some((a) => a.norm === named.norm)
          : old.value !== null && normalizeValue(old.value) === named.value);
      if (!isFunctional(relation) && !matchesNamed) continue;
      if (old.valid_from !== null && old.valid_from > validFrom) {
        // The new fact is the older truth: it held until the first later fact of
        // this relation began, and nothing current changes.
        const next = (isFunctional(relation) ? this.s.nextLater.get(sourceId, relation, factId, validFrom) : undefined) as { id: number; valid_from: string } | undefined;
        this.s.closeFact.run(next?.valid_from ?? old.valid_from, now, next?.id ?? old.id, factId);
        return closed;
      }
      this.s.closeFact.run(validFrom, now, factId, old.id);
      closed++;
    }
    return closed;
  }

  // ---- reads the chain, status and tests need ------------------------------

  /** Known entities for the prompt, the episode's own repository first, then the most recently touched. */
  glossary(options: { repo?: string; limit?: number } = {}): GlossaryEntry[] {
    const rows = this.s.glossary.all(options.repo ?? null, options.limit ?? 60) as Array<{ name: string; type: EntityType; aliases: string }>;
    return rows.map((r) => ({ name: r.name, type: r.type, aliases: JSON.parse(r.aliases) as string[] }));
  }

  /** The entity a name or alias resolves to (of that type, when given). */
  findEntity(name: string, type?: EntityType): Entity | undefined {
    const n = normalizeName(name);
    const hit = (type ? this.s.aliasOfType.get(n, type) : this.s.aliasAnyType.get(n)) as { id: number } | undefined;
    return hit ? this.entity(hit.id) : undefined;
  }

  entity(id: number): Entity | undefined {
    const r = this.s.entity.get(id) as { id: number; name: string; type: EntityType; description: string | null; repo: string | null; aliases: string } | undefined;
    if (!r) return undefined;
    return { id: r.id, name: r.name, type: r.type, description: opt(r.description), repo: opt(r.repo), aliases: JSON.parse(r.aliases) as string[] };
  }

  /** Facts touching an entity: current ones, or with `all` also closed and expired ones. */
  factsOf(entityId: number, options: { all?: boolean } = {}): Fact[] {
    const rows = (options.all ? this.s.factsOf : this.s.currentFactsOf).all(entityId, entityId) as FactRow[];
    return rows.map((r) => ({
      id: r.id, sourceId: r.source_id, relation: r.relation, targetId: opt(r.target_id), value: opt(r.value), text: r.text, confidence: r.confidence,
      validFrom: opt(r.valid_from), validTo: opt(r.valid_to), recordedAt: r.recorded_at, expiredAt: opt(r.expired_at), supersededBy: opt(r.superseded_by),
    }));
  }

  /** The episodes that support a fact (its provenance). */
  factEpisodes(factId: number): string[] {
    return (this.s.factEpisodes.all(factId) as Array<{ episode_id: string }>).map((r) => r.episode_id);
  }

  providerState(name: string): ProviderState | undefined {
    return this.providerRow(this.s.providerState.get(name));
  }

  providerStates(): ProviderState[] {
    return this.s.providerStates.all().map((r) => this.providerRow(r)!);
  }

  private providerRow(raw: unknown): ProviderState | undefined {
    const r = raw as { name: string; cooldown_until: string | null; last_error: string | null; last_error_at: string | null; last_success_at: string | null; successes: number; failures: number } | undefined;
    if (!r) return undefined;
    return {
      name: r.name, cooldownUntil: opt(r.cooldown_until), lastError: opt(r.last_error), lastErrorAt: opt(r.last_error_at),
      lastSuccessAt: opt(r.last_success_at), successes: r.successes, failures: r.failures,
    };
  }

  recordProviderSuccess(name: string): void {
    this.s.providerSuccess.run(name, this.iso());
  }

  /** A failure; with `cooldownUntil` the provider is skipped by the chain until then. */
  recordProviderFailure(name: string, error: string, cooldownUntil?: Date): void {
    this.s.providerFailure.run(name, error.slice(0, 2000), this.iso(), cooldownUntil ? cooldownUntil.toISOString() : null);
  }

  /** Model usage on a UTC day (offline is never counted). */
  budgetUsage(day: string): { episodes: number; tokens: number } {
    return this.s.budget.get(day) as { episodes: number; tokens: number };
  }

  addBudgetUsage(day: string, provider: string, tokens: number): void {
    this.s.addBudget.run(day, provider, Math.max(0, Math.round(tokens)));
  }

  counts(): MemoryCounts {
    return this.s.counts.get() as MemoryCounts;
  }
}
