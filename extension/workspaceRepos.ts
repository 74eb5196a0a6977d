// Which repositories the open workspace folders map to. The CLI in a terminal
// indexes the git root above its directory, so the editor does the same: both
// then share one index. Folders inside one repository collapse to it.
import * as path from 'node:path';
import { findRepoRoot } from '../daemon/client';

export interface FolderLike {
  name: string;
  fsPath: string;
}

/** Repos to index, in folder order, minus excluded folders (by name, path, or a path above them). */
export function reposForFolders(folders: readonly FolderLike[], excluded: readonly string[] = [], rootOf: (dir: string) => string = findRepoRoot): string[] {
  const repos: string[] = [];
  for (const folder of folders) {
    if (isExcluded(folder, excluded)) continue;
    const repo = rootOf(folder.fsPath);
    if (!repos.includes(repo)) repos.push(repo);
  }
  return repos;
}

export function isExcluded(folder: FolderLike, excluded: readonly string[]): boolean {
  const own = path.resolve(folder.fsPath);
  return excluded.some((raw) => {
    const e = raw.trim();
    if (!e) return false;
    if (e === folder.name) return true;
    if (!path.isAbsolute(e)) return false;
    const ex = path.resolve(e);
    return own === ex || own.startsWith(ex + path.sep);
  });
}

/** The repo (among `repos`) holding `file`: the deepest one that contains it. */
export function repoForFile(file: string, repos: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const repo of repos) {
    if ((file === repo || file.startsWith(repo + path.sep)) && (!best || repo.length > best.length)) best = repo;
  }
  return best;
}
