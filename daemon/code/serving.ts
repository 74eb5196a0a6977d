// Serving the read queries (query/methods.ts): the index when there is one,
// else a glance at the files naming the name while the first index builds
// (first/glance.ts), with the live overlay merged in and the remembered lines
// memory hands over. A damaged index is moved aside and asked again.
import type { DomainContext } from '../domain';
import { errorMessage, NotIndexedError } from '../errors';
import * as P from '../protocol';
import { remembered } from './anchors';
import type { BuildCoordinator } from './build';
import { declaredLike, emptyStore, exactFirst, glance } from './first';
import { answerStatus } from './serving-status';
import type { LiveRepos } from './live-repos';
import type { CodeDomainOptions } from './options';
import { mergeOverlay, mergeOverlayGroups, type KnownSymbol, type OverlayView } from './overlay';
import * as Q from './query';
import type { RepoEntry, RepoRegistry } from './repo-registry';
import { isCorrupt, type StoreCache } from './store-cache';
import type { CodeStore } from './store/store';

/** The queries a glance answers: those the overlay merges into (see first/glance.ts). */
const GLANCED: ReadonlySet<string> = new Set([P.Refs.method, P.Defs.method, P.Callers.method, P.Callees.method]);

/** What serving needs of the domain that owns it. */
export interface ServingParts {
  ctx: DomainContext;
  options: CodeDomainOptions;
  repos: RepoRegistry;
  stores: StoreCache;
  builds: BuildCoordinator;
  live: LiveRepos;
  /** Builds the repo's index (or joins the build running). */
  index(repo: string): Promise<P.IndexResult>;
  /** May this folder be a repo here? Throws a one-line error naming it. */
  admit(entry: RepoEntry): void;
  /** The repo's store, opened on demand (and watched). */
  open(entry: RepoEntry): CodeStore | undefined;
  /** A rebuild failed after this index was built. */
  isStale(entry: RepoEntry): boolean;
}

export class CodeQueries {
  // The index glance answers run over (see first/empty.ts): opened on the first one.
  private empty: CodeStore | undefined;
  private emptyUsedAt = 0;

  constructor(private readonly parts: ServingParts) {}

  /** Answers one read-only query (see query/methods.ts), building the index first if there is none. */
  async query(q: Q.ReadQuery, params: P.RepoParams): Promise<object> {
    const { repos, stores } = this.parts;
    const entry = repos.get(params.repo);
    this.parts.admit(entry);
    try {
      return await this.queryOnce(q, params, entry);
    } catch (err) {
      if (!isCorrupt(err) || !stores.peek(entry)) throw err;
      // A damaged page under an index that opened fine: moved aside (status
      // shows the error while it rebuilds) and asked again of the rebuilt one.
      entry.rebuildPrecise = true;
      stores.moveAside(entry, err);
      return this.queryOnce(q, params, entry);
    }
  }

  private async queryOnce(q: Q.ReadQuery, params: P.RepoParams, entry: RepoEntry): Promise<object> {
    const { ctx, options, stores, builds, live: lives } = this.parts;
    let store = this.parts.open(entry);
    if (!store) {
      const built = this.parts.index(entry.repo);
      // The first (syntactic) index, or the whole build when there is none: never longer than the build.
      const answerable = builds.whenAnswerable(entry) ?? built;
      // A name query may not even wait for that: the files naming it are read for it alone, whichever comes first.
      // Not for a worktree seeded from its sibling: that answer is precise, and as quick.
      const start = builds.startOf(entry);
      if (options.firstIndex !== false && GLANCED.has(q.method) && start && (await start) === 'syntactic') {
        const quick = this.glanced(entry, q, params).catch((err: unknown) => {
          ctx.log(`glance at ${entry.repo} failed: ${errorMessage(err)}`);
          return undefined;
        });
        const first = await Promise.race([
          answerable.then(
            () => undefined,
            () => undefined,
          ),
          quick,
        ]);
        if (first) return first;
      }
      await answerable;
      store = stores.get(entry);
      if (!store) {
        await built;
        store = stores.get(entry);
      }
      if (!store) throw new NotIndexedError(entry.repo);
    }
    entry.lastUsed = Date.now();
    const live = lives.get(entry);
    const qctx: Q.QueryContext = { store, repo: entry.repo, overlay: overlayMerges(live?.overlay, store, live?.overlay.size ?? 0) };
    // Remembered lines come out of the page's budget, so the answer stays within it; elapsed_ms counts them.
    let memory: ReturnType<typeof remembered>;
    const result = Q.answered(store, this.parts.isStale(entry), () => {
      memory = remembered(options.memory?.(), q.method, params, entry.repo, (l) => ctx.log(l));
      return q.run(qctx, memory ? memory.params : params);
    });
    if (memory) Object.assign(result, { memory: memory.notes });
    const overlayFiles = live?.overlay.size ?? 0;
    if (overlayFiles > 0) result.index.overlay_files = overlayFiles;
    const building = builds.progressOf(entry);
    if (building) {
      result.index.building = building;
      result.index.status = answerStatus(result.index, true);
    }
    return result;
  }

