// memory.db's connection: opened with the pragmas every reader and writer
// relies on, and migrated to this Scry's schema before anything else runs.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openDatabase, type Db } from '../../sqlite';
import { MemoryMigrationError, MemorySchemaError } from './errors';
import { recountPassages } from './passages';
import { ASSISTANT_PASSAGES_MIGRATION, PASSAGES_MIGRATION, RECURRENCE_MIGRATION, RECUT_MIGRATION, SHORT_RUNS_MIGRATION } from './passage-schema';
import { MIGRATIONS, SCHEMA_VERSION } from './schema';

/** Migrations after which the stored passages are written again. */
const REWRITES: ReadonlySet<string> = new Set([PASSAGES_MIGRATION, RECURRENCE_MIGRATION, RECUT_MIGRATION, ASSISTANT_PASSAGES_MIGRATION, SHORT_RUNS_MIGRATION]);

export function openMemoryDb(file: string, now: () => Date): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const db = openDatabase(file);
  // WAL lets recall read while the queue writes; busy_timeout covers the CLI's cold reads.
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across a daemon crash (kill -9) in WAL mode; only power loss can drop the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  try {
    migrate(db, file, now);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

function migrate(db: Db, file: string, now: () => Date): void {
  const found = db.pragma('user_version', { simple: true }) as number;
  if (found > SCHEMA_VERSION) throw new MemorySchemaError(file, found, SCHEMA_VERSION);
  // Passages are (re)written once, after the last migration, by the writer of this schema.
  let rewrite = false;
  // A table rebuild (FILE_ENTITIES_MIGRATION) drops a table others point at: foreign keys are off while
  // migrations run (SQLite ignores the pragma inside a transaction), and checked whole before they are on again.
  if (found < SCHEMA_VERSION) db.pragma('foreign_keys = OFF');
  try {
    for (let v = found; v < SCHEMA_VERSION; v++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[v]!);
        if (REWRITES.has(MIGRATIONS[v]!)) rewrite = true;
        if (v === 0) db.prepare(`INSERT INTO meta(key, value) VALUES ('created_at', ?)`).run(now().toISOString());
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0) throw new MemoryMigrationError(file, v + 1, broken.length);
        db.pragma(`user_version = ${v + 1}`);
      })();
    }
  } finally {
    db.pragma('foreign_keys = ON');
  }
  if (rewrite) db.transaction(() => recountPassages(db))();
}
