// Other agents' SQLite stores (OpenCode's opencode.db, Cursor's
// state.vscdb), read while their writer runs. Opened read-only with
// fileMustExist: no write lock is ever taken, nothing is copied, and in WAL
// mode a reader never blocks the writer (nor the writer it). A busy
// timeout rides out a writer's short exclusive lock in rollback mode; a
// lock held longer, a file that is not a database, or a schema without what
// a distiller reads is an UnknownFormatError naming the file and what was
// expected, so ingest stores nothing and leaves the cursor. This folder is
// the one place in memory that holds SQL outside store/: it never touches
// memory.db.
import { openDatabase, type Db } from '../../../sqlite';
import { UnknownFormatError } from '../format-error';

/** How long a read waits for a writer's exclusive lock before it is reported. */
const BUSY_MS = 2000;

/** Opens another agent's store for reading; a test may count the opens through its own. */
export type ForeignOpener = (file: string) => Db;

export const openForeign: ForeignOpener = (file) => openDatabase(file, { readonly: true, fileMustExist: true, timeout: BUSY_MS });

/**
 * The reads of one sweep (or one ingest): each store it touches is opened
 * once, read-only, and serves the listing, every stamp and every distill of
 * its sessions; what is derived from a store once (Cursor's composer to
 * workspace map) is kept beside it. Between statements no read transaction
 * stays open, so a writer in WAL mode checkpoints as before. The owner
 * disposes it when the sweep ends.
 */
export class ForeignReads {
  private readonly open = new Map<string, Db>();
  private readonly derived = new Map<string, unknown>();
  constructor(private readonly opener: ForeignOpener = openForeign) {}

  /** The connection to `file`, opened on first use. */
  connection(file: string): Db {
    let db = this.open.get(file);
    if (!db) {
      db = this.opener(file);
      this.open.set(file, db);
    }
    return db;
  }

  /** Closes the connection to `file` (one that failed a read, or a store read once): the next read opens it afresh. */
  close(file: string): void {
    this.open.get(file)?.close();
    this.open.delete(file);
  }

  /** `make()` once per scope for `key`. */
  once<T>(key: string, make: () => T): T {
    if (!this.derived.has(key)) this.derived.set(key, make());
    return this.derived.get(key) as T;
  }

  dispose(): void {
    for (const db of this.open.values()) db.close();
    this.open.clear();
    this.derived.clear();
  }
}

/**
 * Runs `read` on a read-only connection to `file`: the scope's when one is
 * given (left open for the next read), else one of its own, closed
 * afterwards. SQLite failures become UnknownFormatError.
 */
export function readForeign<T>(file: string, expected: string, read: (db: Db) => T, reads?: ForeignReads): T {
  let own: Db | undefined;
  try {
    const db = reads ? reads.connection(file) : (own = openForeign(file));
    return read(db);
  } catch (err) {
    if (err instanceof UnknownFormatError) throw err;
    reads?.close(file);
    const e = err as { code?: string; message?: string };
    throw new UnknownFormatError(file, expected, e.code ? `${e.code}: ${e.message ?? ''}` : (e.message ?? String(err)));
  } finally {
    own?.close();
  }
}

/** The columns of each table `need` names, or an UnknownFormatError naming what is missing. */
export function requireColumns(db: Db, file: string, expected: string, need: Record<string, readonly string[]>): void {
  const missing: string[] = [];
  for (const [table, columns] of Object.entries(need)) {
    const have = new Set((db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map((c) => c.name));
    if (have.size === 0) missing.push(`table ${table}`);
    else for (const c of columns) if (!have.has(c)) missing.push(`${table}.${c}`);
  }
  if (missing.length > 0) throw new UnknownFormatError(file, expected, `no ${missing.join(', ')}`);
}
