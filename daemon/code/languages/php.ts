// PHP: scip-php when the user has it on PATH (it cannot be installed from
// here: Packagist and PHP 8.3), else the syntactic indexer: tree-sitter-php
// (the grammar with HTML around PHP), names resolved through namespaces and
// `use` imports, Laravel's facades and string references. Blade templates
// (`.blade.php`) are read from their text. Beside scip-php the syntactic
// reader still adds what scip-php cannot see: Laravel's string and facade
// edges inside its documents, and documents for the files it does not read
// (it reads Composer's autoloaded classes: not routes/, config/ or views).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PHP_INDEXER, preparePhp } from '../indexers/php';
import { bladeReferences, isLaravelEdge, viewDefinition, viewName } from '../readers/laravel';
import { phpFacts } from '../readers/php';
import { defineGrammar, defineLanguage, type SyntaxRules } from './language';

const RULES: SyntaxRules = {
  names: new Set(['name']),
  definitions: {
    class_declaration: 'class', interface_declaration: 'interface', trait_declaration: 'trait', enum_declaration: 'enum',
    method_declaration: 'method', function_definition: 'function', enum_case: 'enum_member',
  },
  calls: { function_call_expression: 'function', member_call_expression: 'name', nullsafe_member_call_expression: 'name', scoped_call_expression: 'name' },
  members: { member_access_expression: 'name', nullsafe_member_access_expression: 'name' },
};

const PHP = defineGrammar({ id: 'php', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-php.wasm' }, rules: RULES });

/** Where an app's framework facades sit when Composer installed Laravel. */
const VENDOR_FACADES = 'vendor/laravel/framework/src/Illuminate/Support/Facades';

export const php = defineLanguage({
  id: 'php',
  displayName: 'PHP',
  extensions: { '.php': { grammar: PHP } },
  markers: ['composer.json', 'artisan'],
  tests: [/Test\.php$/, /(^|\/)tests?\//],
  indexer: { name: PHP_INDEXER, processNames: [PHP_INDEXER], prepare: preparePhp },
  syntactic: {
    name: 'tree-sitter-php',
    foldCase: true,
    besidePrecise: { keeps: isLaravelEdge, leftOutFiles: true },
    // Laravel's compiled Blade templates and its cached config/routes repeat the source under other names.
    ignored: [/^storage\/framework\//, /^bootstrap\/cache\//],
    facts: (root, file) => phpFacts(root, file),
    textFacts(file, text) {
      if (!file.endsWith('.blade.php')) return undefined;
      const view = viewName(file);
      const references = bladeReferences(text);
      if (view) references.push(viewDefinition(view));
      return { path: file, language: 'blade', definitions: [], references };
    },
    resolutionFiles(repo) {
      try {
        return fs.readdirSync(path.join(repo, VENDOR_FACADES)).filter((f) => f.endsWith('.php')).map((f) => `${VENDOR_FACADES}/${f}`);
      } catch {
        return [];
      }
    },
  },
});
