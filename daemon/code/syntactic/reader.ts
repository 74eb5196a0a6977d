// What a language's reader gives the syntactic engine: the contract every
// file of readers/ fulfils. A SyntacticReader turns one parsed file into
// facts for the syntactic indexer; SyntaxRules tell the overlay's walk
// (overlay/extract.ts) which nodes name, define and call, in one grammar's trees.
import type { Node } from 'web-tree-sitter';
import type { BuiltinNames, FileFacts, Reference } from './facts';

/** Where the overlay's walk stands: one frame per node from the root down. */
export interface SyntaxFrame {
  type: string;
  field: string | null;
  /** For a declaration: the kind it gives its name. */
  kind?: string;
  /** Set when this node is a declaration whose name is pushed as a scope. */
  scope?: string;
}

/** What the overlay needs to read names, definitions and calls from one grammar's trees. */
export interface SyntaxRules {
  readonly names: ReadonlySet<string>;
  /** Declaration node type -> kind of the name in its `name` field. */
  readonly definitions: Readonly<Record<string, string>>;
  /** Call node type -> the field holding the callee. */
  readonly calls: Readonly<Record<string, string>>;
  /** Member-access node type -> the field holding the member name. */
  readonly members: Readonly<Record<string, string>>;
  /** Refines the kind a declaration node implies, from the node or from where it sits. */
  kindOf?(node: Node, type: string, declared: string, frames: readonly SyntaxFrame[]): string;
  /** A name that defines without a declaration node of its own (Python's `x = 1`): its kind, else undefined. */
  bareDefinition?(parent: SyntaxFrame, field: string | null, frames: readonly SyntaxFrame[]): string | undefined;
}

/** How the syntactic indexer (daemon/code/syntactic/) reads this language's files. */
export interface SyntacticReader {
  /** Named in build reports: `tree-sitter-php`. */
  readonly name: string;
  /** One parsed file's definitions and references; `repo` is the repo's root folder. */
  facts(root: Node, file: string, repo?: string): FileFacts;
  /**
   * The text tree-sitter parses, of the same length and lines as the file's,
   * so every range holds: C++ blanks the export macro in `class GTEST_API_
   * Test`, which only the preprocessor knows expands to nothing.
   */
  parsedText?(text: string): string;
  /** A file read from its text alone, without a tree (Blade templates): its facts, else undefined to parse it. */
  textFacts?(file: string, text: string): FileFacts | undefined;
  /** PHP: class, function and method names are case-insensitive. */
  readonly foldCase?: boolean;
  /** Names its framework defines when no source for them is read (Laravel's facades without vendor/). */
  readonly builtins?: BuiltinNames;
  /** Repo-relative paths it never indexes: generated copies of the source (Laravel's compiled views). */
  readonly ignored?: readonly RegExp[];
  /** Files outside the indexed tree (repo-relative) read only to resolve names, never stored: vendor/'s facades. */
  resolutionFiles?(repo: string): string[];
  /**
   * Beside a precise indexer that ran (scip-php), what this reader still
   * adds: the references the indexer cannot make (Laravel's string and facade
   * edges), chosen by the keys each resolved to and written into the
   * indexer's own documents; and, with `leftOutFiles`, documents for the
   * files the indexer did not read (scip-php reads Composer's autoloaded
   * classes only, not routes/, config/ or views).
   */
  readonly besidePrecise?: { keeps(reference: Reference, keys: readonly string[]): boolean; readonly leftOutFiles: boolean };
  /**
   * Read only for a repo's first index, while its precise indexer runs
   * (TypeScript, Python): that indexer gives extents itself, so nothing is
   * read beside it, and when it fails the index served before stays.
   */
  readonly firstIndexOnly?: boolean;
}
