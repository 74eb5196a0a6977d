// The code domain's side of the anchors seam (protocol/anchors.ts): answers
// from a repo's index when it has one, never starting a build or watching a
// folder nobody indexed (memory asks about every session's repo).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { realPath } from '../../git';
import { repoDir } from '../../paths';
import type { AnchorKey, CodeDefinition, CodeLookup, CurrentDefinition, MentionContext, MentionResolution, PastDefinition } from '../../protocol/anchors';
import type { RepoRegistry } from '../repo-registry';
import { INDEX_FILE, type StoreCache } from '../store-cache';
import type { CodeStore } from '../store/store';
import { AnchorResolver } from './resolver';

export class IndexLookup implements CodeLookup {
  /** What anchoring has read of the repos asked about, cleared with forget and dispose. */
  private readonly resolver = new AnchorResolver();

  constructor(
    private readonly home: string,
    private readonly repos: RepoRegistry,
    private readonly stores: StoreCache,
  ) {}

  indexed(repo: string): boolean {
    return this.real(repo) !== undefined;
  }

  resolve(repo: string, mention: string, context?: MentionContext): MentionResolution {
    const open = this.open(repo);
    return open ? this.resolver.resolve(open.store, open.repo, mention, context) : { found: null, reason: 'no-index' };
  }

  current(repo: string, anchor: AnchorKey): CurrentDefinition {
    const open = this.open(repo);
    return open ? this.resolver.current(open.store, open.repo, anchor) : 'no-index';
  }

  async readAhead(repo: string, mentions: readonly string[], commit?: string): Promise<void> {
    const open = this.open(repo);
    if (open) await this.resolver.prepare(open.store, open.repo, mentions, commit);
  }

  async asOf(repo: string, commit: string, found: readonly CodeDefinition[]): Promise<Array<PastDefinition | undefined>> {
    const open = this.open(repo);
    return open ? this.resolver.asOf(open.store, open.repo, commit, found) : found.map(() => undefined);
  }

  /** Real paths of the repos asked about: every remembered line of a code answer asks again, and realpath walks the path a component at a time. */
  private readonly reals = new Map<string, string>();

  /** The repo's real path when it has an index file. */
  private real(repo: string): string | undefined {
    let real = this.reals.get(repo);
    if (real === undefined) {
      real = realPath(repo);
      if (real === undefined) return undefined;
      if (this.reals.size >= 256) this.reals.clear();
      this.reals.set(repo, real);
    }
    if (fs.existsSync(path.join(repoDir(this.home, real), INDEX_FILE))) return real;
    // Gone, or moved: the next ask reads the path again.
    this.reals.delete(repo);
    return undefined;
  }

  private open(repo: string): { store: CodeStore; repo: string } | undefined {
    // Every remembered line of a code answer asks: a repo whose own index is open now needs no path hashed or file looked for.
    const known = this.reals.get(repo);
    const seen = known === undefined ? undefined : this.repos.peek(known);
    const kept = seen === undefined ? undefined : this.stores.peek(seen);
    if (seen && !seen.gone && kept && kept.file === path.join(seen.dir, INDEX_FILE)) {
      seen.lastUsed = Date.now();
      return { store: kept, repo: seen.repo };
    }
    const real = this.real(repo);
    if (real === undefined) return undefined;
    const entry = this.repos.get(real);
    const store = this.stores.get(entry);
    if (!store) return undefined;
    entry.lastUsed = Date.now();
    return { store, repo: entry.repo };
  }

  /** A repo forgotten, or its folder gone: what was read of it goes. */
  forget(repo: string): void {
    this.resolver.clear(repo);
    for (const [asked, real] of this.reals) if (asked === repo || real === repo) this.reals.delete(asked);
  }

  dispose(): void {
    this.resolver.dispose();
    this.reals.clear();
  }
}
