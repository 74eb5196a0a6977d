// The one way the daemon runs git: a child process, never a shell, awaited off
// the event loop, with a timeout and a cap on what it may print. Each caller
// says how long it can wait and how much output it expects; a failure is an
// answer (`undefined`, or the error for a caller that reports it), never a throw.
import { execFile, type ExecFileException } from 'node:child_process';

export interface GitLimits {
  /** Milliseconds before git is killed; 0 waits as long as it takes (default 10 s). */
  timeoutMs?: number;
  /** Bytes of output kept before git is killed (default 64 MiB). */
  maxBuffer?: number;
}

/** What git printed, or why it gave nothing. */
export type GitOutcome = { stdout: string; error?: undefined } | { stdout?: undefined; error: ExecFileException };

const TIMEOUT_MS = 10_000;
const MAX_BUFFER = 64 << 20;

/** Runs `git -C repo ...args`. */
export function runGit(repo: string, args: readonly string[], limits: GitLimits = {}): Promise<GitOutcome> {
  return new Promise((resolve) => {
    execFile(
      'git',
      ['-C', repo, ...args],
      { encoding: 'utf8', timeout: limits.timeoutMs ?? TIMEOUT_MS, maxBuffer: limits.maxBuffer ?? MAX_BUFFER, windowsHide: true },
      (error, stdout) => resolve(error ? { error } : { stdout }),
    );
  });
}

/** git's output, or undefined when it failed (no git, not a repository, an unknown commit, too slow, too much). */
export async function git(repo: string, args: readonly string[], limits?: GitLimits): Promise<string | undefined> {
  return (await runGit(repo, args, limits)).stdout;
}

/** `git grep`'s output: finding nothing exits 1, which is an empty answer, not a failure. */
export async function gitGrep(repo: string, args: readonly string[], limits?: GitLimits): Promise<string | undefined> {
  const r = await runGit(repo, ['grep', ...args], limits);
  return r.error ? (r.error.code === 1 ? '' : undefined) : r.stdout;
}