  /**
   * A name query's answer from the files naming it, parsed for it alone, over
   * an empty index (see first/glance.ts); undefined when the name is too common.
   */
  private async glanced(entry: RepoEntry, q: Q.ReadQuery, params: P.RepoParams): Promise<object | undefined> {
    const name = (params as { name?: unknown }).name;
    if (typeof name !== 'string') return undefined;
    const { ctx, builds, options } = this.parts;
    const seen = await glance(entry.repo, name, (l) => ctx.log(l), options.glanceBudgetMs);
    this.empty ??= emptyStore(ctx.home);
    this.emptyUsedAt = Date.now();
    const store = this.empty;
    const result: object & { index: P.IndexFreshness; suggestions?: P.Suggestion[] } = Q.answered(store, false, () =>
      q.run({ store, repo: entry.repo, overlay: overlayMerges(exactFirst(seen.overlay), store, seen.overlay.size) }, params),
    );
    // No symbol has the name: the empty index has no names to offer, the files read do.
    if (result.suggestions) result.suggestions = Q.suggestAmong(name, await declaredLike(entry.repo, name));
    const building = builds.progressOf(entry);
    // Every file naming it was read: complete as far as syntax goes (the files' own text decides what names it).
    const partial = seen.read < seen.naming;
    const status = answerStatus({ status: partial ? 'partial' : 'ready', syntactic: true }, building !== undefined);
    result.index = {
      indexed_at: new Date().toISOString(),
      status,
      partial,
      missing_languages: [],
      syntactic: true,
      glance: { files_read: seen.read, files_naming: seen.naming },
      ...(building ? { building } : {}),
    };
    return result;
  }

  /** The glance's empty index goes the same way as any unused store. */
  closeIdle(idleMs: number): void {
    if (this.empty && Date.now() - this.emptyUsedAt > idleMs) {
      this.empty.close();
      this.empty = undefined;
    }
  }

  dispose(): void {
    this.empty?.close();
    this.empty = undefined;
  }
}

/** Swaps in the overlay's syntactic occurrences for files changed since the last build. */
function overlayMerges(overlay: OverlayView | undefined, store: CodeStore, size: number): Q.OverlayMerges | undefined {
  if (!overlay || size === 0) return undefined;
  // The repo's only symbol of a name, which a new call site or caller most likely means.
  const known = (name: string): KnownSymbol | undefined => {
    const found = store.symbolsNamed(name).filter((s) => !s.is_local);
    return found.length === 1
      ? { symbol_id: found[0]!.symbol, display_name: found[0]!.name, qualified_name: found[0]!.qualified_name, kind: found[0]!.kind }
      : undefined;
  };
  return {
    refs: (definitionsOnly) => (name, matches) => mergeOverlay(name, matches, overlay, definitionsOnly),
    callers: (allRefs) => (name, groups) => mergeOverlayGroups(name, groups, overlay, { callees: false, allRefs, known }),
    callees: (allRefs) => (name, groups) => mergeOverlayGroups(name, groups, overlay, { callees: true, allRefs, known }),
  };
}
