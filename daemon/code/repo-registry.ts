// Which repos this daemon has been asked about, by their real path. Every
// query names its repo, and resolving a real path costs a syscall per path
// component, so a known input is resolved once; a repo noticed gone is
// resolved again (and then errors, or is found back).
import { InvalidParamsError } from '../errors';
import { repoDir } from '../paths';
import { resolveRepo } from '../repos';
import type { RootKind } from './roots';

export interface RepoEntry {
  /** The repo's real path. */
  readonly repo: string;
  /** Its folder under SCRY_HOME/repos. */
  readonly dir: string;
  /** Last query or build, for closing idle stores. */
  lastUsed: number;
  /** The repo folder disappeared while watched. */
  gone: boolean;
  /** The last build's (or open's) failure, shown in status; cleared by a good build. */
  lastError: string | undefined;
  /** Why its precise build waits (a seeded worktree without the node_modules its sibling has). */
  deferred?: string;
  /** Its index was lost (moved aside as corrupt): the next build goes straight to the precise index, so answers come back as they were. */
  rebuildPrecise?: boolean;
  /** How it was admitted as a repo (roots/), once checked. */
  admitted?: RootKind;
}

export class RepoRegistry {
  private readonly entries = new Map<string, RepoEntry>();
  private readonly resolved = new Map<string, string>();

  constructor(private readonly home: string) {}

  get(input: string): RepoEntry {
    if (typeof input !== 'string' || input === '') throw new InvalidParamsError('a repo path is required');
    const known = this.resolved.get(input);
    const cached = known === undefined ? undefined : this.entries.get(known);
    if (cached && !cached.gone) return cached;
    const repo = resolveRepo(input);
    this.resolved.set(input, repo);
    let entry = this.entries.get(repo);
    if (!entry) {
      entry = { repo, dir: repoDir(this.home, repo), lastUsed: Date.now(), gone: false, lastError: undefined };
      this.entries.set(repo, entry);
    }
    if (entry.gone) {
      // The folder is back (resolveRepo found it): serve and watch it again.
      entry.gone = false;
      entry.lastError = undefined;
    }
    return entry;
  }

  /** The entry of a repo's real path, if this daemon has one (without resolving anything). */
  peek(repo: string): RepoEntry | undefined {
    return this.entries.get(repo);
  }

  /** Forgets a repo: the next ask starts from scratch. */
  delete(repo: string): void {
    this.entries.delete(repo);
    for (const [input, real] of this.resolved) if (real === repo) this.resolved.delete(input);
  }

  all(): RepoEntry[] {
    return [...this.entries.values()];
  }

  clear(): void {
    this.entries.clear();
    this.resolved.clear();
  }
}
