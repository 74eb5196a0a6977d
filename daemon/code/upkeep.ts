// Keeping the domain's repos in order over time: restoring what this
// SCRY_HOME indexed when the daemon starts, forgetting a repo (its watcher,
// build, store and folder), and the sweep that closes idle stores, notices
// repos whose folder went away (dropped after a grace period) and starts
// deferred builds whose dependencies arrived; repos an agent's hook queued
// while no daemon ran are indexed on restore.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { collectGarbage } from '../gc';
import type { DomainContext } from '../domain';
import { errorMessage } from '../errors';
import { drainRepoQueue } from '../inbox';
import { repoDir } from '../paths';
import type * as P from '../protocol';
import type { BuildCoordinator } from './build';
import { knownRepos, recoverRepoDirs } from './live';
import type { LiveRepos } from './live-repos';
import { GONE_GRACE_MS, IDLE_CLOSE_MS, type CodeDomainOptions } from './options';
import type { RepoEntry, RepoRegistry } from './repo-registry';
import { bytesUnder, indexedRepoOf } from './repo-index-dirs';
import { whyNotRestored } from './roots';
import { missingDependencies } from './seed';
import type { StoreCache } from './store-cache';
import { plural } from '../protocol/plural';

/** What upkeep needs of the domain that owns it. */
export interface UpkeepParts {
  ctx: DomainContext;
  options: CodeDomainOptions;
  repos: RepoRegistry;
  stores: StoreCache;
  builds: BuildCoordinator;
  live: LiveRepos;
  /** Builds (force: rebuilds) the repo's index. */
  index(repo: string, opts: { force: boolean }): Promise<P.IndexResult>;
  /** Is the repo's watcher running? */
  watching(repo: string): boolean;
  /** A repo forgotten: what else the domain keeps of it goes (anchoring's reads). */
  forgotten(repo: string): void;
  /** Idle stores were closed: the glance's empty index may go too. */
  closeIdle(idleMs: number): void;
}

export class CodeUpkeep {
  // Repos whose folder went away, and since when: dropped after the grace period unless they come back.
  private readonly goneSince = new Map<string, number>();

  constructor(private readonly parts: UpkeepParts) {}

  /** Starts watching every repo this SCRY_HOME has indexed, after cleaning up what an interrupted build left. */
  restore(): void {
    const { ctx, options, repos, live } = this.parts;
    let watched = 0;
    recoverRepoDirs(ctx.home, (l) => ctx.log(l));
    for (const known of knownRepos(ctx.home, (l) => ctx.log(l))) {
      if (!fs.existsSync(known.repo)) {
        ctx.log(
          `known repo ${known.repo} is gone (deleted or moved); not watching it, and its index is dropped unless it is back within ${Math.round((options.goneGraceMs ?? GONE_GRACE_MS) / 1000)} s`,
        );
        this.goneSince.set(known.repo, Date.now());
        continue;
      }
      const refused = whyNotRestored(known.repo, known.dir);
      if (refused) {
        ctx.log(`not watching ${known.repo}: ${refused}; scry forget ${known.repo} drops its index`);
        continue;
      }
      try {
        if (live.ensure(repos.get(known.repo), known.indexedAt)) watched++;
        // A first index whose precise build was cut short (the daemon stopped): build it now.
        if (known.syntactic || known.seededFrom) {
          this.parts.index(known.repo, { force: true }).catch((err: unknown) => ctx.log(`precise build of ${known.repo} failed: ${errorMessage(err)}`));
        }
      } catch (err) {
        ctx.log(`could not watch ${known.repo}: ${errorMessage(err)}`);
      }
    }
    if (watched > 0) ctx.log(`watching ${plural(watched, 'known repo')}`);
    this.indexQueued();
    // Most daemons start for a query whose repo then builds: its worker loads now, not on the build's path.
    // Nothing opened by the next sweep, and it goes (below).
    this.parts.builds.prepare();
  }

