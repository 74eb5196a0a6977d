// Whether a folder may be a repo here, and how it became one. A git root is a
// repo whenever it is asked about; any other folder only once the user
// indexed it deliberately (the CLI's `scry index PATH`), which is recorded
// beside its index so a query, an agent and the next daemon start know.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NotARepoError, UnsafeRootError } from '../../errors';
import { findRepoRoot } from '../../repos';
import { isGitRoot, refusalOf } from './policy';

/** How a repo became one: a git root, a folder indexed deliberately, or a folder only forced in (the home folder). */
export type RootKind = 'git' | 'explicit' | 'forced';

const MARKER = 'root.json';

export interface AdmitRequest {
  /** `scry index PATH` from the CLI: the user means this folder. */
  explicit: boolean;
  /** `--force` as well: the home folder too. */
  force: boolean;
}

/**
 * Checks that `repo` (a real path) may be a repo and records a deliberate
 * admission in `dir` (its folder under SCRY_HOME/repos). Throws a one-line
 * error naming the path otherwise.
 */
export function admit(repo: string, dir: string, request: AdmitRequest, home?: string): RootKind {
  const refusal = refusalOf(repo, home);
  const recorded = recordedKind(dir);
  if (refusal) {
    if (!refusal.forceable) throw new UnsafeRootError(repo, refusal.reason);
    if (request.explicit && request.force) return record(dir, repo, 'forced');
    if (recorded === 'forced') return 'forced';
    throw new UnsafeRootError(repo, refusal.reason, request.explicit ? undefined : 'Run scry inside a git repository, or pass --repo PATH');
  }
  if (request.explicit) return isGitRoot(repo) ? 'git' : record(dir, repo, 'explicit');
  if (isGitRoot(repo)) return 'git';
  if (recorded) return recorded;
  const above = findRepoRoot(path.dirname(repo));
  throw new NotARepoError(repo, isGitRoot(above) ? above : undefined);
}

/**
 * Whether a repo found on disk at start is still one to watch: allowed by the
 * policy, and a git root or deliberately indexed. Returns why not, or undefined.
 */
export function whyNotRestored(repo: string, dir: string, home?: string): string | undefined {
  const refusal = refusalOf(repo, home);
  const recorded = recordedKind(dir);
  if (refusal && !(refusal.forceable && recorded === 'forced')) return refusal.reason;
  if (!refusal && !isGitRoot(repo) && !recorded) return `'${repo}' is not a git repository and was never indexed deliberately (scry index ${repo})`;
  return undefined;
}

/** What the repo's folder under SCRY_HOME records, if anything. */
export function recordedKind(dir: string): RootKind | undefined {
  try {
    const kind = (JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8')) as { kind?: unknown }).kind;
    return kind === 'explicit' || kind === 'forced' ? kind : undefined;
  } catch {
    return undefined;
  }
}

function record(dir: string, repo: string, kind: RootKind): RootKind {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, MARKER), JSON.stringify({ repo, kind, at: new Date().toISOString() }));
  return kind;
}
