// The precise build: it waits for a build slot (saying so), runs the indexers
// in the worker, and swaps the result in; the overlay keeps what changed
// while it ran.
import type { IntervalHistogram } from 'node:perf_hooks';
import { errorMessage, ScryError } from '../../errors';
import { gateForTests } from '../../hold';
import type { IndexResult, ProgressEvent } from '../../protocol';
import { runInWorker, type BuildContext } from './context';
import { BuildPace } from './pace';
import type { BuildSlots } from './slots';
import type { LiveRepo } from '../live';
import { indexResultOf } from '../project';
import type { RepoEntry } from '../repo-registry';

export interface PreciseBuild {
  slots: BuildSlots;
  /** How long the event loop stalled since the previous swap: logged at each. */
  loopDelay: IntervalHistogram;
  /** The build's expected end for answers and status: set while it waits and runs, undefined once over. */
  setPace(pace: BuildPace | undefined): void;
  onProgress(event: ProgressEvent): void;
  /** The last build's length, when known: the first estimate of this one's. */
  previousMs: number | undefined;
}

export async function preciseBuild(
  ctx: BuildContext,
  p: PreciseBuild,
  entry: RepoEntry,
  live: LiveRepo | undefined,
  scip: string | undefined,
): Promise<IndexResult> {
  const { log } = ctx;
  let pace = new BuildPace(p.previousMs);
  const emit = (e: Omit<ProgressEvent, 'repo'>): void => {
    pace.note(e);
    p.onProgress({ repo: entry.repo, ...e });
  };
  p.setPace(pace);
  // The first answers never queue; the precise build waits for a slot, and says so.
  let release: () => void;
  try {
    release = await p.slots.acquire((ahead) => {
      const message = `waiting for a build slot (${p.slots.max} at once; ${ahead} more waiting ahead)`;
      log(`build of ${entry.repo} queued: ${message}`);
      emit({ phase: 'indexing', message });
    }, ctx.signal);
  } catch (err) {
    p.setPace(undefined);
    throw err;
  }
  // Its expected end counts from when it runs, not from when it queued.
  pace = new BuildPace(p.previousMs);
  p.setPace(pace);
  // Changes up to here are covered by this build; the overlay keeps later ones.
  const coveredSeq = live?.buildStarted();
  let swapped = false;
  try {
    await gateForTests('SCRY_TEST_PRECISE_GATE', ctx.signal);
    const outcome = await runInWorker(ctx, entry, emit, { scipFile: scip });
    emit({ phase: 'swapping', message: 'swapping in the new index' });
    log(`swap begin ${entry.repo}`);
    const store = ctx.stores.swap(entry, outcome.nextPath);
    log(`swap done ${entry.repo}`);
    swapped = true;
    entry.lastError = undefined;
    entry.lastUsed = Date.now();
    const result = indexResultOf(entry.repo, store.meta());
    if (coveredSeq !== undefined) live?.buildEnded(coveredSeq, true);
    ctx.onSwapped(result);
    log(`event loop delay since the previous swap: p99 ${(p.loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(p.loopDelay.max / 1e6).toFixed(1)} ms`);
    p.loopDelay.reset();
    log(`build done ${entry.repo}: ${result.documents} documents, ${result.symbols} symbols, ${result.occurrences} occurrences in ${result.duration_ms} ms`);
    emit({ phase: 'done', message: `indexed ${result.documents} files, ${result.symbols} symbols`, percent: 100 });
    return result;
  } catch (err) {
    entry.lastError = errorMessage(err);
    log(`build failed ${entry.repo}: ${entry.lastError}`);
    emit({ phase: 'failed', message: entry.lastError });
    throw err instanceof ScryError ? err : new ScryError(errorMessage(err));
  } finally {
    release();
    p.setPace(undefined);
    if (!swapped && coveredSeq !== undefined) live?.buildEnded(coveredSeq, false);
  }
}
