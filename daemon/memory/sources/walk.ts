// Listing helpers for discovery: a bounded walk that never follows a symlink
// loop, and directory reads that treat an unreadable folder as empty.
import * as fs from 'node:fs';
import * as path from 'node:path';

export function walk(dir: string, visit: (p: string, name: string) => unknown, depth = 0): void {
  // Deep enough for YYYY/MM/DD and workflow subfolders; a symlink loop cannot run away.
  if (depth > 8) return;
  for (const e of entries(dir)) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, visit, depth + 1);
    else if (e.isFile()) visit(p, e.name);
  }
}

/** Every file under `dir` whose name passes `keep`. */
export function filesUnder(dir: string, keep: (name: string) => boolean): Array<{ path: string }> {
  const out: Array<{ path: string }> = [];
  walk(dir, (p, name) => keep(name) && void out.push({ path: p }));
  return out;
}

export function entries(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

export function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
