// Which reader reads each language, and which syntax rules the overlay walks
// each grammar's trees with. Adding a reader: its file here, one entry in
// each table (the compiler asks for every grammar's rules).
import type { GrammarId, LanguageId } from '../languages';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';
import { C_SYNTAX, cReader } from './c';
import { CPP_SYNTAX, cppReader } from './cpp';
import { CSHARP_SYNTAX, csharpReader } from './csharp';
import { elixirReader } from './elixir';
import { ELIXIR_SYNTAX } from './elixir-syntax';
import { GO_SYNTAX, goReader } from './go';
import { JAVA_SYNTAX, javaReader } from './java';
import { PHP_SYNTAX, phpReader } from './php';
import { PYTHON_SYNTAX, pythonReader } from './python';
import { RUBY_SYNTAX, rubyReader } from './ruby';
import { RUST_SYNTAX, rustReader } from './rust';
import { TYPESCRIPT_SYNTAX, typescriptReader } from './typescript';

const READERS: { readonly [L in LanguageId]?: SyntacticReader } = {
  typescript: typescriptReader,
  python: pythonReader,
  go: goReader,
  php: phpReader,
  java: javaReader,
  ruby: rubyReader,
  rust: rustReader,
  csharp: csharpReader,
  c: cReader,
  cpp: cppReader,
  elixir: elixirReader,
};

const SYNTAX: { readonly [G in GrammarId]: SyntaxRules } = {
  typescript: TYPESCRIPT_SYNTAX,
  tsx: TYPESCRIPT_SYNTAX,
  javascript: TYPESCRIPT_SYNTAX,
  python: PYTHON_SYNTAX,
  go: GO_SYNTAX,
  php: PHP_SYNTAX,
  java: JAVA_SYNTAX,
  ruby: RUBY_SYNTAX,
  rust: RUST_SYNTAX,
  csharp: CSHARP_SYNTAX,
  c: C_SYNTAX,
  cpp: CPP_SYNTAX,
  elixir: ELIXIR_SYNTAX,
};

/** The tree-sitter reader of a language, or undefined when the syntactic indexer does not read it. */
export const readerOf = (language: LanguageId): SyntacticReader | undefined => READERS[language];

/** The syntax rules the overlay reads a grammar's trees with. */
export const syntaxOf = (grammar: GrammarId): SyntaxRules => SYNTAX[grammar];
