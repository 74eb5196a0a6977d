// The daemon's own inotify use, read from the kernel: how many watches its
// inotify instances hold (each `inotify wd:` line of /proc/self/fdinfo/N for
// an fd that is an inotify instance) and the per-user limit they count against.
import * as fs from 'node:fs';

const LIMIT_FILE = '/proc/sys/fs/inotify/max_user_watches';

/** Watches held by this process's inotify instances; undefined where /proc has no such view (not Linux). */
export function inotifyWatches(): number | undefined {
  let fds: string[];
  try {
    fds = fs.readdirSync('/proc/self/fd');
  } catch {
    return undefined;
  }
  let watches = 0;
  for (const fd of fds) {
    let target: string;
    try {
      target = fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed since the listing (the listing's own fd among them)
    }
    if (target !== 'anon_inode:inotify') continue;
    try {
      const info = fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8');
      for (const line of info.split('\n')) if (line.startsWith('inotify wd:')) watches++;
    } catch {
      // closed meanwhile
    }
  }
  return watches;
}

/** fs.inotify.max_user_watches, when readable. */
export function maxUserWatches(): number | undefined {
  try {
    const n = Number(fs.readFileSync(LIMIT_FILE, 'utf8').trim());
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

/** What to do when the limit is reached, with the current value when known. */
export function watchLimitRemedy(): string {
  const now = maxUserWatches();
  return `raise the inotify limit${now !== undefined ? ` (fs.inotify.max_user_watches is ${now})` : ''}: sudo sysctl fs.inotify.max_user_watches=524288, and persist it in /etc/sysctl.d/; then restart the daemon (scry stop)`;
}
