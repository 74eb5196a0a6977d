// What the memory store hands out: plain objects, checked and converted from
// rows once, in rows.ts. Nothing outside memory/store/ sees a row.
import type { EpisodeDraft, SourceType } from '../episode';
import type { EntityType, Relation } from '../../protocol/vocabulary';

export type ExtractionState = 'pending' | 'done' | 'failed';

/** An episode as stored: the draft, when it was ingested, and how far extraction got. */
export interface StoredEpisode extends EpisodeDraft {
  ingestedAt: string;
  extraction: ExtractionState;
  extractedBy?: string;
}

/** How far a source file has been consumed. A file is tracked per source, so one read as the wrong kind does not hide it from the right one. */
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
  /** Of the pending: remembered facts, resolved offline already, waiting for a model to refine them. */
  waitingRefine: number;
  done: number;
  failed: number;
  entities: number;
  facts: number;
  currentFacts: number;
  cursors: number;
}
