// What git says of a repo since a session's commit, read off the event loop
// (child processes, awaited) before a pass resolves an episode's mentions, and
// then read back synchronously by the resolver: each file's diff from the
// commit to the working tree and its text at the commit, the files renamed
// since, and the files git tracks. Every entry is stamped with what it was
// read against (the working file's size and mtime, HEAD, git's index file),
// so a file edited later is read again, never placed by an old diff. What
// was read is kept by one GitSince, owned by the resolver that asks (resolver.ts),
// cleared with it. Where names were declared then is git-declarations.ts.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { mapLine, parseHunks, type Hunk, type LineNow } from '../../git';
import { COMMIT, git, grepHits } from './git-read';

/** A file as the commit had it, and the hunks of `git diff -U0 COMMIT -- FILE` (the commit against the working tree). */
export interface FileSince {
  hunks: Hunk[];
  /** The file's lines at the commit. */
  old: string[];
}

/** The working file's size and mtime; `-` when it is not there. */
function stampOf(abs: string): string {
  try {
    const st = fs.statSync(abs);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return '-';
  }
}

const FILES_KEPT = 256;

const fileKey = (repo: string, commit: string, file: string): string => `${repo}\0${commit}\0${file}`;

/** Renames since a commit, old path to path now (a chain a -> b -> c gives a -> c), with the way back. */
interface Renames {
  head: string;
  /** What .git's files said of HEAD when it was read (headStamp). */
  stamp: string | undefined;
  to: Map<string, string>;
  from: Map<string, string>;
}
/** Commits of history read for renames: a session older than that is not followed through every rename since. */
const RENAME_COMMITS = 5_000;

/** HEAD's file and the file of the branch it names (mtimes), or undefined where .git is not a folder (a worktree): then git is asked. */
function headStamp(repo: string): string | undefined {
  try {
    const dir = path.join(repo, '.git');
    const head = fs.readFileSync(path.join(dir, 'HEAD'), 'utf8').trim();
    const ref = /^ref: (refs\/[^\s]+)$/.exec(head)?.[1];
    const mtime = (f: string): number => {
      try {
        return fs.statSync(f).mtimeMs;
      } catch {
        return -1;
      }
    };
    return `${head}\0${ref === undefined ? '' : mtime(path.join(dir, ref))}\0${mtime(path.join(dir, 'packed-refs'))}`;
  } catch {
    return undefined;
  }
}

const COMMIT_FILES_KEPT = 8;

function indexStamp(repo: string): number {
  try {
    return fs.statSync(path.join(repo, '.git', 'index')).mtimeMs;
  } catch {
    // A worktree's .git is a file, or no git at all: read once while kept.
    return -1;
  }
}

/** What git said of the repos asked about, each entry stamped with what it was read against. */
export class GitSince {
  /** Each file's diff since a commit and its text then, stamped with the working file's size and mtime. */
  private readonly files = new Map<string, { stamp: string; since: FileSince | null }>();
  /** Renames since a commit, stamped with HEAD. */
  private readonly renames = new Map<string, Renames>();
  /** The files of a commit (its whole tree), read only for a path written short that nothing else placed; a few commits kept. */
  private readonly commitFiles = new Map<string, readonly string[]>();
  /** The files git tracks (what an index leaves out too: JSON, Prisma schemas, docs), read again when git's index file changes. */
  private readonly tracked = new Map<string, { stamp: number; files: readonly string[] }>();

