// Ruby: read by the syntactic indexer (readers/ruby.ts); no SCIP indexer runs here.
import { defineGrammar, defineLanguage } from './language';

const RUBY = defineGrammar({ id: 'ruby', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-ruby.wasm' } });

export const ruby = defineLanguage({
  id: 'ruby',
  displayName: 'Ruby',
  extensions: { '.rb': { grammar: RUBY }, '.rake': { grammar: RUBY }, '.gemspec': { grammar: RUBY } },
  markers: ['Gemfile', 'Rakefile'],
  tests: [/_spec\.rb$/, /_test\.rb$/, /(^|\/)test_[^/]*\.rb$/, /(^|\/)spec\//],
});
