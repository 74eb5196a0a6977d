// One watcher over one repo, reporting changes to indexed source files as
// repo-relative '/'-separated paths. Normally chokidar (inotify), never
// following a link out of the repo; past the cap on watched folders, or when
// the kernel refuses more watches, it degrades to polling (poller.ts) and
// says why.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { toPosix } from '../../paths';
import { RepoIgnore } from './ignore';
import { isIndexedSource } from '../indexers';
import { watchLimitRemedy } from './inotify';
import { ChangePoller, type ChangeKind } from './poller';

export type { ChangeKind } from './poller';

export interface FileChange {
  kind: ChangeKind;
  /** Repo-relative, '/'-separated. */
  file: string;
}

export interface RepoWatcherOptions {
  /** Folders never to watch even inside the repo (SCRY_HOME). */
  exclude?: string[];
  onChange(change: FileChange): void;
  /** The repo folder itself disappeared (deleted or moved). */
  onRootGone(): void;
  /** A .gitignore was added, changed or removed; its rules are already read again. */
  onIgnoreChanged?(): void;
  onError?(err: Error): void;
  /**
   * Files that changed while nobody watched: during the initial scan, a file
   * whose mtime is later than this (ms since epoch) is reported as changed.
   */
  changedSince?: number;
  /** At most this many folders watched with inotify; a repo with more is polled (default DEFAULT_MAX_WATCHED_DIRS). */
  maxDirs?: number;
  /** How often a degraded watcher polls (default DEFAULT_POLL_MS). */
  pollMs?: number;
  /** Watching degraded to polling, and why (with the remedy). */
  onDegraded?(reason: string): void;
  log?(line: string): void;
}

export const DEFAULT_MAX_WATCHED_DIRS = 10_000;
export const DEFAULT_POLL_MS = 2_000;

/** When a new folder is read again after chokidar reports it (ms), and how many entries that reads at most. */
const RESCAN_AFTER_MS = [250, 2_000];
const RESCAN_MAX = 2_000;

/** Errors that mean the kernel will not give more watches: polling is the way on. */
const OUT_OF_WATCHES = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);

export class RepoWatcher {
  private watcher: FSWatcher | undefined;
  private poller: ChangePoller | undefined;
  private readonly filter: RepoIgnore;
  /** Why watching fell back to polling; undefined while inotify watches. */
  degraded: string | undefined;
  readonly ready: Promise<void>;
  private readonly report: (kind: ChangeKind) => (p: string) => void;

  constructor(
    readonly root: string,
    private readonly options: RepoWatcherOptions,
  ) {
    this.filter = new RepoIgnore(root, options.exclude);
    this.report = (kind) => (p) => {
      if (path.basename(p) === '.gitignore') {
        this.filter.reload(p);
        options.onIgnoreChanged?.();
        return;
      }
      if (!isIndexedSource(p)) return;
      options.onChange({ kind, file: toPosix(path.relative(root, p)) });
    };
    const cap = options.maxDirs ?? DEFAULT_MAX_WATCHED_DIRS;
    const dirs = countDirs(root, this.filter, cap + 1);
    if (dirs > cap) {
      this.ready = this.degrade(
        `more than ${cap} folders to watch in ${root} (the cap, SCRY_MAX_WATCHED_DIRS); polling the files git reports as changed every ${this.pollSeconds} s`,
      );
    } else {
      this.ready = this.watchEvents();
    }
  }

  /** Folders inotify watches for this repo (chokidar's own count); 0 while polling. */
  get watchedDirs(): number {
    return this.watcher ? Object.keys(this.watcher.getWatched()).length : 0;
  }

  get mode(): 'events' | 'polling' {
    return this.poller ? 'polling' : 'events';
  }

  /** Is this repo-relative file one the watcher does not look at (now that its .gitignore says so)? */
  ignores(file: string): boolean {
    return this.filter.ignores(path.join(this.root, file), false);
  }

  async close(): Promise<void> {
    this.poller?.close();
    const w = this.watcher;
    this.watcher = undefined;
    await w?.close();
  }

  private get pollSeconds(): number {
    return (this.options.pollMs ?? DEFAULT_POLL_MS) / 1000;
  }

