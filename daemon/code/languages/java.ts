// Java: read by the syntactic indexer (readers/java.ts); no SCIP indexer runs here.
import { defineGrammar, defineLanguage } from './language';

const JAVA = defineGrammar({ id: 'java', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-java.wasm' } });

export const java = defineLanguage({
  id: 'java',
  displayName: 'Java',
  extensions: { '.java': { grammar: JAVA } },
  markers: ['pom.xml', 'build.gradle', 'build.gradle.kts'],
  tests: [/(^|\/)src\/test\//, /Test\.java$/, /Tests\.java$/],
});
