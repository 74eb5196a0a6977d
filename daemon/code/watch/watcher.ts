// One chokidar watcher over one repo, reporting changes to indexed source
// files as repo-relative '/'-separated paths.
import * as path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { toPosix } from '../../paths';
import { RepoIgnore } from './ignore';
import { isIndexedSource } from '../languages';

export type ChangeKind = 'add' | 'change' | 'unlink';

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
}

export class RepoWatcher {
  private readonly watcher: FSWatcher;
  private readonly filter: RepoIgnore;
  readonly ready: Promise<void>;

  constructor(readonly root: string, options: RepoWatcherOptions) {
    this.filter = new RepoIgnore(root, options.exclude);
    let initial = true;
    this.watcher = watch(root, {
      ignoreInitial: options.changedSince === undefined,
      alwaysStat: options.changedSince !== undefined,
      persistent: true,
      ignored: (p, stats) => {
        if (this.filter.ignores(p, stats ? stats.isDirectory() : undefined)) return true;
        return stats !== undefined && stats.isFile() && !isIndexedSource(p) && path.basename(p) !== '.gitignore';
      },
    });
    const report = (kind: ChangeKind) => (p: string) => {
      if (path.basename(p) === '.gitignore') {
        this.filter.reload(p);
        options.onIgnoreChanged?.();
        return;
      }
      if (!isIndexedSource(p)) return;
      options.onChange({ kind, file: toPosix(path.relative(root, p)) });
    };
    this.watcher.on('add', (p, stats) => {
      if (!initial) return report('add')(p);
      // The initial scan: only files edited while the daemon was away.
      if (options.changedSince !== undefined && stats && stats.mtimeMs > options.changedSince) report('change')(p);
    });
    this.watcher.on('change', report('change'));
    this.watcher.on('unlink', report('unlink'));
    this.watcher.on('unlinkDir', (p) => {
      if (path.resolve(p) === path.resolve(root)) options.onRootGone();
    });
    this.watcher.on('error', (err) => options.onError?.(err instanceof Error ? err : new Error(String(err))));
    this.ready = new Promise((resolve) =>
      this.watcher.once('ready', () => {
        initial = false;
        resolve();
      }),
    );
  }

  /** Is this repo-relative file one the watcher does not look at (now that its .gitignore says so)? */
  ignores(file: string): boolean {
    return this.filter.ignores(path.join(this.root, file), false);
  }

  close(): Promise<void> {
    return this.watcher.close();
  }
}
