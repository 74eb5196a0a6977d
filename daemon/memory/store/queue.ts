// The extraction queue's state machine: pending -> done | failed, deferred
// while no provider can take an episode, and `refine` rows (a remember,
// resolved offline already) taken only when a model is in the chain.
import type { Db } from '../../sqlite';
import { queueItemOf, type QueueRow } from './rows';
import type { ExtractionState, QueueItem } from './types';

const QUEUE_COLUMNS = 'episode_id, attempts, status, next_attempt_at, last_error, providers_tried, purpose';
const ERROR_MAX = 2000;

function prepare(db: Db) {
  return {
    takeNext: db.prepare<[string, number], QueueRow>(`SELECT ${QUEUE_COLUMNS} FROM extraction_queue
        WHERE status = 'pending' AND next_attempt_at <= ? AND (purpose = 'extract' OR ?) ORDER BY next_attempt_at, episode_id LIMIT 1`),
    nextAttempt: db.prepare<[number], { at: string | null }>(
      `SELECT min(next_attempt_at) AS at FROM extraction_queue WHERE status = 'pending' AND (purpose = 'extract' OR ?)`,
    ),
    queueItem: db.prepare<[string], QueueRow>(`SELECT ${QUEUE_COLUMNS} FROM extraction_queue WHERE episode_id = ?`),
    queueRefine: db.prepare<[string, string, string]>(
      `UPDATE extraction_queue SET status = 'pending', purpose = 'refine', next_attempt_at = ?, updated_at = ? WHERE episode_id = ?`,
    ),
    refineDue: db.prepare<[string, string]>(
      `UPDATE extraction_queue SET next_attempt_at = ? WHERE status = 'pending' AND purpose = 'refine' AND next_attempt_at > ?`,
    ),
    refineOffline: db.prepare<[string, string, string]>(`UPDATE extraction_queue SET status = 'pending', purpose = 'refine', next_attempt_at = ?, updated_at = ?
        WHERE status = 'done' AND episode_id IN (SELECT id FROM episodes WHERE extracted_by = 'offline' AND occurred_at >= ?)`),
    queueDone: db.prepare<[string, string, string]>(
      `UPDATE extraction_queue SET status = 'done', attempts = attempts + 1, providers_tried = ?, last_error = NULL, updated_at = ? WHERE episode_id = ?`,
    ),
    queueFail: db.prepare<[string, string, string, string]>(
      `UPDATE extraction_queue SET status = 'failed', attempts = attempts + 1, providers_tried = ?, last_error = ?, updated_at = ? WHERE episode_id = ?`,
    ),
    queueDefer: db.prepare<[string, string, string, string]>(
      `UPDATE extraction_queue SET status = 'pending', next_attempt_at = ?, last_error = ?, updated_at = ? WHERE episode_id = ?`,
    ),
    episodeState: db.prepare<[ExtractionState, string | null, string | null, string]>(
      `UPDATE episodes SET extraction = ?, extracted_by = coalesce(?, extracted_by), extracted_at = coalesce(?, extracted_at) WHERE id = ?`,
    ),
    retryFailedQueue: db.prepare<[string, string]>(
      `UPDATE extraction_queue SET status = 'pending', next_attempt_at = ?, updated_at = ? WHERE status = 'failed'`,
    ),
    retryFailedEpisodes: db.prepare<[]>(`UPDATE episodes SET extraction = 'pending' WHERE extraction = 'failed'`),
  };
}

export class ExtractionQueue {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    private readonly db: Db,
    private readonly iso: () => string,
  ) {
    this.s = prepare(db);
  }

  /**
   * The oldest pending episode whose time has come. One worker takes at a
   * time, so no claim is needed. Refines are taken only when a model can do them.
   */
  takeNext(options: { refine?: boolean } = {}): QueueItem | undefined {
    const r = this.s.takeNext.get(this.iso(), options.refine === false ? 0 : 1);
    return r ? queueItemOf(r) : undefined;
  }

  item(episodeId: string): QueueItem | undefined {
    const r = this.s.queueItem.get(episodeId);
    return r ? queueItemOf(r) : undefined;
  }

  /** When the earliest pending episode is due (possibly in the past), so the worker knows how long to sleep. */
  nextAttemptAt(options: { refine?: boolean } = {}): string | undefined {
    return this.s.nextAttempt.get(options.refine === false ? 0 : 1)?.at ?? undefined;
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

  /**
   * A model came into the chain after episodes were read offline only: those
   * of sessions since `since` go back in the queue for it to refine (its
   * budget paces them). Refines that failed stay failed (`memory retry`).
   */
  refineOfflineSince(since: string): number {
    const now = this.iso();
    return this.s.refineOffline.run(now, now, since).changes;
  }

  /** The graph writer applied it: done, with the provider that did it last in the list. */
  done(episodeId: string, provider: string, now: string): void {
    this.s.episodeState.run('done', provider, now, episodeId);
    const tried = this.item(episodeId)?.providersTried ?? [];
    this.s.queueDone.run([...tried.filter((p) => p !== provider), provider].join(','), now, episodeId);
  }

  /** No provider could process it: it stays stored, marked failed, until retryFailed. */
  fail(episodeId: string, error: string, providersTried: readonly string[]): void {
    this.db.transaction(() => {
      this.s.queueFail.run(providersTried.join(','), error.slice(0, ERROR_MAX), this.iso(), episodeId);
      this.s.episodeState.run('failed', null, null, episodeId);
    })();
  }

  /** No model could refine it: the queue row is failed (retryable), the episode and its offline facts stay as they are. */
  failRefine(episodeId: string, error: string, providersTried: readonly string[]): void {
    this.s.queueFail.run(providersTried.join(','), error.slice(0, ERROR_MAX), this.iso(), episodeId);
  }

  /** Nothing was tried (every provider cooling down, or over budget): try again at `until`. */
  defer(episodeId: string, until: Date, reason: string): void {
    this.s.queueDefer.run(until.toISOString(), reason.slice(0, ERROR_MAX), this.iso(), episodeId);
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
}
