// Rust: read by the syntactic indexer (readers/rust.ts); no SCIP indexer runs here.
import { defineGrammar, defineLanguage } from './language';

const RUST = defineGrammar({ id: 'rust', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-rust.wasm' } });

export const rust = defineLanguage({
  id: 'rust',
  displayName: 'Rust',
  extensions: { '.rs': { grammar: RUST } },
  markers: ['Cargo.toml'],
  tests: [/(^|\/)tests\/[^/]*\.rs$/, /_test\.rs$/],
});
