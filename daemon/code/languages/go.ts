// Go: scip-go (on PATH or a pinned, verified download) for precise answers,
// tree-sitter-go for the overlay. A Go type's kind is in what it declares.
import { GO_INDEXER, prepareGo } from '../indexers/go';
import { defineGrammar, defineLanguage, type SyntaxRules } from './language';

const RULES: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier', 'field_identifier']),
  definitions: { function_declaration: 'function', method_declaration: 'method', type_spec: 'type', const_spec: 'constant', var_spec: 'variable', field_declaration: 'property' },
  calls: { call_expression: 'function' },
  members: { selector_expression: 'field' },
  kindOf(node, type, declared) {
    if (type !== 'type_spec') return declared;
    const t = node.childForFieldName('type')?.type;
    return t === 'struct_type' ? 'struct' : t === 'interface_type' ? 'interface' : declared;
  },
};

const GO = defineGrammar({ id: 'go', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-go.wasm' }, rules: RULES });

export const go = defineLanguage({
  id: 'go',
  displayName: 'Go',
  extensions: { '.go': { grammar: GO } },
  markers: ['go.mod'],
  tests: [/_test\.go$/],
  indexer: { name: GO_INDEXER, processNames: [GO_INDEXER], prepare: prepareGo },
});
