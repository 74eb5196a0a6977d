// Exactly one daemon per SCRY_HOME. The lock is an exclusive SQLite
// transaction on scryd.lock: the kernel drops it when the process dies, even
// under kill -9, so a stale lock can never block a new daemon.
import type Database from 'better-sqlite3';
import { openDatabase } from '../sqlite';

export class DaemonLock {
  private constructor(private readonly db: Database.Database) {}

  /** The lock, or undefined when another live daemon holds it. */
  static tryAcquire(file: string): DaemonLock | undefined {
    const db = openDatabase(file, { timeout: 0 });
    try {
      db.pragma('journal_mode = DELETE');
      db.pragma('locking_mode = EXCLUSIVE');
      db.exec('BEGIN EXCLUSIVE');
      return new DaemonLock(db);
    } catch (err) {
      db.close();
      if ((err as { code?: string }).code === 'SQLITE_BUSY') return undefined;
      throw err;
    }
  }

  release(): void {
    if (this.db.open) this.db.close();
  }
}
