// Turns a stream of file changes into few rebuilds: a change waits for a quiet
// period (debounce), a storm of saves is capped by maxWait, and after a build
// a cooldown passes before the next one, so a storm becomes one rebuild.

export interface SchedulerOptions {
  /** Quiet time after the last change before a rebuild starts. */
  debounceMs: number;
  /** Minimum time between the end of one build and the start of the next. */
  cooldownMs: number;
  /** A continuous storm still rebuilds after this long. */
  maxWaitMs: number;
}

export const DEFAULT_SCHEDULE: SchedulerOptions = { debounceMs: 300, cooldownMs: 2000, maxWaitMs: 10_000 };

export class RebuildScheduler {
  private readonly pending = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private firstPendingAt = 0;
  private lastBuildEnd = 0;
  private running = false;
  private disposed = false;

  constructor(
    private readonly rebuild: () => Promise<unknown>,
    private readonly options: SchedulerOptions = DEFAULT_SCHEDULE,
  ) {}

  /** Files changed since the last build started. */
  get pendingChanges(): number {
    return this.pending.size;
  }

  changed(file: string): void {
    if (this.disposed) return;
    if (this.pending.size === 0) this.firstPendingAt = Date.now();
    this.pending.add(file);
    this.arm(this.options.debounceMs);
  }

  /** A build (ours or anyone's) is starting: it covers everything changed until now. */
  buildStarted(): void {
    this.pending.clear();
    this.running = true;
    this.clear();
  }

  buildEnded(): void {
    this.running = false;
    this.lastBuildEnd = Date.now();
    if (this.pending.size > 0) this.arm(this.options.debounceMs);
  }

  dispose(): void {
    this.disposed = true;
    this.clear();
    this.pending.clear();
  }

  private arm(delay: number): void {
    this.clear();
    const sinceFirst = Date.now() - this.firstPendingAt;
    // maxWait never undercuts the debounce itself (a long debounce means "not soon").
    const maxWait = Math.max(this.options.maxWaitMs, this.options.debounceMs);
    const wait = Math.max(0, Math.min(delay, maxWait - sinceFirst));
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = undefined;
    if (this.disposed || this.pending.size === 0 || this.running) return; // buildEnded re-arms
    const cooling = this.options.cooldownMs - (Date.now() - this.lastBuildEnd);
    if (cooling > 0) {
      this.clear();
      this.timer = setTimeout(() => this.fire(), cooling);
      this.timer.unref();
      return;
    }
    // The build itself calls buildStarted/buildEnded through the index.
    void this.rebuild().catch(() => undefined);
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
