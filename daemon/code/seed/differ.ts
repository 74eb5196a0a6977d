// The source files whose content differs between two checkouts: present in
// one only, or with other bytes. Compared by content, not by commit, so a
// dirty file in either checkout counts as the change it is; only files git
// cannot vouch for (git-same.ts) are read, which on a new worktree is few.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { listSources } from '../languages';
import { sameByGit } from './git-same';

const PARALLEL = 16;

export interface Difference {
  /** Repo-relative files that differ or exist only in the new checkout. */
  changed: string[];
  /** Files the sibling has and the new checkout does not. */
  deleted: string[];
}

export async function differingFiles(repo: string, sibling: string): Promise<Difference> {
  const mine = listSources(repo);
  // Git is asked about files of the kinds this checkout's sources are (`*.ts`), not about images and lockfiles.
  const kinds = [...new Set(mine.map((f) => path.extname(f)).filter((e) => e !== ''))].map((e) => `*${e}`);
  const [same, theirList] = await Promise.all([sameByGit(repo, sibling, kinds), Promise.resolve().then(() => listSources(sibling))]);
  const theirs = new Set(theirList);
  const present = new Set(mine);
  const toRead = mine.filter((f) => !same.has(f) || !theirs.has(f));
  const changed: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < toRead.length) {
      const file = toRead[next++]!;
      if (!theirs.has(file) || !(await sameContent(path.join(repo, file), path.join(sibling, file)))) changed.push(file);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { changed: changed.sort(), deleted: [...theirs].filter((f) => !present.has(f)).sort() };
}

async function sameContent(a: string, b: string): Promise<boolean> {
  try {
    const [sa, sb] = await Promise.all([fs.stat(a), fs.stat(b)]);
    if (sa.size !== sb.size) return false;
    const [ba, bb] = await Promise.all([fs.readFile(a), fs.readFile(b)]);
    return ba.equals(bb);
  } catch {
    return false;
  }
}
