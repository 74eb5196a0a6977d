// memory.db, split by job: episodes and cursors (episodes.ts), the extraction
// queue (queue.ts), the graph writer (graph-writer.ts), the provider ledger
// (ledger.ts) and the graph reads (graph-reads.ts); feature reads live in
// queries/. MemoryStore owns the connection and hands each job its part;
// its methods are the one-line doors the rest of memory uses. Every write
// that must not be half-done (episodes + cursor, an extraction and its queue
// row) is one transaction inside its part.
import type { EpisodeDraft } from '../episode';
import type { Extraction } from '../extract/schema';
import type { EntityType } from '../../protocol/vocabulary';
import type { Db } from '../../sqlite';
import { AnchorTable } from './anchors';
import { openMemoryDb } from './db';
import { EpisodeTable } from './episodes';
import { GraphReads } from './graph-reads';
import { GraphWriter } from './graph-writer';
import { ProviderLedger } from './ledger';
import type { TurnLines } from './passages';
import { ExtractionQueue } from './queue';
import type { ApplyResult, Cursor, Entity, Fact, GlossaryEntry, MemoryCounts, ProviderState, QueueItem, StoredEpisode } from './types';

export interface MemoryStoreOptions {
  /** The clock, injectable so tests can move time instead of waiting. */
  now?: () => Date;
}

export class MemoryStore {
  /** The connection, for memory/store/ and for tests that look underneath; feature code reads through queries/. */
  readonly db: Db;
  readonly episodes: EpisodeTable;
  readonly queue: ExtractionQueue;
  readonly graph: GraphWriter;
  readonly ledger: ProviderLedger;
  readonly reads: GraphReads;
  /** Code mentions and their anchors (issue 25). */
  readonly anchors: AnchorTable;

  constructor(
    readonly file: string,
    options: MemoryStoreOptions = {},
  ) {
    const now = options.now ?? (() => new Date());
    const iso = (): string => now().toISOString();
    this.db = openMemoryDb(file, now);
    this.episodes = new EpisodeTable(this.db, iso);
    this.queue = new ExtractionQueue(this.db, iso);
    this.graph = new GraphWriter(this.db, iso, this.episodes, this.queue);
    this.ledger = new ProviderLedger(this.db, iso);
    this.reads = new GraphReads(this.db);
    this.anchors = new AnchorTable(this.db, iso);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /** Runs `fn` as one transaction (nested calls join the outer one). */
  atomically<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // ---- episodes and cursors ----
  addEpisode = (draft: EpisodeDraft): boolean => this.episodes.add(draft);
  commitEpisodes = (drafts: readonly EpisodeDraft[], cursor?: Cursor, turnLines?: ReadonlyMap<string, TurnLines>): { added: number; existing: number } =>
    this.episodes.commit(drafts, cursor, turnLines);
  episode = (id: string): StoredEpisode | undefined => this.episodes.get(id);
  getCursor = (file: string, source: Cursor['source']): Cursor | undefined => this.episodes.getCursor(file, source);
  /** Alone, for a file that yielded no episode yet (too few turns) but whose bytes were read. */
  setCursor = (cursor: Cursor): void => this.episodes.setCursor(cursor);
  countsBySource = (): Map<string, { sessions: number; episodes: number }> => this.episodes.countsBySource();
  /** A shrunken or replaced file starts over. */
  deleteCursor = (file: string, source: Cursor['source']): void => this.episodes.deleteCursor(file, source);

  // ---- the extraction queue ----
  takeNext = (options: { refine?: boolean } = {}): QueueItem | undefined => this.queue.takeNext(options);
  queueItem = (episodeId: string): QueueItem | undefined => this.queue.item(episodeId);
  nextAttemptAt = (options: { refine?: boolean } = {}): string | undefined => this.queue.nextAttemptAt(options);
  queueRefine = (episodeId: string): void => this.queue.queueRefine(episodeId);
  refinesDueNow = (): number => this.queue.refinesDueNow();
  refineOfflineSince = (since: string): number => this.queue.refineOfflineSince(since);
  failExtraction = (episodeId: string, error: string, providersTried: readonly string[]): void => this.queue.fail(episodeId, error, providersTried);
  failRefine = (episodeId: string, error: string, providersTried: readonly string[]): void => this.queue.failRefine(episodeId, error, providersTried);
  deferExtraction = (episodeId: string, until: Date, reason: string): void => this.queue.defer(episodeId, until, reason);
  retryFailed = (): number => this.queue.retryFailed();

  // ---- the graph ----
  applyExtraction = (episodeId: string, extraction: Extraction, provider: string): ApplyResult => this.graph.applyExtraction(episodeId, extraction, provider);
  glossary = (options: { repo?: string; limit?: number } = {}): GlossaryEntry[] => this.reads.glossary(options);
  findEntity = (name: string, type?: EntityType): Entity | undefined => this.reads.findEntity(name, type);
  entity = (id: number): Entity | undefined => this.reads.entity(id);
  factsOf = (entityId: number, options: { all?: boolean } = {}): Fact[] => this.reads.factsOf(entityId, options);
  factEpisodes = (factId: number): string[] => this.reads.factEpisodes(factId);
  counts = (): MemoryCounts => this.reads.counts();

  // ---- the provider ledger ----
  providerState = (name: string): ProviderState | undefined => this.ledger.state(name);
  providerStates = (): ProviderState[] => this.ledger.states();
  recordProviderSuccess = (name: string): void => this.ledger.success(name);
  recordProviderFailure = (name: string, error: string, cooldownUntil?: Date): void => this.ledger.failure(name, error, cooldownUntil);
  budgetUsage = (day: string): { episodes: number; tokens: number } => this.ledger.budgetUsage(day);
  addBudgetUsage = (day: string, provider: string, tokens: number, episodes = 1): void => this.ledger.addBudgetUsage(day, provider, tokens, episodes);
}
