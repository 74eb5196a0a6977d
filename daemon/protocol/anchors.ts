// The seam between memory and the code index (issue 25). Memory never imports
// the code domain: the daemon hands it a CodeLookup, implemented by the code
// domain, at construction. Only what crosses here is shared: a mention goes
// in, a definition (where it is now and a hash of its text) comes out. The
// other way, code answers ask memory for a few remembered lines (MemoryNotes).
import * as z from 'zod/mini';
import { describe, opt } from './method';

/** What a mention resolved to: a symbol's definition or a file, as the repo's index has it now. */
export interface CodeDefinition {
  kind: 'symbol' | 'file';
  /** The indexer's symbol id (SCIP), for a symbol. It names the file, so it changes when the symbol moves. */
  symbol?: string;
  /** The symbol's display name (`processOrder`), for a symbol. */
  name?: string;
  /** `OrderService.processOrder`-style name, for a symbol. */
  qualified_name?: string;
  /** Repo-relative, `/`-separated. */
  file: string;
  /** 1-based line of the name (a symbol) or the line mentioned (`file.ts:123`), else 1. */
  line: number;
  /** sha256 (hex, first 16) of the definition's text with indentation and blank lines dropped: a move keeps it, an edit changes it. */
  hash: string;
  /**
   * For a library's symbol the repo uses (the repo defines nothing of that
   * name): its package and version, `react 18.3.1`. Then file and line are
   * the repo's first use of it, and the hash is of package, name and version.
   */
  library?: string;
}

/**
 * Why a mention did not resolve. Nothing is guessed: an ambiguous name stays
 * text, and so does a name only a function's local has, or (`member`) a bare
 * field name whose type's file the session never named.
 */
export type UnresolvedReason = 'no-index' | 'unknown' | 'ambiguous' | 'external' | 'local' | 'member';

/**
 * What else the session named: the files of its file mentions and of the
 * top-level symbols it named. A name with several definitions, one of them in
 * these files, means that one; so does a local or a field of one of them.
 */
export interface MentionContext {
  files: readonly string[];
  /** The commit the session worked on, when git can say: `file.ts:123` names a line of the file as it was there. */
  commit?: string;
}

/** A definition as it was at a session's commit: where it stood then, and the hash of its text then (the same rule as CodeDefinition.hash). */
export interface PastDefinition {
  file: string;
  line: number;
  hash: string;
}

export type MentionResolution = { found: CodeDefinition } | { found: null; reason: UnresolvedReason; candidates?: number };

/** What memory kept of an anchor, enough to find its definition again. */
export interface AnchorKey {
  kind: 'symbol' | 'file';
  symbol?: string;
  name?: string;
  qualified_name?: string;
  file: string;
  hash: string;
  /** A file anchor whose file git renamed after the session: its path when it was anchored (`file` is the path at the session's commit). */
  found_file?: string;
  /** A library's symbol: its package and version when anchored (`react 18.3.1`). */
  library?: string;
}

/** The current definition of an anchor, `null` when nothing of that name is there any more, `'no-index'` when the repo has no index to ask. */
export type CurrentDefinition = CodeDefinition | null | 'no-index';

export interface CodeLookup {
  /** Does this repo have an index now? Cheap; never starts a build. */
  indexed(repo: string): boolean;
  /** A mention (`processOrder`, `OrderService.processOrder`, `src/orders.ts`, `orders.ts:12`) in a repo. */
  resolve(repo: string, mention: string, context?: MentionContext): MentionResolution;
  /** Where an anchored symbol or file is now, and its hash. */
  current(repo: string, anchor: AnchorKey): CurrentDefinition;
  /**
   * Reads from git, off the event loop, what resolving these mentions (at
   * the session's commit, when given) will need; resolve then answers from
   * what was read and runs no git itself. Without it, resolve reads `file:N`
   * as the file is now and finds no renamed path.
   */
  readAhead?(repo: string, mentions: readonly string[], commit?: string): Promise<void>;
  /** Definitions resolve found, as they were at the session's commit; undefined for one git cannot place there (then it stands as it is now). */
  asOf?(repo: string, commit: string, found: readonly CodeDefinition[]): Promise<Array<PastDefinition | undefined>>;
}

/** One remembered line a code answer carries about the symbol it is about (at most two per answer). */
export const AnchorNote = z.object({
  at: describe(z.string(), "The session's time (ISO)."),
  state: z.enum(['fresh', 'drifted', 'gone', 'unknown']),
  how: opt(
    z.enum(['moved', 'changed', 'version']),
    "For drifted: moved (same text elsewhere), changed (its text differs) or version (a library's symbol, now at another version).",
  ),
  now: opt(z.string(), "Where the anchored code is now, `file:line` (fresh and drifted); a library's symbol: its package and version, `react 18.3.1`."),
  episode: describe(z.string(), 'The episode to open (`scry memory episode ID`).'),
  text: describe(z.string(), 'The sentence of the session about it.'),
});
export type AnchorNote = z.output<typeof AnchorNote>;

/** `memory 2026-03-02 fresh: retries moved to the queue, never inline (episode 59b223856a65)`: the line a compact answer shows. */
export function noteLine(n: AnchorNote): string {
  const state = n.state === 'drifted' ? `drifted (${driftLabel(n.how)}, now ${n.now ?? '?'})` : n.state === 'unknown' ? 'state unknown' : n.state;
  return `memory ${n.at.slice(0, 10)} ${state}: ${n.text} (episode ${n.episode.slice(0, 12)})`;
}

/** How a drifted anchor changed, in a few words. */
export const driftLabel = (how: 'moved' | 'changed' | 'version' | undefined): string =>
  how === 'moved' ? 'moved' : how === 'version' ? 'version changed' : 'body changed';

/** What code answers may ask of memory: implemented by the memory domain, handed to the code domain by the daemon. */
export interface MemoryNotes {
  /** The most recent and most relevant remembered lines about a symbol of this repo. */
  about(repo: string, name: string, limit: number): AnchorNote[];
  /** The same about a file (repo-relative): what sessions said of it or of code in it. */
  aboutFile?(repo: string, file: string, limit: number): AnchorNote[];
}
