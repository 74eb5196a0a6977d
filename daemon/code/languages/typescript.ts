// TypeScript and JavaScript: scip-typescript reads both, so detection counts
// them as one language; answers record .js files as 'javascript' so an agent
// can still tell them apart. Three grammars, one set of syntax rules.
import { prepareTypescript, TS_INDEXER } from '../indexers/typescript';
import { defineGrammar, defineLanguage, type SyntaxRules } from './language';
import { typescriptReader } from '../readers/typescript';

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

const RULES: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern', 'private_property_identifier']),
  definitions: {
    function_declaration: 'function', generator_function_declaration: 'function', function_signature: 'function',
    class_declaration: 'class', abstract_class_declaration: 'class', class: 'class',
    method_definition: 'method', method_signature: 'method', abstract_method_signature: 'method',
    interface_declaration: 'interface', type_alias_declaration: 'type', enum_declaration: 'enum',
    internal_module: 'namespace', module: 'namespace',
    variable_declarator: 'variable', public_field_definition: 'property', property_signature: 'property',
  },
  calls: { call_expression: 'function', new_expression: 'constructor' },
  members: { member_expression: 'property' },
  // `const f = () => …` is how much of modern JS declares its functions.
  kindOf(node, type, declared) {
    if (type !== 'variable_declarator') return declared;
    const value = node.childForFieldName('value');
    return value && FUNCTION_VALUES.has(value.type) ? 'function' : declared;
  },
};

const WASM = '@vscode/tree-sitter-wasm';
const TS = defineGrammar({ id: 'typescript', wasm: { package: WASM, file: 'wasm/tree-sitter-typescript.wasm' }, rules: RULES });
const TSX = defineGrammar({ id: 'tsx', wasm: { package: WASM, file: 'wasm/tree-sitter-tsx.wasm' }, rules: RULES });
// tree-sitter-javascript parses JSX too, so .jsx needs no grammar of its own.
const JS = defineGrammar({ id: 'javascript', wasm: { package: WASM, file: 'wasm/tree-sitter-javascript.wasm' }, rules: RULES });

export const typescript = defineLanguage({
  id: 'typescript',
  displayName: 'TypeScript/JavaScript',
  extensions: {
    '.ts': { grammar: TS }, '.mts': { grammar: TS }, '.cts': { grammar: TS },
    '.tsx': { grammar: TSX },
    '.js': { grammar: JS, documentLanguage: 'javascript' },
    '.jsx': { grammar: JS, documentLanguage: 'javascript' },
    '.mjs': { grammar: JS, documentLanguage: 'javascript' },
    '.cjs': { grammar: JS, documentLanguage: 'javascript' },
  },
  markers: ['tsconfig.json', 'jsconfig.json', 'package.json'],
  tests: [/(^|\/)__tests__\//, /\.(test|spec)\.[cm]?[jt]sx?$/],
  uncounted: ['.d.ts'],
  indexer: { name: TS_INDEXER, processNames: [TS_INDEXER], prepare: prepareTypescript },
  syntactic: typescriptReader,
});
