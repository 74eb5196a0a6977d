// A repo with no index first gets a syntactic one (tree-sitter, every
// language with a reader), swapped in at once; queries answer from it while
// the precise build runs.
import { errorMessage } from '../../errors';
import type { ProgressEvent } from '../../protocol';
import { runInWorker, type BuildContext } from './context';
import { indexResultOf } from '../project';
import type { RepoEntry } from '../repo-registry';

/** Builds and swaps in the syntactic first index; on failure queries wait for the precise one (an abort is rethrown). */
export async function syntacticFirstIndex(ctx: BuildContext, entry: RepoEntry, onProgress: (e: Omit<ProgressEvent, 'repo'>) => void): Promise<void> {
  try {
    const outcome = await runInWorker(ctx, entry, onProgress, { syntacticFirst: true });
    const store = ctx.stores.swap(entry, outcome.nextPath);
    const result = indexResultOf(entry.repo, store.meta());
    ctx.log(`first index (syntactic) of ${entry.repo}: ${result.documents} documents, ${result.occurrences} occurrences in ${result.duration_ms} ms`);
    ctx.onSwapped(result);
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    ctx.log(`first index of ${entry.repo} failed, queries wait for the precise one: ${errorMessage(err)}`);
  }
}
