// The files git shows changed in a repo: the working tree's changes (git
// status: staged, unstaged, untracked) and the files of the current branch's
// recent commits. Orientation puts what memory says about them first. Git
// missing, not a repo, or slower than the SessionStart hook can wait for
// (1.5 s): nothing changed, never an error.
import { git as runGit } from '../../git';

/** Recent: the last commits of HEAD within these days. */
const RECENT_COMMITS = 10;
const RECENT_DAYS = 14;

/** How a file changed: `working tree`, or `commit 1a2b3c4`. Repo-relative, `/`-separated. */
export type ChangedFiles = ReadonlyMap<string, string>;

const git = async (repo: string, args: string[]): Promise<string> => (await runGit(repo, args, { timeoutMs: 1_500, maxBuffer: 4 << 20 })) ?? '';

export async function changedFiles(repo: string): Promise<ChangedFiles> {
  const [status, log] = await Promise.all([
    git(repo, ['status', '--porcelain=v1', '-z', '--untracked-files=normal']),
    git(repo, ['log', '-n', String(RECENT_COMMITS), `--since=${RECENT_DAYS}.days`, '--name-only', '-z', '--format=@%h', 'HEAD']),
  ]);
  const out = new Map<string, string>();
  // -z: `XY path\0`, and a rename's `R  new\0old\0`.
  const entries = status.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.length < 4) continue;
    out.set(e.slice(3), 'working tree');
    if (e[0] === 'R' || e[0] === 'C') i++;
  }
  let commit = '';
  for (const raw of log.split(/\0|\n/)) {
    const t = raw.trim();
    if (t.startsWith('@')) commit = t.slice(1);
    else if (t && commit && !out.has(t)) out.set(t, `commit ${commit}`);
  }
  return out;
}
