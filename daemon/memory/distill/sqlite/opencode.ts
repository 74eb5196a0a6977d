// The reads of OpenCode's opencode.db (1.2 and later): its sessions, and one
// session's messages and parts in the order they were written. Only the
// columns below are read; a database without them is a format this Scry
// does not know.
import type { Db } from '../../../sqlite';
import { readForeign, requireColumns, type ForeignReads } from './read';

export const OPENCODE_DB_EXPECTED =
  'an OpenCode opencode.db with tables session(id, directory, title, parent_id, time_created, time_updated), message(id, session_id, time_created, data) and part(id, message_id, session_id, time_created, data)';

const NEED = {
  session: ['id', 'directory', 'title', 'parent_id', 'time_created', 'time_updated'],
  message: ['id', 'session_id', 'time_created', 'data'],
  part: ['id', 'message_id', 'session_id', 'time_created', 'data'],
} as const;

export interface OpencodeSessionRow {
  id: string;
  directory: string;
  title: string;
  parent_id: string | null;
  time_created: number;
  time_updated: number;
}

export interface OpencodeRows {
  session: OpencodeSessionRow | undefined;
  messages: Array<{ id: string; time_created: number; data: string }>;
  parts: Array<{ id: string; message_id: string; time_created: number; data: string }>;
}

/** A read of the database, its columns checked once per connection (once per scope when one is given). */
const open = <T>(file: string, read: (db: Db) => T, reads: ForeignReads | undefined): T =>
  readForeign(
    file,
    OPENCODE_DB_EXPECTED,
    (db) => {
      const check = (): void => requireColumns(db, file, OPENCODE_DB_EXPECTED, NEED);
      if (reads) reads.once(`opencode columns ${file}`, check);
      else check();
      return read(db);
    },
    reads,
  );

export const opencodeSessionIds = (file: string, reads?: ForeignReads): string[] =>
  open(file, (db) => (db.prepare(`SELECT id FROM session ORDER BY time_created, id`).all() as Array<{ id: string }>).map((r) => r.id), reads);

/** A session's change marker: its messages and parts counted, its last update. */
export function opencodeStamp(file: string, session: string, reads?: ForeignReads): { rows: number; updated: number; created: number } | undefined {
  return open(
    file,
    (db) => {
      const row = db
        .prepare(
          `SELECT time_created AS created, time_updated AS updated, (SELECT count(*) FROM message WHERE session_id = @id) + (SELECT count(*) FROM part WHERE session_id = @id) AS rows FROM session WHERE id = @id`,
        )
        .get({ id: session }) as { rows: number; updated: number; created: number } | undefined;
      return row;
    },
    reads,
  );
}

/** One session with its messages and parts, read in one transaction so a writer's commit is seen whole or not at all. */
export function opencodeSession(file: string, session: string, reads?: ForeignReads): OpencodeRows {
  return open(
    file,
    (db) =>
      db.transaction(() => ({
        session: db.prepare(`SELECT id, directory, title, parent_id, time_created, time_updated FROM session WHERE id = ?`).get(session) as
          OpencodeSessionRow | undefined,
        messages: db
          .prepare(`SELECT id, time_created, data FROM message WHERE session_id = ? ORDER BY time_created, id`)
          .all(session) as OpencodeRows['messages'],
        parts: db
          .prepare(`SELECT id, message_id, time_created, data FROM part WHERE session_id = ? ORDER BY time_created, id`)
          .all(session) as OpencodeRows['parts'],
      }))(),
    reads,
  );
}
