// The git root of a transcript's working directory, when that directory
// still exists on this machine. Looked up once per directory per process:
// a sweep distills thousands of sessions from a handful of directories.
import * as fs from 'node:fs';
import * as path from 'node:path';

const cache = new Map<string, string | undefined>();

export function gitRoot(cwd: string | undefined): string | undefined {
  if (!cwd || !path.isAbsolute(cwd)) return undefined;
  if (cache.has(cwd)) return cache.get(cwd);
  let root: string | undefined;
  if (fs.existsSync(cwd)) {
    for (let dir = cwd; ; dir = path.dirname(dir)) {
      // `.git` is a directory in a clone and a file in a worktree or submodule.
      if (fs.existsSync(path.join(dir, '.git'))) {
        root = dir;
        break;
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  cache.set(cwd, root);
  return root;
}
