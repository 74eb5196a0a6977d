// How many source files an indexer is likely to visit, so progress can be a
// percentage. An estimate (the indexer's own config decides what it reads),
// bounded so a huge tree costs milliseconds, and never claimed as exact.
import * as fs from 'node:fs';
import * as path from 'node:path';

export function countSourceFiles(repo: string, extensions: ReadonlySet<string>, skipDirs: readonly string[], budget = 200_000): number {
  let count = 0;
  let seen = 0;
  const stack = [repo];
  while (stack.length > 0 && seen < budget) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      seen++;
      if (e.isDirectory()) {
        if (!skipDirs.includes(e.name) && !e.name.startsWith('.')) stack.push(path.join(dir, e.name));
      } else if (extensions.has(path.extname(e.name)) && !e.name.endsWith('.d.ts')) count++;
    }
  }
  return count;
}

/** Percent done, held below 100 until the indexer has actually finished. */
export function percentOf(done: number, expected: number): number | undefined {
  if (expected <= 0) return undefined;
  return Math.min(99, Math.floor((done * 100) / expected));
}