  /** Reads (again, when the working file changed since the last read) each file's diff and old text. */
  async loadSince(repo: string, commit: string, files: Iterable<string>): Promise<void> {
    if (!COMMIT.test(commit)) return;
    const jobs: Array<Promise<void>> = [];
    for (const file of new Set(files)) {
      const key = fileKey(repo, commit, file);
      const stamp = stampOf(path.join(repo, file));
      if (this.files.get(key)?.stamp === stamp) continue;
      jobs.push(
        (async () => {
          // A file the commit did not have: its lines then are not these.
          const old = await git(repo, ['show', `${commit}:${file}`]);
          const diff = old === undefined ? undefined : await git(repo, ['diff', '-U0', '--no-color', '--no-ext-diff', '--no-renames', commit, '--', file]);
          const since = old === undefined || diff === undefined ? null : { hunks: parseHunks(diff), old: old.split(/\r?\n/) };
          this.files.delete(key);
          this.files.set(key, { stamp, since });
          if (this.files.size > FILES_KEPT) this.files.delete(this.files.keys().next().value!);
        })(),
      );
    }
    await Promise.all(jobs);
  }

  /**
   * What loadSince read of the file, if the working file is still what it was
   * read against: null when git could not say (no git, an unknown commit, a
   * file the commit did not have), undefined when it was not read (or is stale).
   */
  sinceOf(repo: string, commit: string, file: string): FileSince | null | undefined {
    const key = fileKey(repo, commit, file);
    const kept = this.files.get(key);
    if (kept === undefined) return undefined;
    // The file changed since it was read: its old diff goes, not kept for nothing.
    if (kept.stamp !== stampOf(path.join(repo, file))) {
      this.files.delete(key);
      return undefined;
    }
    return kept.since;
  }

  /** Reads the renames git's history records between the commit and HEAD (once per HEAD). */
  async loadRenames(repo: string, commit: string): Promise<void> {
    if (!COMMIT.test(commit)) return;
    const key = `${repo}\0${commit}`;
    // Asked once per episode: what HEAD points at is read from .git's files, and git runs only when it moved.
    const stamp = headStamp(repo);
    const kept = this.renames.get(key);
    if (kept && stamp !== undefined && kept.stamp === stamp) return;
    const head = (await git(repo, ['rev-parse', 'HEAD']))?.trim();
    if (head === undefined) return;
    if (kept?.head === head) {
      kept.stamp = stamp;
      return;
    }
    const out = await git(repo, [
      'log',
      '--reverse',
      '--diff-filter=R',
      '-M',
      '--name-status',
      '--format=',
      '-n',
      String(RENAME_COMMITS),
      `${commit}..${head}`,
    ]);
    const to = new Map<string, string>();
    for (const line of (out ?? '').split('\n')) {
      const m = /^R\d*\t([^\t]+)\t([^\t]+)$/.exec(line);
      if (!m) continue;
      const a = m[1]!;
      const b = m[2]!;
      // Oldest first: whatever was renamed to `a` before now ends at `b`.
      for (const [k, v] of to) if (v === a) to.set(k, b);
      if (!to.has(a)) to.set(a, b);
    }
    const from = new Map<string, string>();
    for (const [a, b] of to) if (!from.has(b)) from.set(b, a);
    if (this.renames.size >= 32) this.renames.clear();
    this.renames.set(key, { head, stamp, to, from });
  }

  /** The path a file of the commit has now, if git renamed it since (as loadRenames read it). */
  renamedTo(repo: string, commit: string, file: string): string | undefined {
    return this.renames.get(`${repo}\0${commit}`)?.to.get(file);
  }

  /** Reads the files the commit had (`git ls-tree`, off the event loop), once per commit. */
  async loadCommitFiles(repo: string, commit: string): Promise<void> {
    const key = `${repo}\0${commit}`;
    if (!COMMIT.test(commit) || this.commitFiles.has(key)) return;
    const out = await git(repo, ['ls-tree', '-r', '-z', '--name-only', '--full-tree', commit]);
    if (this.commitFiles.size >= COMMIT_FILES_KEPT) this.commitFiles.delete(this.commitFiles.keys().next().value!);
    this.commitFiles.set(
      key,
      (out ?? '').split('\0').filter((f) => f.length > 0),
    );
  }

