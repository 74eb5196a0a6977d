// Cursor's agent sessions. Agent transcripts under ~/.cursor/projects/
// <folder slug>/agent-transcripts/ (<id>.txt, and <id>.jsonl or
// <id>/<id>.jsonl in later versions), on every OS (%USERPROFILE%\.cursor on
// Windows). Sessions without a transcript (chats, older agents) live in the
// editor's global state.vscdb as composers, each its own source
// `state.vscdb#<composer id>`: Linux $XDG_CONFIG_HOME/Cursor/User/
// globalStorage (~/.config), macOS ~/Library/Application Support/Cursor/
// User/globalStorage, Windows %APPDATA%\Cursor\User\globalStorage.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { bubbleIdsOf } from '../distill/cursor-composer';
import { distillCursorComposer } from '../distill/cursor-composer';
import { distillCursorTranscript } from '../distill/cursor';
import { sessionAddress, splitAddress } from '../distill/db-address';
import { UnknownFormatError, type ForeignReads, type SourceHome, type SourceStamp, type TranscriptSource } from './source';
import { CURSOR_DB_EXPECTED, cursorComposer, cursorComposers } from '../distill/sqlite/cursor';
import { filesUnder } from './walk';

const DB = 'state.vscdb';
const isTranscript = (p: string): boolean =>
  /\.(txt|jsonl)$/.test(p) && (path.basename(path.dirname(p)) === 'agent-transcripts' || path.basename(path.dirname(path.dirname(p))) === 'agent-transcripts');

export function cursorUserDir({ home, env }: SourceHome, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Cursor', 'User');
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'Cursor', 'User');
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'Cursor', 'User');
}

export const cursor = {
  id: 'cursor',
  holds: "Cursor agent transcripts (~/.cursor/projects/*/agent-transcripts) or the editor's globalStorage/state.vscdb",
  configKey: 'cursor',
  conversational: true,
  defaultRoots: (where) => [path.join(where.home, '.cursor', 'projects'), path.join(cursorUserDir(where), 'globalStorage')],
  discover: (root, where?, reads?) => {
    const db = path.basename(root) === DB ? root : path.join(root, DB);
    if (fs.existsSync(db) && (root === db || path.basename(root) === 'globalStorage')) return composers(db, where, reads);
    return filesUnder(root, (n) => /\.(txt|jsonl)$/.test(n)).filter((f) => isTranscript(f.path));
  },
  stamp: stampOf,
  distill: (address, reads?) => (splitAddress(address).session !== undefined ? distillCursorComposer(address, reads) : distillCursorTranscript(address)),
} as const satisfies TranscriptSource<'cursor'>;

/** The composers with no agent transcript; a database that cannot be listed is one source, so ingest reports why. */
function composers(db: string, where: SourceHome | undefined, reads: ForeignReads | undefined): Array<{ path: string }> {
  const transcribed = new Set<string>();
  if (where)
    for (const f of filesUnder(path.join(where.home, '.cursor', 'projects'), (n) => /\.(txt|jsonl)$/.test(n)))
      if (isTranscript(f.path)) transcribed.add(path.basename(f.path).replace(/\.(txt|jsonl)$/, ''));
  try {
    return cursorComposers(db, reads)
      .filter((c) => !transcribed.has(c.id))
      .map((c) => ({ path: sessionAddress(db, c.id) }));
  } catch {
    return [{ path: db }];
  }
}

function stampOf(address: string, reads?: ForeignReads): SourceStamp {
  const { store, session } = splitAddress(address);
  if (session === undefined) {
    if (path.basename(store) !== DB) return fs.statSync(store);
    cursorComposers(store, reads);
    throw new UnknownFormatError(store, CURSOR_DB_EXPECTED, 'its composers could not be listed');
  }
  const read = cursorComposer(store, session, () => [], reads);
  let data: Record<string, unknown> = {};
  try {
    data = (JSON.parse(read.data ?? '{}') ?? {}) as Record<string, unknown>;
  } catch {
    // Distill reports it.
  }
  const updated = typeof data.lastUpdatedAt === 'number' ? data.lastUpdatedAt : typeof data.createdAt === 'number' ? data.createdAt : 0;
  const size = bubbleIdsOf(data).length || (Array.isArray(data.conversation) ? data.conversation.length : 0);
  return {
    size,
    mtimeMs: updated,
    fingerprint: createHash('sha256')
      .update(`${session}\n${String(data.createdAt)}\n${String(data._v)}`)
      .digest('hex')
      .slice(0, 32),
  };
}
