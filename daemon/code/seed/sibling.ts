// The nearest indexed sibling of a checkout: another checkout of the same git
// repository (a worktree sharing its common dir), else a clone sharing its
// root commit; among several, one at the same HEAD, then one with an index
// of its own (not itself seeded), then the most recently indexed.
import { gitCommonDir, headCommit, rootCommit } from './git';

export interface Candidate {
  repo: string;
  /** Its index.db. */
  index: string;
  indexedAt: number | undefined;
  /** Its own index was copied from another checkout: one built there is preferred. */
  seeded?: boolean;
}

export async function findSibling(repo: string, candidates: readonly Candidate[]): Promise<Candidate | undefined> {
  const others = candidates.filter((c) => c.repo !== repo);
  if (others.length === 0) return undefined;
  const common = gitCommonDir(repo);
  if (!common) return undefined;
  let same = others.filter((c) => gitCommonDir(c.repo) === common);
  if (same.length === 0) {
    const root = await rootCommit(repo);
    if (!root) return undefined;
    const roots = await Promise.all(others.map((c) => (gitCommonDir(c.repo) ? rootCommit(c.repo) : Promise.resolve(undefined))));
    same = others.filter((_, i) => roots[i] === root);
  }
  if (same.length <= 1) return same[0];
  const head = await headCommit(repo);
  const heads = await Promise.all(same.map((c) => headCommit(c.repo)));
  const atHead = same.filter((_, i) => head !== undefined && heads[i] === head);
  const pool = atHead.length > 0 ? atHead : same;
  return [...pool].sort((a, b) => Number(a.seeded ?? false) - Number(b.seeded ?? false) || (b.indexedAt ?? 0) - (a.indexedAt ?? 0))[0];
}
