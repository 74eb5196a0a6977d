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
  if (request.explicit) {
    if (isGitRoot(repo)) return 'git';
    if (recorded && !request.force) return recorded;
    // A folder above repos (~/code): each of them is the repo, and the whole would be watched for nothing.
    const nested = nestedRepos(repo);
    if (nested.length > 0) {
      if (request.force) return record(dir, repo, 'forced');
      const names = nested
        .slice(0, 3)
        .map((n) => path.relative(repo, n))
        .join(', ');
      throw new UnsafeRootError(
        repo,
        `'${repo}' holds git repositories (${names}${nested.length > 3 ? ', ...' : ''}) and is none itself; Scry indexes it only when forced (scry index ${repo} --force)`,
        `Or index each repository: scry index ${nested[0]}`,
      );
    }
    return record(dir, repo, 'explicit');
  }
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

/** Git roots among the folders one and two levels below `dir` (hidden and dependency folders aside). */
export function nestedRepos(dir: string): string[] {
  const out: string[] = [];
  const children = (d: string): string[] => {
    try {
      return fs
        .readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
        .map((e) => path.join(d, e.name));
    } catch {
      return [];
    }
  };
  for (const child of children(dir)) {
    if (isGitRoot(child)) out.push(child);
    else for (const grandchild of children(child)) if (isGitRoot(grandchild)) out.push(grandchild);
  }
  return out.sort();
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
