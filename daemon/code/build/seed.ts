// A new checkout of a repository Scry has indexed elsewhere (a git worktree,
// a clone) starts from that sibling's index, and its first answer waits only
// for the comparison of the two checkouts:
// - the sibling's index file is lent at once, read-only, answering under
//   this checkout's name (seeded_from says whose it is);
// - the files that differ (by content: commits apart, or dirty) and those the
//   sibling's own overlay covers answer from this checkout's overlay;
// - only then is the index copied (153 MB on a 300k-line repo: longer than
//   the comparison) and the copy, re-rooted, swapped in for the lent file.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage } from '../../errors';
import type { BuildContext } from './context';
import { knownRepos, type LiveRepo } from '../live';
import { indexResultOf } from '../project';
import type { RepoEntry } from '../repo-registry';
import { copyIndex, differingFiles, findSibling, type Candidate } from '../seed';
import { INDEX_FILE } from '../store-cache';

export interface Sibling {
  repo: string;
  /** Its index.db. */
  index: string;
  /** Files its overlay answers for: its index is behind them. */
  overlayFiles: string[];
}

/** The indexed checkout of the same repository nearest to this new one (see seed/), with the files its overlay answers for (`overlayOf`). */
export async function nearestSibling(
  home: string,
  repo: string,
  log: (line: string) => void,
  overlayOf: (sibling: string) => string[],
): Promise<Sibling | undefined> {
  const candidates: Candidate[] = knownRepos(home, log)
    .filter((k) => k.repo !== repo && fs.existsSync(k.repo))
    .map((k) => ({ repo: k.repo, index: path.join(k.dir, INDEX_FILE), indexedAt: k.indexedAt, seeded: k.seededFrom !== undefined }));
  const found = await findSibling(repo, candidates);
  if (!found) return undefined;
  return { repo: found.repo, index: found.index, overlayFiles: overlayOf(found.repo) };
}

/**
 * Seeds the repo from its sibling; `answerable` is called as soon as queries
 * can be answered (before the copy). False when seeding failed before that
 * point (then the caller builds a syntactic first index instead).
 */
export async function seedFromSibling(
  ctx: BuildContext,
  entry: RepoEntry,
  live: LiveRepo | undefined,
  sibling: Sibling,
  answerable: () => void,
): Promise<boolean> {
  const started = performance.now();
  const since = (): number => Math.round(performance.now() - started);
  const meta = { repo: entry.repo, seeded_from: sibling.repo, seeded_at: new Date().toISOString() };
  let compared: number;
  let changed: string[];
  try {
    const differing = differingFiles(entry.repo, sibling.repo);
    ctx.stores.lend(entry, sibling.index, meta);
    const diff = await differing;
    compared = since();
    // The sibling's own overlay: files changed there since its index was built, so its index is behind them.
    const behind = sibling.overlayFiles.filter((f) => fs.existsSync(path.join(entry.repo, f)));
    changed = [...new Set([...diff.changed, ...behind])];
    await Promise.all([...changed.map((f) => live?.overlay.update(f, false)), ...diff.deleted.map((f) => live?.overlay.update(f, true))]);
    ctx.log(
      `seeded ${entry.repo} from ${sibling.repo} in ${since()} ms (comparison ${compared} ms): ${changed.length} files changed, ${diff.deleted.length} deleted, answered from the overlay; its index is lent until the copy is in`,
    );
  } catch (err) {
    ctx.stores.close(entry);
    ctx.log(`seeding ${entry.repo} from a sibling failed, indexing it afresh: ${errorMessage(err)}`);
    return false;
  }
  answerable();
  const next = path.join(entry.dir, 'index.db.next');
  try {
    const copyStarted = performance.now();
    fs.mkdirSync(entry.dir, { recursive: true, mode: 0o700 });
    await copyIndex(sibling.index, next, meta);
    // The daemon stopping meanwhile closed every store: nothing is swapped in after it.
    if (ctx.signal.aborted) {
      fs.rmSync(next, { force: true });
      return true;
    }
    const store = ctx.stores.swap(entry, next);
    ctx.log(`copied the index of ${sibling.repo} for ${entry.repo} in ${Math.round(performance.now() - copyStarted)} ms`);
    ctx.onSwapped(indexResultOf(entry.repo, store.meta()));
  } catch (err) {
    // The lent index keeps answering (it is the same content) until the precise build replaces it.
    fs.rmSync(next, { force: true });
    ctx.log(`copying the index of ${sibling.repo} for ${entry.repo} failed, its index stays lent until the precise build: ${errorMessage(err)}`);
  }
  return true;
}
