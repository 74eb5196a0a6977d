// Runs the sweep on its own: first a while after start (a daemon that boots
// for one query does not read every transcript first), then every
// interval_minutes, re-reading whether it is still on before each run.
import type { DomainContext } from '../domain';
import { errorMessage } from '../errors';

/** The first sweep waits this long after start. */
export const FIRST_SWEEP_DELAY_MS = 60_000;

export class SweepTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: DomainContext,
    private readonly run: () => Promise<unknown>,
    /** Whether sweeping is on, and how often, as of now. */
    private readonly schedule: () => { enabled: boolean; intervalMinutes: number },
  ) {}

  start(): void {
    this.next(Math.min(FIRST_SWEEP_DELAY_MS, this.schedule().intervalMinutes * 60_000));
  }

  private next(delayMs: number): void {
    if (!this.schedule().enabled) return;
    this.timer = setTimeout(() => {
      const again = (): void => this.next(this.schedule().intervalMinutes * 60_000);
      this.run().then(again, (err: unknown) => {
        this.ctx.error(`memory sweep failed: ${errorMessage(err)}`);
        again();
      });
    }, delayMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
