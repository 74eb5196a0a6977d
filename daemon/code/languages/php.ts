// PHP: scip-php when the user has it on PATH (indexers/php.ts; it cannot be
// installed from here: Packagist and PHP 8.3), else the syntactic indexer
// (readers/php.ts with readers/laravel.ts): tree-sitter-php, the grammar with
// HTML around PHP. Blade templates (`.blade.php`) are read from their text.
import { defineGrammar, defineLanguage } from './language';

const PHP = defineGrammar({ id: 'php', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-php.wasm' } });

export const php = defineLanguage({
  id: 'php',
  displayName: 'PHP',
  extensions: { '.php': { grammar: PHP } },
  markers: ['composer.json', 'artisan'],
  tests: [/Test\.php$/, /(^|\/)tests?\//],
});
