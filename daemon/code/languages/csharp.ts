// C#: read by the syntactic indexer (readers/csharp.ts); no SCIP indexer runs here.
import { defineGrammar, defineLanguage } from './language';

const CSHARP = defineGrammar({ id: 'csharp', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-c-sharp.wasm' } });

export const csharp = defineLanguage({
  id: 'csharp',
  displayName: 'C#',
  extensions: { '.cs': { grammar: CSHARP } },
  markers: [],
  tests: [/Tests?\.cs$/, /(^|\/)[^/]*\.Tests\//],
});
