// How anchoring asks git (git-since.ts, git-declarations.ts): a commit id it
// will pass to git, git's output or undefined, and the hits of a `git grep`.
import { git as runGit, gitGrep } from '../../git';

/** A commit id as a session records it; anything else is never passed to git. */
export const COMMIT = /^[0-9a-f]{7,64}$/i;

/** git's output, or undefined when it failed. `git grep` finding nothing exits 1: that is an empty answer, not a failure. */
export const git = (repo: string, args: string[]): Promise<string | undefined> => (args[0] === 'grep' ? gitGrep(repo, args.slice(1)) : runGit(repo, args));

/** A line `git grep -n` found: its file, line (1-based) and text. */
export interface GrepHit {
  file: string;
  line: number;
  text: string;
}

/** The hits `git grep -n COMMIT` printed (`COMMIT:path:line:text`). */
export function grepHits(out: string | undefined): GrepHit[] {
  const hits: GrepHit[] = [];
  for (const l of (out ?? '').split('\n')) {
    const m = /^[0-9a-f]+:(.+?):(\d+):(.*)$/.exec(l);
    if (m) hits.push({ file: m[1]!, line: Number(m[2]), text: m[3]! });
  }
  return hits;
}
