// Go: scip-go (on PATH or a pinned, verified download; indexers/go.ts) for
// precise answers, tree-sitter-go for the overlay, and the syntactic indexer
// (readers/go.ts) when scip-go cannot be had.
import { defineGrammar, defineLanguage } from './language';

const GO = defineGrammar({ id: 'go', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-go.wasm' } });

export const go = defineLanguage({
  id: 'go',
  displayName: 'Go',
  extensions: { '.go': { grammar: GO } },
  markers: ['go.mod'],
  tests: [/_test\.go$/],
});
