// What seeding needs to know of a checkout's git: the repository it belongs
// to (a worktree's common dir is its main checkout's .git), its HEAD and its
// root commit. The common dir is read from the files git writes; the commits
// ask git itself.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { git as runGit, realPath } from '../../git';
import { readText } from '../../text/read-text';

/** The git common dir of a checkout (real path), or undefined when it is not a git checkout. */
export function gitCommonDir(repo: string): string | undefined {
  const dotGit = path.join(repo, '.git');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dotGit);
  } catch {
    return undefined;
  }
  if (stat.isDirectory()) return realPath(dotGit);
  // A worktree (or submodule): `.git` is a file naming its git dir, which names the common dir in `commondir`.
  const pointer = readText(dotGit)?.match(/^gitdir:\s*(.+?)\s*$/m)?.[1];
  if (!pointer) return undefined;
  const gitDir = path.resolve(repo, pointer);
  const common = readText(path.join(gitDir, 'commondir'))?.trim();
  return realPath(common ? path.resolve(gitDir, common) : gitDir);
}

/** `git rev-parse HEAD`, or undefined (no commit yet, not a repo, no git). */
export function headCommit(repo: string): Promise<string | undefined> {
  return git(repo, ['rev-parse', '--verify', '-q', 'HEAD']).then((out) => out?.trim() || undefined);
}

/** The first root commit of HEAD's history: two clones of one project share it. */
export function rootCommit(repo: string): Promise<string | undefined> {
  return git(repo, ['rev-list', '--max-parents=0', 'HEAD']).then((out) => out?.trim().split('\n').sort()[0] || undefined);
}

const git = (cwd: string, args: string[]): Promise<string | undefined> => runGit(cwd, args, { maxBuffer: 1 << 20 });
