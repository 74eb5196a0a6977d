// Which folders may become a repo. A repo is watched and its files are read
// into answers, so the folder must be one the user works in: a git root, or a
// folder they indexed deliberately from the CLI. `/`, system folders and the
// pseudo-filesystems are never repos; the home folder (and the folders that
// hold homes) only when forced.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { realPath } from '../../git';

/** Never a repo, even forced: the folder itself. */
const SYSTEM_FOLDERS: ReadonlySet<string> = new Set([
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/opt',
  '/proc',
  '/root',
  '/run',
  '/sbin',
  '/snap',
  '/srv',
  '/sys',
  '/tmp',
  '/usr',
  '/var',
  '/home',
  '/mnt',
  '/media',
  '/nix',
  // macOS
  '/Applications',
  '/Library',
  '/System',
  '/Users',
  '/Volumes',
  '/private',
  '/cores',
]);

/** Never a repo, nor anything below them: kernel views, not files anyone edits. */
const PSEUDO_TREES = ['/proc', '/sys', '/dev'];

export interface Refusal {
  /** One line naming the path and why. */
  reason: string;
  /** `scry index PATH --force` may still make it a repo (the home folder). */
  forceable: boolean;
}

/** Why this real path can never (or only forced) be a repo; undefined when nothing rules it out. */
export function refusalOf(real: string, home: string = os.homedir()): Refusal | undefined {
  const p = path.resolve(real);
  if (p === path.parse(p).root) return { reason: `'${p}' is the filesystem root; Scry never indexes or watches it`, forceable: false };
  for (const tree of PSEUDO_TREES) {
    if (p === tree || p.startsWith(tree + path.sep))
      return { reason: `'${p}' is inside ${tree}, a kernel pseudo-filesystem; Scry never indexes or watches it`, forceable: false };
  }
  if (SYSTEM_FOLDERS.has(p)) return { reason: `'${p}' is a system folder; Scry never indexes or watches it`, forceable: false };
  const homeReal = realOr(home);
  if (homeReal && p === homeReal) return { reason: `'${p}' is your home folder; Scry indexes it only when forced (scry index ${p} --force)`, forceable: true };
  if (homeReal && homeReal.startsWith(p + path.sep))
    return { reason: `'${p}' holds your home folder; Scry indexes it only when forced (scry index ${p} --force)`, forceable: true };
  return undefined;
}

/** A folder holding `.git` (a repository or a worktree's checkout). */
export function isGitRoot(real: string): boolean {
  return fs.existsSync(path.join(real, '.git'));
}

function realOr(p: string): string | undefined {
  if (!p) return undefined;
  return realPath(p) ?? path.resolve(p);
}
