// Elixir: the syntactic indexer (tree-sitter-elixir from npm; no SCIP
// indexer runs here). What the readers make of the grammar's calls is in
// readers/elixir.ts (with Phoenix's and Ecto's conventions beside it).
import { defineGrammar, defineLanguage } from './language';

const ELIXIR = defineGrammar({ id: 'elixir', wasm: { package: 'tree-sitter-elixir', file: 'tree-sitter-elixir.wasm', bundled: true } });

export const elixir = defineLanguage({
  id: 'elixir',
  displayName: 'Elixir',
  extensions: { '.ex': { grammar: ELIXIR }, '.exs': { grammar: ELIXIR } },
  markers: ['mix.exs'],
  tests: [/_test\.exs$/],
  // mix.exs is the build file, not the project's code.
  uncounted: ['mix.exs'],
});