  /** Repos an agent's search hook queued while no daemon ran (see inbox.ts): each git root not indexed yet is built now, in the background. */
  private indexQueued(): void {
    const { ctx, repos, stores } = this.parts;
    for (const repo of drainRepoQueue(ctx.home, (l) => ctx.log(l))) {
      if (!fs.existsSync(path.join(repo, '.git')) || stores.meta(repos.get(repo))) continue;
      ctx.log(`indexing ${repo}: an agent searched it while no daemon ran`);
      this.parts.index(repo, { force: false }).catch((err: unknown) => ctx.log(`index of queued ${repo} failed: ${errorMessage(err)}`));
    }
  }

  /** Stops watching a repo, waits for its build, closes its store and deletes its index folder. */
  async forget(input: string): Promise<P.ForgetRepoResult> {
    const { ctx, repos, stores, builds, live } = this.parts;
    const repo = indexedRepoOf(ctx.home, input, (r) => repos.peek(r) !== undefined);
    const entry = repos.peek(repo);
    const dir = entry?.dir ?? repoDir(ctx.home, repo);
    const wasWatching = this.parts.watching(repo);
    if (entry) {
      await live.stop(entry);
      await builds.settled(entry);
      stores.close(entry);
      repos.delete(repo);
    }
    this.parts.forgotten(repo);
    const freed = bytesUnder(dir);
    fs.rmSync(dir, { recursive: true, force: true });
    ctx.log(`forgot ${repo}: removed ${dir} (${freed} bytes)`);
    return { repo, index_dir: dir, freed_bytes: freed, was_watching: wasWatching };
  }

  /** Closes stores nobody asked for in a while, notices repos that disappeared, and starts deferred builds whose wait is over. */
  sweep(): void {
    const { ctx, options, repos, stores, builds, live } = this.parts;
    const entries = repos.all();
    for (const e of entries) live.checkGone(e);
    this.dropGone(entries);
    for (const e of entries) {
      if (!e.deferred || e.gone || builds.isBuilding(e)) continue;
      const from = stores.meta(e)?.seeded_from;
      if (typeof from === 'string' && missingDependencies(e.repo, from)) continue;
      ctx.log(`${e.repo} has its dependencies now: building its precise index`);
      e.deferred = undefined;
      this.parts.index(e.repo, { force: true }).catch((err: unknown) => ctx.log(`build of ${e.repo} failed: ${errorMessage(err)}`));
    }
    const idleMs = options.idleCloseMs ?? IDLE_CLOSE_MS;
    const closed = stores.closeIdle(entries, idleMs, (e) => builds.isBuilding(e));
    this.parts.closeIdle(idleMs);
    // No store open (the last one closed, or none opened since the daemon started): the build workers
    // waiting go too (each a whole isolate with SQLite loaded).
    if (stores.openCount === 0) {
      builds.releaseIdle();
      // Idle now: the heap grown for the build or the queries goes back too.
      if (closed > 0) setImmediate(collectGarbage);
    }
  }

  /** Forgets the repos whose folder has been gone for the grace period (their index and watcher go); one that came back stays. */
  private dropGone(entries: readonly RepoEntry[]): void {
    const { ctx, options } = this.parts;
    for (const e of entries) if (e.gone && !this.goneSince.has(e.repo)) this.goneSince.set(e.repo, Date.now());
    const grace = options.goneGraceMs ?? GONE_GRACE_MS;
    for (const [repo, since] of this.goneSince) {
      if (fs.existsSync(repo)) {
        this.goneSince.delete(repo);
        continue;
      }
      if (Date.now() - since < grace) continue;
      this.goneSince.delete(repo);
      ctx.log(`${repo} has been gone for ${Math.round((Date.now() - since) / 1000)} s: dropping its index`);
      this.forget(repo).catch((err: unknown) => ctx.log(`dropping the index of gone ${repo} failed: ${errorMessage(err)}`));
    }
  }
}
