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

/** Runs `read` on a read-only connection to `file`, closed afterwards; SQLite failures become UnknownFormatError. */
export function readForeign<T>(file: string, expected: string, read: (db: Db) => T): T {
  let db: Db | undefined;
  try {
    db = openDatabase(file, { readonly: true, fileMustExist: true, timeout: BUSY_MS });
    return read(db);
  } catch (err) {
    if (err instanceof UnknownFormatError) throw err;
    const e = err as { code?: string; message?: string };
    throw new UnknownFormatError(file, expected, e.code ? `${e.code}: ${e.message ?? ''}` : e.message ?? String(err));
  } finally {
    db?.close();
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
