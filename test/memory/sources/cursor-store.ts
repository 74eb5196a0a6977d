// Cursor's state.vscdb as the editor writes it: a key-value table (the global
// store's cursorDiskKV, a workspace's ItemTable) whose values are JSON text.
// The Cursor tests and the sources bench build their stores with it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openDatabase } from '../../../daemon/sqlite';

/** Writes `rows` (key to JSON value) into `table` of the state.vscdb at `file`, creating both if need be. */
export function kvDb(file: string, table: 'cursorDiskKV' | 'ItemTable', rows: Record<string, unknown>): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = openDatabase(file);
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS ${table} (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)`);
    const put = db.prepare(`INSERT INTO ${table} (key, value) VALUES (?, ?)`);
    db.transaction(() => {
      for (const [k, v] of Object.entries(rows)) put.run(k, JSON.stringify(v));
    })();
  } finally {
    db.close();
  }
}
