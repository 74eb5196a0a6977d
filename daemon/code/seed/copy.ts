// The sibling's index, copied beside the new checkout's and re-rooted: paths
// in an index are repo-relative, so only its meta names the repo. It records
// where it came from (`seeded_from`), which answers and status show.
import * as fs from 'node:fs/promises';
import { openDatabase } from '../../sqlite';

/** Copies `from` to `to` (off the event loop) and writes `meta` into the copy (its repo, where it came from). */
export async function copyIndex(from: string, to: string, meta: Readonly<Record<string, string>>): Promise<void> {
  await fs.rm(to, { force: true });
  // A copy-on-write clone where the file system has them (btrfs, XFS, APFS): no bytes copied.
  await fs.copyFile(from, to, fs.constants.COPYFILE_FICLONE);
  const db = openDatabase(to, { fileMustExist: true });
  try {
    // A copy not yet swapped in is thrown away after a crash: no journal, and no fsync of the whole copied file on the event loop.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    const set = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    db.transaction(() => {
      for (const [key, value] of Object.entries(meta)) set.run(key, value);
    })();
  } finally {
    db.close();
  }
}
