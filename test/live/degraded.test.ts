// Watching degrades to polling, visibly, and edits are still seen: once past
// the cap on watched folders (SCRY_MAX_WATCHED_DIRS), and once when the kernel
// refuses watches because fs.inotify.max_user_watches is lowered below what
// the repo needs (ENOSPC). Both with a real spawned daemon on a real copy of
// rxjs; the limit is restored in a finally, as soon as the daemon has hit it.
// Alone: the limit is the whole machine's, and every other file's watchers would meet it too.
// scry-test: serial
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type * as P from '../../daemon/protocol';
import { rxjsRepo, scry, stopDaemon, tempDir } from '../helpers';
import { waitFor } from './wait';

const LIMIT = '/proc/sys/fs/inotify/max_user_watches';
/** No rebuilds by themselves, and a quick poll: what changes in answers came from polling into the overlay. */
const ENV = { SCRY_DEBOUNCE_MS: '3600000', SCRY_POLL_MS: '200' };

async function json<T>(args: string[], home: string, env: Record<string, string> = {}): Promise<T> {
  const r = await scry([...args, '--json'], { home, env: { ...ENV, ...env } });
  if (r.code !== 0) throw new Error(`scry ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return JSON.parse(r.stdout) as T;
}

const statusOf = async (home: string, repo: string): Promise<P.RepoStatus | undefined> =>
  (await json<P.StatusResult>(['status'], home)).repos.find((r) => r.repo === repo);

/** Appends a new function to a file and waits until `defs` finds it: the edit was seen. */
async function editIsSeen(home: string, repo: string, file: string, name: string): Promise<P.QueryResult> {
  fs.appendFileSync(path.join(repo, file), `\nexport function ${name}(): number {\n  return 1;\n}\n`);
  return waitFor(async () => {
    const r = await json<P.QueryResult>(['defs', name, '--repo', repo], home);
    return r.matches.length > 0 ? r : undefined;
  }, `the edit defining ${name} to be seen`);
}

describe('past the watched-folder cap', () => {
  let home: string;
  let repo: string;
  before(async () => {
    home = tempDir('cap');
    repo = fs.realpathSync(rxjsRepo());
    await json<P.IndexResult>(['index', repo], home, { SCRY_MAX_WATCHED_DIRS: '5' });
  });
  after(() => stopDaemon(home));

  it('polls instead of watching, says so in status with the reason, and still sees an edit', async () => {
    const st = await waitFor(async () => {
      const s = await statusOf(home, repo);
      return s?.degraded ? s : undefined;
    }, 'status to say degraded');
    assert.equal(st.watching, true);
    assert.equal(st.watch_mode, 'polling');
    assert.match(
      st.degraded!,
      /^more than 5 folders to watch in .* \(the cap, SCRY_MAX_WATCHED_DIRS\); polling the files git reports as changed every 0\.2 s$/,
    );
    assert.equal(st.watched_dirs, 0, 'no folder is watched with inotify');
    const human = await scry(['status', '--format', 'human'], { home, env: ENV });
    assert.match(human.stdout, /watching by polling \(degraded\)/);
    assert.match(human.stdout, /\n {2}degraded: more than 5 folders to watch/);
    const seen = await editIsSeen(home, repo, 'src/internal/operators/concatMapTo.ts', 'cappedProbe');
    assert.equal(seen.matches[0]!.occurrences[0]!.precision, 'syntactic', 'from the overlay, not a rebuild');
    // A second edit of a file git already lists as modified is seen too (its mtime and size moved).
    await editIsSeen(home, repo, 'src/internal/operators/concatMapTo.ts', 'cappedProbeAgain');
    // A new untracked file.
    fs.writeFileSync(path.join(repo, 'src', 'polledNew.ts'), 'export function polledNew(): number {\n  return 2;\n}\n');
    await waitFor(
      async () => (await json<P.QueryResult>(['defs', 'polledNew', '--repo', repo], home)).matches.length > 0 || undefined,
      'the new file to be seen',
    );
  });
});

describe('ENOSPC: fs.inotify.max_user_watches below what the repo needs', () => {
  let writable = true;
  let why = '';
  try {
    fs.accessSync(LIMIT, fs.constants.W_OK);
    const v = fs.readFileSync(LIMIT, 'utf8');
    fs.writeFileSync(LIMIT, v); // writing the same value proves it can be written (a container may refuse)
  } catch (err) {
    writable = false;
    why = `${LIMIT} is not writable here (${(err as NodeJS.ErrnoException).code ?? String(err)}); run as root on a host (not a read-only /proc) to test ENOSPC`;
  }

  let home: string;
  let repo: string;
  before(async () => {
    if (!writable) return;
    home = tempDir('enospc');
    repo = fs.realpathSync(rxjsRepo());
    // Indexed and stopped with the normal limit: the restarted daemon re-watches it, under the low one.
    await json<P.IndexResult>(['index', repo], home);
    await stopDaemon(home);
  });
  after(async () => {
    if (writable) await stopDaemon(home);
  });

  it('marks the watcher degraded with the sysctl remedy, and edits are seen by polling', { skip: writable ? false : why }, async (t) => {
    const original = fs.readFileSync(LIMIT, 'utf8').trim();
    let st: P.RepoStatus;
    try {
      // Every watch this user holds now, across processes: none is left for the daemon's first one. Other
      // processes of this user cannot add watches either while it is this low, so it stays low only until
      // the daemon has hit it (a daemon start), and the wait gives up early rather than hold it.
      const low = Math.max(1, userWatches());
      t.diagnostic(`max_user_watches lowered from ${original} to ${low} for the daemon's start`);
      fs.writeFileSync(LIMIT, String(low));
      await json<P.DaemonInfo>(['start'], home);
      st = await waitFor(
        async () => {
          const s = await statusOf(home, repo);
          return s?.degraded ? s : undefined;
        },
        'status to say degraded',
        30_000,
      );
    } finally {
      // The limit is shared by every process of this user: back at once.
      fs.writeFileSync(LIMIT, original);
    }
    assert.equal(fs.readFileSync(LIMIT, 'utf8').trim(), original, 'the limit is restored');
    assert.equal(st.watch_mode, 'polling');
    assert.match(
      st.degraded!,
      /^the inotify watch limit is reached \(ENOSPC\); polling the files git reports as changed every 0\.2 s; to watch again, raise the inotify limit \(fs\.inotify\.max_user_watches is \d+\): sudo sysctl fs\.inotify\.max_user_watches=524288/,
    );
    const status = await json<P.StatusResult>(['status'], home);
    assert.ok(status.watches && status.watches.inotify_watches === 0, `the watches it held were released: ${JSON.stringify(status.watches)}`);
    await editIsSeen(home, repo, 'src/internal/operators/mergeMapTo.ts', 'enospcProbe');
  });
});

/** Watches held by every inotify instance of every process (this user is root here: all of them count against one limit). */
function userWatches(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) !== 'anon_inode:inotify') continue;
        total += fs
          .readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('inotify wd:')).length;
      } catch {
        // gone meanwhile
      }
    }
  }
  return total;
}
