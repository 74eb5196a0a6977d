// C: the syntactic indexer (tree-sitter-c from npm). One global namespace:
// a call binds to the function of that name (its prototype in a header and
// its definition are one symbol); structs, unions, enums, typedefs and
// macros are definitions; `p->f()` through a typed pointer is a field call.
import { Kind } from '../syntactic/facts';
import { genericReader } from '../syntactic/generic';
import type { GenericRules } from '../syntactic/generic-rules';
import { callTarget, declaratorDefinition, declaratorName, declaredVariables, declaresFunction, fieldNames, hasBody, innermost, parameterTypes } from './clike';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

export const C_RULES: GenericRules = {
  language: 'c',
  definitions: {
    function_definition: { kind: Kind.Function, name: declaratorName, typedParameters: parameterTypes },
    declaration: { kind: Kind.Function, name: declaratorName, when: declaresFunction },
    struct_specifier: { kind: Kind.Struct, container: 'type', when: hasBody },
    union_specifier: { kind: Kind.Union, container: 'type', when: hasBody },
    enum_specifier: { kind: Kind.Enum, when: hasBody },
    enumerator: { kind: Kind.EnumMember },
    type_definition: { kind: Kind.TypeAlias, name: (n) => innermost(n.childrenForFieldName('declarator')[0]) },
    field_declaration: { kind: Kind.Field, names: fieldNames, typeOf: (n) => n.childForFieldName('type') },
    preproc_def: { kind: Kind.Macro },
    preproc_function_def: { kind: Kind.Macro },
  },
  calls: { call_expression: callTarget },
  typeNames: new Set(['type_identifier']),
  selfTypes: new Set(),
  members: { field_expression: (n) => [n.childForFieldName('argument'), n.childForFieldName('field')] },
  variables: { declaration: declaredVariables, parameter_declaration: declaredVariables },
  skip: new Set(['comment', 'string_literal', 'char_literal', 'system_lib_string']),
};

export const C_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier', 'field_identifier']),
  definitions: { struct_specifier: 'struct', union_specifier: 'union', enum_specifier: 'enum', preproc_def: 'macro', preproc_function_def: 'macro' },
  calls: { call_expression: 'function' },
  members: { field_expression: 'field' },
  bareDefinition: declaratorDefinition,
};

export const cReader: SyntacticReader = genericReader('tree-sitter-c', C_RULES);
