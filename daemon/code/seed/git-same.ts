// The files two checkouts of one repository hold with the same content, as
// git knows it without reading them: tracked in both, clean in both (git's
// index says so, from the stat data it keeps), and the same blob in the two
// HEAD commits. On a new worktree that is nearly every file, so the seed
// reads only the few others; line endings or filters that git normalises
// count as the same content, as they are for answers (lines do not move).
import { git as runGit } from '../../git';

/**
 * Repo-relative paths git vouches are identical in both checkouts, among
 * those `pathspecs` match (all when none); empty when git cannot say (no git,
 * a commit one of them lacks).
 */
export async function sameByGit(repo: string, sibling: string, pathspecs: readonly string[] = []): Promise<Set<string>> {
  // A new worktree's files are as new as git's index of them ("racily clean"), so status reads every file it is asked about: only the sources.
  const only = pathspecs.length > 0 ? ['--', ...pathspecs] : [];
  const [mineHead, theirHead, mine, theirs, mineDirty, theirDirty] = await Promise.all([
    git(repo, ['rev-parse', '--verify', '-q', 'HEAD']),
    git(sibling, ['rev-parse', '--verify', '-q', 'HEAD']),
    git(repo, ['ls-files', '-z', ...only]),
    git(sibling, ['ls-files', '-z', ...only]),
    git(repo, ['status', '--porcelain=v1', '-z', '--untracked-files=no', ...only]),
    git(sibling, ['status', '--porcelain=v1', '-z', '--untracked-files=no', ...only]),
  ]);
  if ([mineHead, theirHead, mine, theirs, mineDirty, theirDirty].some((out) => out === undefined)) return new Set();
  const a = mineHead!.trim();
  const b = theirHead!.trim();
  // A clone's HEAD may be a commit this checkout's objects lack: then git cannot compare, and nothing is vouched for.
  const between = a === b ? '' : await git(repo, ['diff', '--name-only', '-z', '--no-renames', a, b, ...only]);
  if (between === undefined) return new Set();
  const differ = new Set([...fields(between), ...statusPaths(mineDirty!), ...statusPaths(theirDirty!)]);
  const tracked = new Set(fields(theirs!));
  return new Set(fields(mine!).filter((f) => tracked.has(f) && !differ.has(f)));
}

function fields(out: string): string[] {
  return out.split('\0').filter((f) => f !== '');
}

/** Every path `git status --porcelain -z` names: both sides of a rename or copy. */
function statusPaths(out: string): string[] {
  const parts = out.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    paths.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') paths.push(parts[++i] ?? '');
  }
  return paths;
}

// --no-optional-locks: a status never rewrites the user's index behind their back.
const git = (cwd: string, args: string[]): Promise<string | undefined> =>
  runGit(cwd, ['--no-optional-locks', '-c', 'core.quotePath=false', ...args], { timeoutMs: 30_000, maxBuffer: 1 << 28 });
