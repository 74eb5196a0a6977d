// OpenCode sessions. 1.2 and later keep them in one SQLite file,
// <data>/opencode/opencode.db (tables session, message, part), read here
// read-only while OpenCode writes (sqlite/read.ts); each session is its own
// source, `opencode.db#<session id>`, stamped by its row count and last
// update. Older versions wrote a JSON tree, <data>/opencode/storage/
// session/<project>/<session>.json with message/ and part/ beside it.
// <data> is $XDG_DATA_HOME or ~/.local/share on Linux and macOS alike
// (OpenCode follows the XDG layout everywhere), and
// %USERPROFILE%\.local\share on Windows.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distillOpencode } from '../distill/opencode';
import { sessionAddress, splitAddress } from '../distill/db-address';
import { UnknownFormatError, type ForeignReads, type SourceStamp, type TranscriptSource } from './source';
import { OPENCODE_DB_EXPECTED, opencodeSessionIds, opencodeStamp } from '../distill/sqlite/opencode';
import { entries, filesUnder } from './walk';

const isDb = (name: string): boolean => /^opencode.*\.db$/.test(name);

export const opencode = {
  id: 'opencode',
  holds: 'OpenCode sessions: an opencode.db, or its data folder (~/.local/share/opencode, with the older storage/ JSON tree)',
  configKey: 'opencode',
  conversational: true,
  defaultRoots: ({ home, env }) => [path.join(env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'opencode')],
  discover: (root, _where?, reads?) => {
    if (isDb(path.basename(root))) return dbSessions(root, reads);
    const dbs = entries(root).filter((e) => e.isFile() && isDb(e.name));
    return [
      ...dbs.flatMap((e) => dbSessions(path.join(root, e.name), reads)),
      ...filesUnder(path.join(root, 'storage', 'session'), (n) => n.endsWith('.json')),
    ];
  },
  stamp: stampOf,
  distill: distillOpencode,
} as const satisfies TranscriptSource<'opencode'>;

/** One source per session; a database that cannot be listed is one source, so ingest reports why. */
function dbSessions(db: string, reads: ForeignReads | undefined): Array<{ path: string }> {
  try {
    return opencodeSessionIds(db, reads).map((id) => ({ path: sessionAddress(db, id) }));
  } catch {
    return [{ path: db }];
  }
}

function stampOf(address: string, reads?: ForeignReads): SourceStamp {
  const { store, session } = splitAddress(address);
  if (session !== undefined) {
    const s = opencodeStamp(store, session, reads);
    if (!s) throw new UnknownFormatError(address, 'a session of that id in the database', 'the session is gone');
    return { size: s.rows, mtimeMs: s.updated, fingerprint: createHash('sha256').update(`${session}\n${s.created}`).digest('hex').slice(0, 32) };
  }
  if (isDb(path.basename(store))) {
    opencodeSessionIds(store, reads);
    throw new UnknownFormatError(store, OPENCODE_DB_EXPECTED, 'its sessions could not be listed');
  }
  // The JSON tree: a session grows by files in storage/message/<session>/, which touch that folder.
  const st = fs.statSync(store);
  const messages = path.join(path.dirname(path.dirname(path.dirname(store))), 'message', path.basename(store, '.json'));
  let size = st.size;
  let mtimeMs = st.mtimeMs;
  try {
    const dir = fs.statSync(messages);
    size += fs.readdirSync(messages).length;
    mtimeMs = Math.max(mtimeMs, dir.mtimeMs);
  } catch {
    // No messages yet.
  }
  return { size, mtimeMs };
}
