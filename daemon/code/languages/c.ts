// C: read by the syntactic indexer (readers/c.ts); no SCIP indexer runs here.
import { defineGrammar, defineLanguage } from './language';

const C = defineGrammar({ id: 'c', wasm: { package: 'tree-sitter-c', file: 'tree-sitter-c.wasm' } });

export const c = defineLanguage({
  id: 'c',
  displayName: 'C',
  extensions: { '.c': { grammar: C }, '.h': { grammar: C } },
  markers: [],
  tests: [/(^|\/)tests?\//, /_test\.c$/, /(^|\/)test_[^/]*\.c$/],
});