  /**
   * A path written short or from another checkout (`fixtures/Books.plist`) that
   * names one file of the commit, dropping leading folders one at a time as
   * long as none ends that way: that file's path now, if git renamed it since
   * (as loadRenames and loadCommitFiles read it). Several files of the commit
   * ending the same way, or the one not renamed: undefined, no guess. `keep`
   * is how many of the path's last parts must stay.
   */
  renamedTail(repo: string, commit: string, rel: string, keep: number): string | undefined {
    const key = `${repo}\0${commit}`;
    const renames = this.renames.get(key);
    const files = this.commitFiles.get(key);
    if (!renames || !files) return undefined;
    const parts = rel.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
    for (let i = 0; i <= parts.length - keep; i++) {
      const tail = parts.slice(i).join('/');
      const ends = files.filter((f) => f === tail || f.endsWith(`/${tail}`));
      if (ends.length === 1) return renames.to.get(ends[0]!);
      if (ends.length > 1) return undefined;
    }
    return undefined;
  }

  /** The path a file now had at the commit, if git renamed it since. */
  renamedFrom(repo: string, commit: string, file: string): string | undefined {
    return this.renames.get(`${repo}\0${commit}`)?.from.get(file);
  }

  /** The one place at the commit where a line of text stands (trimmed, whole), or undefined when it is nowhere or in several places. */
  async onlyPlaceAt(repo: string, commit: string, text: string, prefer?: string): Promise<{ file: string; line: number } | undefined> {
    if (!COMMIT.test(commit) || text.length < 8) return undefined;
    const hits = grepHits(await git(repo, ['grep', '-n', '-I', '--full-name', '-F', '-e', text, commit, '--']))
      .filter((h) => h.text.trim() === text)
      .map(({ file, line }) => ({ file, line }));
    if (hits.length === 1) return hits[0];
    const preferred = prefer === undefined ? [] : hits.filter((h) => h.file === prefer);
    return preferred.length === 1 ? preferred[0] : undefined;
  }

  /** The lines of a file at a commit (for a place onlyPlaceAt found). */
  async linesAt(repo: string, commit: string, file: string): Promise<string[] | undefined> {
    if (!COMMIT.test(commit)) return undefined;
    return (await git(repo, ['show', `${commit}:${file}`]))?.split(/\r?\n/);
  }

  /** Reads the tracked files off the event loop, when git's index changed since the last read. */
  async loadTracked(repo: string): Promise<void> {
    const stamp = indexStamp(repo);
    if (this.tracked.get(repo)?.stamp === stamp) return;
    const out = await git(repo, ['ls-files', '-z']);
    this.keepTracked(
      repo,
      stamp,
      (out ?? '').split('\0').filter((f) => f.length > 0),
    );
  }

  private keepTracked(repo: string, stamp: number, files: readonly string[]): void {
    if (this.tracked.size > 16) this.tracked.clear();
    this.tracked.set(repo, { stamp, files });
  }

  /** The tracked files as loadTracked read them; undefined when not read, or git's index has changed since. */
  trackedFiles(repo: string): readonly string[] | undefined {
    const kept = this.tracked.get(repo);
    return kept && kept.stamp === indexStamp(repo) ? kept.files : undefined;
  }

  /**
   * Where `line` of `file` at `commit` is in the working tree, or undefined
   * when git cannot say (no git, an unknown commit, a file the commit did not
   * have) or its diff was not read ahead for the file as it is now: the caller
   * then reads the line as it is now.
   */
  lineNow(repo: string, commit: string, file: string, line: number): LineNow | undefined {
    const since = this.sinceOf(repo, commit, file);
    return since ? mapLine(since.hunks, line) : undefined;
  }

  /** Forgets what was read (of one repo, or of all): read again when next asked. */
  clear(repo?: string): void {
    const mine = (key: string): boolean => repo === undefined || key === repo || key.startsWith(`${repo}\0`);
    for (const kept of [this.files, this.renames, this.commitFiles, this.tracked]) for (const key of [...kept.keys()]) if (mine(key)) kept.delete(key);
  }
}
