// Watching without inotify: when a repo has more folders than the watch cap,
// or the kernel refused more watches (ENOSPC, EMFILE), the changed files are
// found by polling. In a git repo that is what `git status` reports (edited,
// added, deleted, untracked), each with its mtime and size so a second edit
// of a file git already lists is seen too; outside git, a walk of the sources.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runGit } from '../../git';
import { isIndexedSource } from '../indexers';
import { walkRepo } from '../languages/skip';
import { isGitRoot } from '../roots';
import { errorMessage } from '../../errors';

/** How a file changed, as the watcher and the poller report it. */
export type ChangeKind = 'add' | 'change' | 'unlink';

export interface PollerOptions {
  intervalMs: number;
  /** Is this absolute path one the repo's watcher ignores? */
  ignores(absolute: string): boolean;
  onChange(kind: ChangeKind, absolute: string): void;
  /** Report files edited after this time (ms) on the first poll. */
  changedSince?: number;
  log(line: string): void;
}

/** One file's state as a poll sees it: gone, or its mtime and size. */
type Seen = string;

const GIT_STATUS = ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'];
const WALK_BUDGET = 200_000;

export class ChangePoller {
  private seen = new Map<string, Seen>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private polling = false;
  readonly ready: Promise<void>;

  constructor(
    readonly root: string,
    private readonly options: PollerOptions,
  ) {
    this.ready = this.poll(true).then(() => this.arm());
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void this.poll(false).finally(() => this.arm()), this.options.intervalMs);
    this.timer.unref();
  }

  /** One poll: every candidate's state against the last poll's; the first poll only records (and reports what changed while nobody watched). */
  private async poll(first: boolean): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = true;
    try {
      const candidates = await this.candidates();
      const now = new Map<string, Seen>();
      // A file git listed before and no longer lists was committed or reverted: its state is read once more.
      for (const rel of new Set([...candidates, ...this.seen.keys()])) {
        const abs = path.join(this.root, rel);
        if (!isIndexedSource(rel) || this.options.ignores(abs)) continue;
        const state = stateOf(abs);
        const before = this.seen.get(rel);
        if (candidates.has(rel) || state !== before) now.set(rel, state);
        if (first) {
          const mtime = Number(state.split(':')[0]);
          if (this.options.changedSince !== undefined && state !== 'gone' && mtime > this.options.changedSince) this.options.onChange('change', abs);
          continue;
        }
        if (state === before) continue;
        this.options.onChange(state === 'gone' ? 'unlink' : before === undefined || before === 'gone' ? 'add' : 'change', abs);
      }
      this.seen = now;
    } catch (err) {
      this.options.log(`polling ${this.root} failed: ${errorMessage(err)}`);
    } finally {
      this.polling = false;
    }
  }

  /** Repo-relative paths that may have changed: git's list, or every source file outside git. */
  private candidates(): Promise<Set<string>> {
    if (!isGitRoot(this.root)) return Promise.resolve(new Set(walkRepo(this.root, (e) => e.isFile() && isIndexedSource(e.name), WALK_BUDGET)));
    // A large tree's status may take long: no timeout, the next poll waits for this one.
    return runGit(this.root, GIT_STATUS, { timeoutMs: 0 }).then(({ stdout, error }) => {
      if (error) throw new Error(`git status failed: ${error.message.split('\n')[0]}`);
      const out = new Set<string>();
      // Each record is `XY path`, NUL-terminated (-z: paths are verbatim, no quoting).
      for (const record of stdout.split('\0')) if (record.length > 3) out.add(record.slice(3));
      return out;
    });
  }
}

function stateOf(abs: string): Seen {
  try {
    const st = fs.lstatSync(abs);
    return `${st.mtimeMs}:${st.size}`;
  } catch {
    return 'gone';
  }
}
