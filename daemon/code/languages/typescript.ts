// TypeScript and JavaScript: scip-typescript reads both, so detection counts
// them as one language; answers record .js files as 'javascript' so an agent
// can still tell them apart. Three grammars, one set of syntax rules
// (readers/typescript.ts); scip-typescript runs from indexers/typescript.ts.
import { defineGrammar, defineLanguage } from './language';

const WASM = '@vscode/tree-sitter-wasm';
const TS = defineGrammar({ id: 'typescript', wasm: { package: WASM, file: 'wasm/tree-sitter-typescript.wasm' } });
const TSX = defineGrammar({ id: 'tsx', wasm: { package: WASM, file: 'wasm/tree-sitter-tsx.wasm' } });
// tree-sitter-javascript parses JSX too, so .jsx needs no grammar of its own.
const JS = defineGrammar({ id: 'javascript', wasm: { package: WASM, file: 'wasm/tree-sitter-javascript.wasm' } });

export const typescript = defineLanguage({
  id: 'typescript',
  displayName: 'TypeScript/JavaScript',
  extensions: {
    '.ts': { grammar: TS },
    '.mts': { grammar: TS },
    '.cts': { grammar: TS },
    '.tsx': { grammar: TSX },
    '.js': { grammar: JS, documentLanguage: 'javascript' },
    '.jsx': { grammar: JS, documentLanguage: 'javascript' },
    '.mjs': { grammar: JS, documentLanguage: 'javascript' },
    '.cjs': { grammar: JS, documentLanguage: 'javascript' },
  },
  markers: ['tsconfig.json', 'jsconfig.json', 'package.json'],
  tests: [/(^|\/)__tests__\//, /\.(test|spec)\.[cm]?[jt]sx?$/],
  uncounted: ['.d.ts'],
});
