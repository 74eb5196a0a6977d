// At most N precise builds at once across repos (indexers are memory- and
// CPU-hungry: five new worktrees must not cost five full builds at once);
// the rest wait in order, and can say how many are ahead of them.
import * as os from 'node:os';

/** SCRY_MAX_BUILDS, else half the cores, at least one. */
export function maxBuildsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.SCRY_MAX_BUILDS);
  return Number.isInteger(n) && n > 0 ? n : Math.max(1, Math.floor(os.availableParallelism() / 2));
}

export class BuildSlots {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly max: number) {}

  /** Waits for a slot; the returned function gives it back. `onQueued` hears how many wait ahead, when it must wait. */
  async acquire(onQueued?: (ahead: number) => void, signal?: AbortSignal): Promise<() => void> {
    if (this.busy >= this.max) {
      onQueued?.(this.waiting.length);
      await new Promise<void>((resolve, reject) => {
        const wake = (): void => {
          signal?.removeEventListener('abort', abort);
          resolve();
        };
        const abort = (): void => {
          const i = this.waiting.indexOf(wake);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        this.waiting.push(wake);
        signal?.addEventListener('abort', abort, { once: true });
      });
    } else this.busy++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.busy--;
    };
  }

  get queued(): number {
    return this.waiting.length;
  }
}
