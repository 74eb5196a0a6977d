// The shape of one language's declaration. Each language is one file in this
// folder, registered in registry.ts; detection, the watcher, the overlay, the
// store, the test finder, orphan clean-up and the build all read these
// declarations instead of keeping their own lists. A language earns its place
// with a precise indexer, a tree-sitter grammar, or both; one Scry can only
// detect (Kotlin, Swift, ...) declares neither and says what the user can do
// instead (`remedy`), so its files show up as `skipped`, never as silence.
import type { Node } from 'web-tree-sitter';
import type { PrepareContext, Prepared } from '../indexers/plan';
import type { FileFacts, Reference } from '../syntactic/facts';

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

export interface Grammar {
  /** Also the parser cache key and what `parseSource` is called with. */
  readonly id: string;
  /**
   * The prebuilt WASM: the npm package shipping it and its path inside (both
   * named in .vscodeignore). `bundled`: the package is a devDependency and the
   * build copies the file into dist/grammars/ (scripts/build.mjs), which the
   * parser reads when the package is not installed.
   */
  readonly wasm: { readonly package: string; readonly file: string; readonly bundled?: boolean };
  readonly rules: SyntaxRules;
}

export interface SourceExtension {
  /** Absent for an extension only the precise indexer reads: the overlay leaves its files alone. */
  readonly grammar?: Grammar;
  /** The language a file is recorded as in the store when its SCIP document names none; defaults to the language's id. */
  readonly documentLanguage?: string;
}

/**
 * An extension another language owns that this one reads in some repos or
 * files: C++ claims C's `.h` in a C++ project, or when the header's own text
 * is C++ (`class`, `namespace`, `template`).
 */
export interface Claim {
  /** The grammar this language parses a claimed file with. */
  readonly grammar: Grammar;
  /** Is the repo this language's project? `extensions`: those of its source files. Then every file of the extension is claimed. */
  project(repo: string, extensions: ReadonlySet<string>): boolean;
  /** Is this file's text (its start) this language's, whatever the project? */
  text(text: string): boolean;
}

export interface Indexer {
  readonly name: string;
  /** Substrings of the indexer process's command line, so a restarted daemon kills only its own orphans. */
  readonly processNames: readonly string[];
  prepare(ctx: PrepareContext): Prepared | Promise<Prepared>;
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

export interface Language {
  readonly id: string;
  /** For people: messages name languages this way. */
  readonly displayName: string;
  /** Lower-case, with the dot. One extension belongs to one language. */
  readonly extensions: Readonly<Record<string, SourceExtension>>;
  /** Files at the repo root that make a repo this language's project whatever its share of files. */
  readonly markers: readonly string[];
  /** Repo-relative '/'-separated paths matching one of these are tests. */
  readonly tests: readonly RegExp[];
  /** File-name endings detection does not count (generated declarations say nothing about the project). */
  readonly uncounted?: readonly string[];
  /** Absent for a language the overlay parses but no precise indexer reads. */
  readonly indexer?: Indexer;
  /** The tree-sitter indexer: used when there is no precise indexer, or when it cannot run. */
  readonly syntactic?: SyntacticReader;
  /** For a language with neither indexer: what the user can do to have it indexed (status and build reports show it). */
  readonly remedy?: string;
  /** Extensions of another language's it reads where its claim holds (see Claim), by extension. */
  readonly claims?: Readonly<Record<string, Claim>>;
}

// `const` keeps the literal ids, so the registry can derive LanguageId and GrammarId as unions.
export const defineLanguage = <const L extends Language>(language: L): L => language;
export const defineGrammar = <const G extends Grammar>(grammar: G): G => grammar;
