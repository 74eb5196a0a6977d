// The shape of one language's entry in the catalog. Each language is one file
// in this folder, registered in registry.ts; detection, the watcher, the
// overlay, the store, the test finder, orphan clean-up and the build all read
// these entries instead of keeping their own lists. The catalog is data: ids,
// extensions, grammars' WASM, markers, tests. What reads a language lives
// elsewhere and imports the catalog, never the other way round: its
// tree-sitter reader and syntax rules in readers/, its precise indexer in
// indexers/ (registry.ts of each). A language Scry can only detect (Kotlin,
// Swift, ...) has neither and says what the user can do instead (`remedy`),
// so its files show up as `skipped`, never as silence.

export interface Grammar {
  /** Also the parser cache key and what `parseSource` is called with; readers/ keys the grammar's syntax rules by it. */
  readonly id: string;
  /**
   * The prebuilt WASM: the npm package shipping it and its path inside (both
   * named in .vscodeignore). `bundled`: the package is a devDependency and the
   * build copies the file into dist/grammars/ (scripts/build.mjs), which the
   * parser reads when the package is not installed.
   */
  readonly wasm: { readonly package: string; readonly file: string; readonly bundled?: boolean };
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
  /** For a language with neither indexer: what the user can do to have it indexed (status and build reports show it). */
  readonly remedy?: string;
  /** Extensions of another language's it reads where its claim holds (see Claim), by extension. */
  readonly claims?: Readonly<Record<string, Claim>>;
}

// `const` keeps the literal ids, so the registry can derive LanguageId and GrammarId as unions.
export const defineLanguage = <const L extends Language>(language: L): L => language;
export const defineGrammar = <const G extends Grammar>(grammar: G): G => grammar;
