// One repo kept live: its watcher feeds the overlay at once and the rebuild
// scheduler after a quiet period. The code index owns one per watched repo.
import * as fs from 'node:fs';
import { Overlay } from '../overlay';
import { DEFAULT_SCHEDULE, RebuildScheduler, RepoWatcher, type FileChange, type SchedulerOptions } from '../watch';
import { errorMessage } from '../../errors';

export interface LiveRepoOptions {
  root: string;
  /** Folders inside the repo never to watch (SCRY_HOME when it lies inside). */
  exclude: string[];
  schedule?: Partial<SchedulerOptions>;
  /** Starts a precise rebuild; the index calls buildStarted/buildEnded around it. */
  rebuild(): Promise<unknown>;
  /** The repo folder is gone (deleted or moved). */
  onGone(): void;
  /** Report files edited after this time (ms) as changed during the initial scan. */
  changedSince?: number;
  /** Folders watched with inotify at most; past it the repo is polled. */
  maxDirs?: number;
  pollMs?: number;
  log(line: string): void;
}

export class LiveRepo {
  readonly overlay: Overlay;
  private readonly scheduler: RebuildScheduler;
  private watcher: RepoWatcher | undefined;
  private closed = false;

  constructor(private readonly options: LiveRepoOptions) {
    this.overlay = new Overlay(options.root, options.log);
    this.scheduler = new RebuildScheduler(() => this.rebuildIfPresent(), { ...DEFAULT_SCHEDULE, ...options.schedule });
    this.watcher = new RepoWatcher(options.root, {
      exclude: options.exclude,
      changedSince: options.changedSince,
      maxDirs: options.maxDirs,
      pollMs: options.pollMs,
      log: options.log,
      onChange: (c) => this.changed(c),
      onRootGone: () => this.checkGone(),
      // A file the repo now ignores stops answering from the overlay, as if it had never been seen.
      onIgnoreChanged: () => this.overlay.evict((file) => this.watcher?.ignores(file) ?? false),
      onError: (err) => {
        options.log(`watcher error in ${options.root}: ${err.message}`);
        this.checkGone();
      },
    });
  }

  get watching(): boolean {
    return this.watcher !== undefined && !this.closed;
  }

  /** Why watching fell back to polling (with the remedy); undefined while inotify watches. */
  get degraded(): string | undefined {
    return this.watcher?.degraded;
  }

  /** Folders inotify watches for this repo (the watcher's own count). */
  get watchedDirs(): number {
    return this.watcher?.watchedDirs ?? 0;
  }

  get pendingChanges(): number {
    return this.scheduler.pendingChanges;
  }

  /** Resolves when the initial scan is done and events flow. */
  get ready(): Promise<void> {
    return this.watcher?.ready ?? Promise.resolve();
  }

  /** A precise build is starting; returns the change number it covers. */
  buildStarted(): number {
    this.scheduler.buildStarted();
    return this.overlay.currentSeq;
  }

  /** The build that covered change `seq` ended; when it was swapped in, the overlay up to it is settled. */
  buildEnded(seq: number, swapped: boolean): void {
    if (swapped) this.overlay.settle(seq);
    this.scheduler.buildEnded();
  }

  /** True (after stopping everything) when the repo folder no longer exists. */
  checkGone(): boolean {
    if (this.closed) return true;
    if (fs.existsSync(this.options.root)) return false;
    this.options.log(`repo ${this.options.root} is gone (deleted or moved); no longer watching it`);
    void this.dispose();
    this.options.onGone();
    return true;
  }

  async dispose(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.scheduler.dispose();
    this.overlay.clear();
    const w = this.watcher;
    this.watcher = undefined;
    await w?.close();
  }

  private changed(change: FileChange): void {
    if (this.closed) return;
    void this.overlay.update(change.file, change.kind === 'unlink').catch((err: unknown) => {
      this.options.log(`overlay: could not parse '${change.file}': ${errorMessage(err)}`);
    });
    this.scheduler.changed(change.file);
  }

  private rebuildIfPresent(): Promise<unknown> {
    if (this.checkGone()) return Promise.resolve();
    return this.options.rebuild();
  }
}