  private watchEvents(): Promise<void> {
    const { options, root } = this;
    let initial = true;
    const watcher = watch(root, {
      ignoreInitial: options.changedSince === undefined,
      alwaysStat: options.changedSince !== undefined,
      persistent: true,
      // A link is reported as itself, never entered: a link to /usr costs no watch, a link loop no hang.
      followSymlinks: false,
      ignored: (p, stats) => {
        if (this.filter.ignores(p, stats ? stats.isDirectory() : undefined)) return true;
        return stats !== undefined && stats.isFile() && !isIndexedSource(p) && path.basename(p) !== '.gitignore';
      },
    });
    this.watcher = watcher;
    watcher.on('add', (p, stats) => {
      if (!initial) return this.report('add')(p);
      // The initial scan: only files edited while the daemon was away.
      if (options.changedSince !== undefined && stats && stats.mtimeMs > options.changedSince) this.report('change')(p);
    });
    // chokidar reads a new folder, then starts watching it: a file that lands in between is never
    // reported (chokidar#1471; a tool making a folder and writing into it at once). Each new folder is
    // read again once its watch is surely in place, and the files chokidar missed are reported.
    watcher.on('addDir', (dir) => {
      if (initial) return;
      for (const ms of RESCAN_AFTER_MS) setTimeout(() => this.rescan(dir), ms).unref();
    });
    watcher.on('change', this.report('change'));
    watcher.on('unlink', this.report('unlink'));
    watcher.on('unlinkDir', (p) => {
      if (path.resolve(p) === path.resolve(root)) options.onRootGone();
    });
    watcher.on('error', (raw) => {
      const err = raw instanceof Error ? raw : new Error(String(raw));
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== undefined && OUT_OF_WATCHES.has(code)) {
        if (this.degraded === undefined) {
          const why = code === 'ENOSPC' ? 'the inotify watch limit is reached (ENOSPC)' : `no more watches can be opened (${code})`;
          void this.degrade(`${why}; polling the files git reports as changed every ${this.pollSeconds} s; to watch again, ${watchLimitRemedy()}`);
        }
        return;
      }
      options.onError?.(err);
    });
    return new Promise((resolve) =>
      watcher.once('ready', () => {
        initial = false;
        resolve();
      }),
    );
  }

  /**
   * Reports the files under a folder that chokidar does not know (not following links, skipping what the
   * repo ignores), up to RESCAN_MAX entries. One it knows was reported already: reporting it again would
   * mark it changed.
   */
  private rescan(dir: string): void {
    if (!this.watcher) return;
    const known = this.watcher.getWatched();
    let seen = 0;
    walkFolders(dir, this.filter, (at, files, folders) => {
      const listed = new Set(known[at] ?? []);
      for (const name of files) if (!listed.has(name) && !this.filter.ignores(path.join(at, name), false)) this.report('add')(path.join(at, name));
      seen += files.length + folders.length;
      return seen < RESCAN_MAX;
    });
  }

  /** Stops inotify (releasing every watch it holds) and polls instead. */
  private async degrade(reason: string): Promise<void> {
    this.degraded = reason;
    this.options.log?.(`watching ${this.root} degraded: ${reason}`);
    this.options.onDegraded?.(reason);
    const w = this.watcher;
    this.watcher = undefined;
    await w?.close();
    const poller = new ChangePoller(this.root, {
      intervalMs: this.options.pollMs ?? DEFAULT_POLL_MS,
      ignores: (abs) => this.filter.ignores(abs, false),
      onChange: (kind, abs) => this.report(kind)(abs),
      // What changed since the index was built (a restored repo), as chokidar's initial scan would have reported.
      changedSince: this.options.changedSince,
      log: (l) => this.options.log?.(l),
    });
    this.poller = poller;
    await poller.ready;
  }
}

/** Folders a watcher of this repo would watch (links not entered), counted up to `stopAt`. */
function countDirs(root: string, filter: RepoIgnore, stopAt: number): number {
  let count = 1;
  walkFolders(root, filter, (_dir, _files, folders) => {
    count += folders.length;
    return count < stopAt;
  });
  return Math.min(count, stopAt);
}

/**
 * Walks the folders under `start` the watcher would watch (links not entered, ignored folders left out),
 * handing each its files' names and the folders it goes on into; stops when `visit` returns false.
 */
function walkFolders(start: string, filter: RepoIgnore, visit: (dir: string, files: string[], folders: string[]) => boolean): void {
  const stack = [start];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // gone again, or unreadable
    }
    const files = entries.filter((e) => e.isFile()).map((e) => e.name);
    const folders = entries
      .filter((e) => e.isDirectory())
      .map((e) => path.join(dir, e.name))
      .filter((f) => !filter.ignores(f, true));
    if (!visit(dir, files, folders)) return;
    stack.push(...folders);
  }
}
