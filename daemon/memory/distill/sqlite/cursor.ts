// The reads of Cursor's state.vscdb (a VS Code key-value store): the global
// one keeps each composer (a chat or agent session) as cursorDiskKV rows,
// `composerData:<composer id>` (the session: version `_v`, times, the list
// of its bubbles) and `bubbleId:<composer id>:<bubble id>` (one message);
// a workspace's own state.vscdb lists its composers in ItemTable under
// `composer.composerData`. Values are JSON text.
import { readForeign, requireColumns, type ForeignReads } from './read';

export const CURSOR_DB_EXPECTED = 'a Cursor state.vscdb with a cursorDiskKV(key, value) table holding composerData:<id> and bubbleId:<id>:<bubble> JSON';

const asText = (v: unknown): string | undefined => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : undefined);

const openKv = <T>(
  file: string,
  reads: ForeignReads | undefined,
  read: (get: (key: string) => string | undefined, like: (prefix: string) => Array<{ key: string; value: string }>) => T,
): T =>
  readForeign(
    file,
    CURSOR_DB_EXPECTED,
    (db) => {
      requireColumns(db, file, CURSOR_DB_EXPECTED, { cursorDiskKV: ['key', 'value'] });
      const one = db.prepare(`SELECT value FROM cursorDiskKV WHERE key = ?`);
      // A prefix range, not LIKE: keys hold underscores and the range uses the primary key.
      const range = db.prepare(`SELECT key, value FROM cursorDiskKV WHERE key >= ? AND key < ? ORDER BY key`);
      return read(
        (key) => asText((one.get(key) as { value?: unknown } | undefined)?.value),
        (prefix) => (range.all(prefix, `${prefix}\uffff`) as Array<{ key: string; value: unknown }>).map((r) => ({ key: r.key, value: asText(r.value) ?? '' })),
      );
    },
    reads,
  );

/** Every composer's id and its session record (composerData JSON). */
export const cursorComposers = (file: string, reads?: ForeignReads): Array<{ id: string; data: string }> =>
  openKv(file, reads, (_get, like) => like('composerData:').map((r) => ({ id: r.key.slice('composerData:'.length), data: r.value })));

/** One composer's record and the bubbles it lists, read in one pass. */
export const cursorComposer = (
  file: string,
  id: string,
  bubbleIds: (data: string) => string[],
  reads?: ForeignReads,
): { data?: string; bubbles: Map<string, string> } =>
  openKv(file, reads, (get) => {
    const data = get(`composerData:${id}`);
    const bubbles = new Map<string, string>();
    for (const b of data ? bubbleIds(data) : []) {
      const v = get(`bubbleId:${id}:${b}`);
      if (v !== undefined) bubbles.set(b, v);
    }
    return { ...(data !== undefined ? { data } : {}), bubbles };
  });

/**
 * A workspace state.vscdb's list of composers (ItemTable `composer.composerData`), or undefined.
 * Each workspace is read once per sweep, so its connection is closed at once, not kept for the sweep.
 */
export function workspaceComposers(file: string, reads?: ForeignReads): string | undefined {
  try {
    return readForeign(
      file,
      'a Cursor workspace state.vscdb',
      (db) => asText((db.prepare(`SELECT value FROM ItemTable WHERE key = 'composer.composerData'`).get() as { value?: unknown } | undefined)?.value),
      reads,
    );
  } catch {
    return undefined;
  } finally {
    reads?.close(file);
  }
}
