// Folders no part of Scry looks into: dependencies, build output, caches and
// virtualenvs. One list for detection, the watcher and the inferred tsconfig,
// so a file the watcher ignores is never counted or indexed either; and the
// one walk of a repo's files that skips them (and hidden folders).
import * as fs from 'node:fs';
import * as path from 'node:path';

export const SKIP_DIRS: ReadonlySet<string> = new Set([
  '.git',
  'dist',
  'build',
  'out',
  'coverage',
  'target',
  '.cache',
  'node_modules',
  '.next',
  '.turbo',
  '__pycache__',
  '.venv',
  'venv',
  'site-packages',
  '.mypy_cache',
  '.pytest_cache',
  '.tox',
  'vendor',
]);

/**
 * Repo-relative, '/'-separated paths of the files `keep` accepts, sorted,
 * never entering SKIP_DIRS or hidden folders; `budget` caps the entries visited.
 */
export function walkRepo(repo: string, keep: (entry: fs.Dirent) => boolean, budget = Number.POSITIVE_INFINITY): string[] {
  const out: string[] = [];
  const stack = [''];
  let left = budget;
  while (stack.length > 0 && left > 0) {
    const rel = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(repo, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (--left <= 0) break;
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) stack.push(child);
      } else if (keep(e)) out.push(child);
    }
  }
  return out.sort();
}
