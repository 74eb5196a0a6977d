// The sibling's index, copied beside the new checkout's and re-rooted: paths
// in an index are repo-relative, so only its meta names the repo. It records
// where it came from (`seeded_from`), which answers and status show.
import * as fs from 'node:fs/promises';
import { openDatabase } from '../../sqlite';

/** Copies `from` to `to` (off the event loop) and rewrites its meta for `repo`. */
export async function copyIndex(from: string, to: string, repo: string, sibling: string): Promise<void> {
  await fs.rm(to, { force: true });
  // A copy-on-write clone where the file system has them (btrfs, XFS, APFS): no bytes copied.
  await fs.copyFile(from, to, fs.constants.COPYFILE_FICLONE);
  const db = openDatabase(to, { fileMustExist: true });
  try {
    const set = db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
    db.transaction(() => {
      set.run('repo', repo);
      set.run('seeded_from', sibling);
      set.run('seeded_at', new Date().toISOString());
    })();
  } finally {
    db.close();
  }
}
