// The seam between memory and the code index (issue 25). Memory never imports
// the code domain: the daemon hands it a CodeLookup, implemented by the code
// domain, at construction. Only what crosses here is shared: a mention goes
// in, a definition (where it is now and a hash of its text) comes out.

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
}

/** Why a mention did not resolve. Nothing is guessed: an ambiguous name stays text. */
export type UnresolvedReason = 'no-index' | 'unknown' | 'ambiguous' | 'external';

export type MentionResolution = { found: CodeDefinition } | { found: null; reason: UnresolvedReason; candidates?: number };

/** What memory kept of an anchor, enough to find its definition again. */
export interface AnchorKey {
  kind: 'symbol' | 'file';
  symbol?: string;
  name?: string;
  qualified_name?: string;
  file: string;
  hash: string;
}

/** The current definition of an anchor, `null` when nothing of that name is there any more, `'no-index'` when the repo has no index to ask. */
export type CurrentDefinition = CodeDefinition | null | 'no-index';

export interface CodeLookup {
  /** Does this repo have an index now? Cheap; never starts a build. */
  indexed(repo: string): boolean;
  /** A mention (`processOrder`, `OrderService.processOrder`, `src/orders.ts`, `orders.ts:12`) in a repo. */
  resolve(repo: string, mention: string): MentionResolution;
  /** Where an anchored symbol or file is now, and its hash. */
  current(repo: string, anchor: AnchorKey): CurrentDefinition;
}
