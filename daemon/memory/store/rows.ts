// Rows as SQLite returns them, and their conversion into the store's types.
// The one place a row's shape is asserted: every statement in memory/store/
// is prepared with its row type (db.prepare<Params, Row>), and feature code
// receives either these rows or the objects made from them.
import type { SourceType } from '../episode';
import type { EntityType, Relation } from '../../protocol/vocabulary';
import type { ExtractionState, Fact, ProviderState, QueueItem, StoredEpisode } from './types';

export const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

export interface EpisodeRow {
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

/** The columns of an episode a reference back to its source needs (EPISODE_REF_COLUMNS). */
export interface EpisodeRefRow {
  id: string;
  seq: number;
  source: SourceType;
  source_path: string;
  session_id: string;
  line_start: number;
  line_end: number;
  occurred_at: string;
  summary: string;
  repo_root: string | null;
}

/** `e` is the episodes alias. */
export const EPISODE_REF_COLUMNS = 'e.id, e.seq, e.source, e.source_path, e.session_id, e.line_start, e.line_end, e.occurred_at, e.summary, e.repo_root';

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

export interface EntityRow {
  id: number;
  name: string;
  type: EntityType;
  description: string | null;
  repo: string | null;
  updated_at: string;
}

export interface QueueRow {
  episode_id: string;
  attempts: number;
  status: ExtractionState;
  next_attempt_at: string;
  last_error: string | null;
  providers_tried: string | null;
  purpose: 'extract' | 'refine';
}

export interface ProviderRow {
  name: string;
  cooldown_until: string | null;
  last_error: string | null;
  last_error_at: string | null;
  last_success_at: string | null;
  successes: number;
  failures: number;
}

export interface Count {
  n: number;
}

/** json_group_array(alias) as text. */
export const aliasList = (json: string): string[] => JSON.parse(json) as string[];

export function episodeOf(r: EpisodeRow): StoredEpisode {
  return {
    id: r.id,
    source: r.source,
    sourcePath: r.source_path,
    sessionId: r.session_id,
    parentSessionId: opt(r.parent_session_id),
    lineStart: r.line_start,
    lineEnd: r.line_end,
    occurredAt: r.occurred_at,
    ingestedAt: r.ingested_at,
    cwd: opt(r.cwd),
    gitBranch: opt(r.git_branch),
    repoRoot: opt(r.repo_root),
    text: r.text,
    summary: r.summary,
    tokens: r.tokens,
    extraction: r.extraction,
    extractedBy: opt(r.extracted_by),
  };
}

export function factOf(r: FactRow): Fact {
  return {
    id: r.id,
    sourceId: r.source_id,
    relation: r.relation,
    targetId: opt(r.target_id),
    value: opt(r.value),
    text: r.text,
    confidence: r.confidence,
    validFrom: opt(r.valid_from),
    validTo: opt(r.valid_to),
    recordedAt: r.recorded_at,
    expiredAt: opt(r.expired_at),
    supersededBy: opt(r.superseded_by),
  };
}

export function queueItemOf(r: QueueRow): QueueItem {
  return {
    episodeId: r.episode_id,
    attempts: r.attempts,
    status: r.status,
    nextAttemptAt: r.next_attempt_at,
    lastError: opt(r.last_error),
    providersTried: r.providers_tried ? r.providers_tried.split(',') : [],
    purpose: r.purpose,
  };
}

export function providerStateOf(r: ProviderRow): ProviderState {
  return {
    name: r.name,
    cooldownUntil: opt(r.cooldown_until),
    lastError: opt(r.last_error),
    lastErrorAt: opt(r.last_error_at),
    lastSuccessAt: opt(r.last_success_at),
    successes: r.successes,
    failures: r.failures,
  };
}
