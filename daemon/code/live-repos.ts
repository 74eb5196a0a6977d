// The watched repos: one LiveRepo (watcher, overlay, rebuild scheduler) per
// repo once it has an index, restarted for every known repo at daemon start.
import { LiveRepo } from './live';
import type { RepoEntry } from './repo-registry';
import type { SchedulerOptions } from './watch';
import { errorMessage } from '../errors';

export interface LiveReposOptions {
  home: string;
  /** Off in tests and tools that only query. */
  enabled: boolean;
  schedule?: Partial<SchedulerOptions>;
  /** Folders watched with inotify per repo at most (SCRY_MAX_WATCHED_DIRS). */
  maxDirs?: number;
  /** Poll interval of a degraded watcher (SCRY_POLL_MS). */
  pollMs?: number;
  log(line: string): void;
  rebuild(entry: RepoEntry): Promise<unknown>;
  /** The repo's folder went away while watched. */
  onGone(entry: RepoEntry): void;
}

export class LiveRepos {
  private readonly live = new Map<string, LiveRepo>();

  constructor(private readonly options: LiveReposOptions) {}

  get(entry: RepoEntry): LiveRepo | undefined {
    return this.live.get(entry.repo);
  }

  /** Starts the watcher of a repo once (when watching is on and the repo is still there). A failure to watch is logged, never fatal. */
  ensure(entry: RepoEntry, changedSince?: number): LiveRepo | undefined {
    const existing = this.live.get(entry.repo);
    if (existing || !this.options.enabled || entry.gone) return existing;
    try {
      const repo = new LiveRepo({
        root: entry.repo,
        exclude: [this.options.home],
        schedule: this.options.schedule,
        changedSince,
        maxDirs: this.options.maxDirs,
        pollMs: this.options.pollMs,
        rebuild: () => this.options.rebuild(entry),
        onGone: () => {
          this.live.delete(entry.repo);
          this.options.onGone(entry);
        },
        log: (l) => this.options.log(l),
      });
      this.live.set(entry.repo, repo);
      this.options.log(`watching ${entry.repo}`);
      return repo;
    } catch (err) {
      this.options.log(`could not watch ${entry.repo}: ${errorMessage(err)}`);
      return undefined;
    }
  }

  /** True when the repo's folder turned out to be gone. */
  checkGone(entry: RepoEntry): boolean {
    return this.live.get(entry.repo)?.checkGone() ?? false;
  }

  /** Stops watching a repo (it is forgotten). */
  async stop(entry: RepoEntry): Promise<void> {
    const live = this.live.get(entry.repo);
    this.live.delete(entry.repo);
    await live?.dispose();
  }

  async dispose(): Promise<void> {
    await Promise.allSettled([...this.live.values()].map((l) => l.dispose()));
    this.live.clear();
  }
}
