// The open CodeStore of each repo: opened on demand, closed after a while
// without use, swapped for a new build. An index is never deleted: one that
// cannot be read is moved aside (the error says where) and rebuilt.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage, IndexUnreadableError } from '../errors';
import type { RepoEntry } from './repo-registry';
import { CodeStore, SchemaVersionError } from './store/store';
import { holdForTests } from '../hold';

export const INDEX_FILE = 'index.db';

export class StoreCache {
  private readonly open = new Map<string, CodeStore>();

  constructor(private readonly log: (line: string) => void) {}

  /** The store if it is open now; never opens one. */
  peek(entry: RepoEntry): CodeStore | undefined {
    return this.open.get(entry.repo);
  }

  /**
   * The repo's store, opening index.db when there is one. Undefined when there
   * is no index; an unreadable one is moved aside (IndexUnreadableError
   * recorded as the repo's last error) and undefined returned, so it is rebuilt.
   */
  get(entry: RepoEntry): CodeStore | undefined {
    const cached = this.open.get(entry.repo);
    if (cached) return cached;
    if (entry.gone) return undefined;
    const file = path.join(entry.dir, INDEX_FILE);
    if (!fs.existsSync(file)) return undefined;
    try {
      const store = new CodeStore(file);
      this.open.set(entry.repo, store);
      entry.lastUsed = Date.now();
      return store;
    } catch (err) {
      if (!isUnreadable(err)) throw err;
      this.moveAside(entry, err);
      return undefined;
    }
  }

  /**
   * Serves another checkout's index file, read-only, as this repo's until
   * swap() puts its own in place; `meta` names this repo (see build/seed.ts).
   */
  lend(entry: RepoEntry, file: string, meta: Readonly<Record<string, string>>): CodeStore {
    this.close(entry);
    const store = new CodeStore(file, meta);
    this.open.set(entry.repo, store);
    entry.lastUsed = Date.now();
    return store;
  }

  /** Is there an index on disk (open or not)? */
  hasIndex(entry: RepoEntry): boolean {
    return this.open.has(entry.repo) || fs.existsSync(path.join(entry.dir, INDEX_FILE));
  }

  /**
   * Closes the repo's index and moves it aside: for one found corrupt while
   * open (a query read a damaged page). Its repo's status carries the error
   * until a build replaces it.
   */
  moveAside(entry: RepoEntry, err: unknown): IndexUnreadableError | undefined {
    const file = path.join(entry.dir, INDEX_FILE);
    const current = this.open.get(entry.repo)?.file;
    this.close(entry);
    if (current !== undefined && current !== file) {
      // A lent index (another checkout's, see lend()) is not this repo's to move: it only stops reading it.
      entry.lastError = `the index lent from another checkout ('${current}') is unreadable (${errorMessage(err)}); this repo waits for its own`;
      this.log(entry.lastError);
      return undefined;
    }
    const aside = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, aside);
    const e = new IndexUnreadableError(file, aside, errorMessage(err));
    entry.lastError = e.oneLine();
    this.log(e.oneLine());
    return e;
  }

  /** Reads the meta table of an index without keeping it open (status must not open stores). */
  meta(entry: RepoEntry): ReturnType<CodeStore['meta']> | undefined {
    const open = this.open.get(entry.repo);
    if (open) return open.meta();
    const file = path.join(entry.dir, INDEX_FILE);
    if (entry.gone || !fs.existsSync(file)) return undefined;
    let store: CodeStore | undefined;
    try {
      store = new CodeStore(file);
      return store.meta();
    } catch {
      return undefined;
    } finally {
      store?.close();
    }
  }

  /**
   * Close, rename, reopen. Queries are synchronous, so none straddles this, and
   * rename() is atomic: a kill at any point leaves either the old or the new
   * index.db in place (a leftover .next is removed on restart).
   */
  swap(entry: RepoEntry, nextPath: string): CodeStore {
    const live = path.join(entry.dir, INDEX_FILE);
    this.close(entry);
    holdForTests('SCRY_TEST_SWAP_HOLD_MS');
    fs.renameSync(nextPath, live);
    const store = new CodeStore(live);
    this.open.set(entry.repo, store);
    return store;
  }

  close(entry: RepoEntry): void {
    this.open.get(entry.repo)?.close();
    this.open.delete(entry.repo);
  }

  /** Closes the stores of repos unused for idleMs, but those `busy` says to keep. */
  closeIdle(entries: readonly RepoEntry[], idleMs: number, busy: (e: RepoEntry) => boolean): number {
    let closed = 0;
    for (const entry of entries) {
      if (this.open.has(entry.repo) && !busy(entry) && Date.now() - entry.lastUsed > idleMs) {
        this.close(entry);
        this.log(`closed idle index of ${entry.repo}`);
        closed++;
      }
    }
    return closed;
  }

  /** How many indexes are open now. */
  get openCount(): number {
    return this.open.size;
  }

  closeAll(): void {
    for (const store of this.open.values()) store.close();
    this.open.clear();
  }
}

/**
 * SQLite found the file damaged while reading it (SQLITE_CORRUPT and its
 * extended codes, SQLITE_NOTADB): a page in the middle can go bad after the
 * header was read fine at open.
 */
export function isCorrupt(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/** The file is not a usable index (corrupt, not SQLite, another schema): as opposed to a missing native module or a permission error, which say nothing about the file. */
function isUnreadable(err: unknown): boolean {
  if (err instanceof SchemaVersionError) return true;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}
