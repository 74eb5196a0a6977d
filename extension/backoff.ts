// Restart delays for a daemon that keeps dying: doubling from `initialMs` up
// to `maxMs`. A daemon that stayed up for `stableMs` earns a fresh start, so
// one crash a day restarts at once while a crash loop slows down.
export interface BackoffOptions {
  initialMs?: number;
  maxMs?: number;
  stableMs?: number;
}

export class Backoff {
  private attempt = 0;
  readonly initialMs: number;
  readonly maxMs: number;
  readonly stableMs: number;

  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 500;
    this.maxMs = options.maxMs ?? 30_000;
    this.stableMs = options.stableMs ?? 60_000;
  }

  /** The delay before the next attempt; each call lengthens the following one. */
  next(): number {
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** this.attempt);
    if (delay < this.maxMs) this.attempt++;
    return delay;
  }

  /** Called when the daemon goes down after having been up for `upMs`. */
  wentDownAfter(upMs: number): void {
    if (upMs >= this.stableMs) this.reset();
  }

  reset(): void {
    this.attempt = 0;
  }

  get attempts(): number {
    return this.attempt;
  }
}
