// How far a running build is and about when it ends: its last progress event,
// and the pace so far (or the previous build's length) for an estimate.
import type { BuildProgress, ProgressEvent } from '../../protocol';

export class BuildPace {
  private readonly started = Date.now();
  private last: Omit<ProgressEvent, 'repo'>;

  /** previousMs: how long this repo's last build took, when it had one. */
  constructor(
    private readonly previousMs?: number,
    message = 'starting the precise indexers',
  ) {
    this.last = { phase: 'indexing', message };
  }

  note(event: Omit<ProgressEvent, 'repo'>): void {
    this.last = event;
  }

  progress(now = Date.now()): BuildProgress {
    const elapsed = now - this.started;
    const p = this.last.percent;
    // The indexer's own count once it reports files; before that, the last build's length.
    const etaMs = p !== undefined && p >= 1 ? (elapsed * (100 - p)) / p : this.previousMs !== undefined ? Math.max(0, this.previousMs - elapsed) : undefined;
    return {
      phase: this.last.phase,
      message: this.last.message,
      ...(p !== undefined ? { percent: p } : {}),
      ...(etaMs !== undefined ? { eta_s: Math.max(1, Math.ceil(etaMs / 1000)) } : {}),
    };
  }
}
