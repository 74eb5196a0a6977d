// Finding the repository a path belongs to.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoNotFoundError } from './errors';

/** Real path of an existing directory, or a RepoNotFoundError naming the input. */
export function resolveRepo(input: string): string {
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(input));
  } catch {
    throw new RepoNotFoundError(input);
  }
  if (!fs.statSync(real).isDirectory()) throw new RepoNotFoundError(input);
  return real;
}

/** The git root at or above `dir`, else `dir` itself. */
export function findRepoRoot(dir: string): string {
  return gitRootOf(dir) ?? path.resolve(dir);
}

/** The git root at or above `dir`; undefined when there is none. */
export function gitRootOf(dir: string): string | undefined {
  let current = path.resolve(dir);
  for (;;) {
    if (fs.existsSync(path.join(current, '.git'))) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}
