// Anchoring over one repo's index at a time, with what it reads kept by this
// object alone: git's answers since a commit (git-since.ts), where names were
// declared then and now (git-declarations.ts) and files' lines (file-lines.ts),
// each stamped with what it was read against, so a changed tree is read again. Its owner (IndexLookup, a test, a measurement) clears a
// repo's share when the repo is forgotten, and all of it on dispose.
import type { AnchorKey, CodeDefinition, MentionContext, MentionResolution, PastDefinition } from '../../protocol/anchors';
import type { CodeStore } from '../store/store';
import { definitionsAt } from './as-of';
import type { Caches } from './caches';
import { currentDefinition } from './current';
import { FileLines } from './file-lines';
import { GitDeclarations } from './git-declarations';
import { GitSince } from './git-since';
import { resolveMention } from './mention';
import { prepareMentions } from './prepare';

export class AnchorResolver implements Caches {
  readonly git = new GitSince();
  readonly declared = new GitDeclarations();
  readonly lines = new FileLines();

  /** A mention typed in a session, resolved against the repo's index (read git ahead with prepare). */
  resolve(store: CodeStore, repo: string, mention: string, context?: MentionContext): MentionResolution {
    return resolveMention(this, store, repo, mention, context);
  }

  /** Where an anchored definition is now; null when that would be a guess. */
  current(store: CodeStore, repo: string, key: AnchorKey): CodeDefinition | null {
    return currentDefinition(this, store, repo, key);
  }

  /** Reads from git, off the event loop, what resolving these mentions at the commit needs. */
  prepare(store: CodeStore, repo: string, mentions: readonly string[], commit?: string): Promise<void> {
    return prepareMentions(this, store, repo, mentions, commit);
  }

  /** Definitions found now, as they were at the commit. */
  asOf(store: CodeStore, repo: string, commit: string, defs: readonly CodeDefinition[]): Promise<Array<PastDefinition | undefined>> {
    return definitionsAt(this, store, repo, commit, defs);
  }

  /** Forgets what was read of one repo (its tree or index changed), or of all. */
  clear(repo?: string): void {
    this.git.clear(repo);
    this.declared.clear(repo);
    this.lines.clear(repo);
  }

  dispose(): void {
    this.clear();
  }
}
