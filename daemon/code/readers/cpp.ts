// C++: the syntactic indexer. Namespaces and classes nest; `void Foo::bar()`
// defined outside its class is Foo's member; bases are implementations;
// `this->`, `Type::` and typed locals/parameters (`Foo x`, `Foo* p = new
// Foo`) type receivers; any other receiver is unresolved. C owns `.h`, but
// a header is C++'s in a C++ project (C++ sources beside it, or a CMake
// build that enables CXX) and wherever its own text is C++.
import type { Node } from 'web-tree-sitter';
import { Kind } from '../syntactic/facts';
import { genericReader } from '../syntactic/generic';
import type { GenericRules } from '../syntactic/generic-rules';
import {
  callTarget,
  declaratorDefinition,
  declaratorName,
  declaredVariables,
  declaresFunction,
  fieldNames,
  hasBody,
  innermost,
  lastOfQualified,
  parameterTypes,
  qualifierOf,
} from './clike';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

const bases = (n: Node): Node[] =>
  n.namedChildren
    .filter((c) => c.type === 'base_class_clause')
    .flatMap((b) => b.namedChildren.filter((t) => t.type === 'type_identifier' || t.type === 'qualified_identifier' || t.type === 'template_type'));
const functionName = (n: Node): Node | undefined => lastOfQualified(declaratorName(n));
const functionQualifier = (n: Node): string[] => qualifierOf(declaratorName(n));

export const CPP_RULES: GenericRules = {
  language: 'cpp',
  definitions: {
    namespace_definition: { kind: Kind.Namespace, container: 'namespace', when: (n) => n.childForFieldName('name') !== null },
    class_specifier: { kind: Kind.Class, container: 'type', supers: bases, when: hasBody },
    struct_specifier: { kind: Kind.Struct, container: 'type', supers: bases, when: hasBody },
    union_specifier: { kind: Kind.Union, container: 'type', when: hasBody },
    enum_specifier: { kind: Kind.Enum, when: hasBody },
    enumerator: { kind: Kind.EnumMember },
    function_definition: { kind: Kind.Function, name: functionName, qualifier: functionQualifier, typedParameters: parameterTypes },
    declaration: { kind: Kind.Function, name: functionName, qualifier: functionQualifier, when: declaresFunction },
    field_declaration: {
      kind: (n) => (declaresFunction(n) ? Kind.Method : Kind.Field),
      names: (n) => (declaresFunction(n) ? [functionName(n)].filter((x): x is Node => x !== undefined) : fieldNames(n)),
      typeOf: (n) => (declaresFunction(n) ? null : n.childForFieldName('type')),
    },
    type_definition: { kind: Kind.TypeAlias, name: (n) => innermost(n.childrenForFieldName('declarator')[0]) },
    alias_declaration: { kind: Kind.TypeAlias },
    preproc_def: { kind: Kind.Macro },
    preproc_function_def: { kind: Kind.Macro },
  },
  calls: { call_expression: callTarget },
  typeNames: new Set(['type_identifier']),
  selfTypes: new Set(['this']),
  members: { field_expression: (n) => [n.childForFieldName('argument'), n.childForFieldName('field')] },
  variables: { declaration: declaredVariables, parameter_declaration: declaredVariables },
  constructed: (v) => (v.type === 'new_expression' ? (v.childForFieldName('type') ?? undefined) : undefined),
  typeNameOf: (n) =>
    n.type === 'template_type' ? (n.childForFieldName('name') ?? undefined) : n.type === 'qualified_identifier' ? lastOfQualified(n) : undefined,
  skip: new Set(['comment', 'string_literal', 'raw_string_literal', 'char_literal', 'system_lib_string', 'template_argument_list_unused']),
};

export const CPP_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier', 'field_identifier', 'namespace_identifier']),
  definitions: { class_specifier: 'class', struct_specifier: 'struct', namespace_definition: 'namespace', enum_specifier: 'enum', preproc_def: 'macro' },
  calls: { call_expression: 'function' },
  members: { field_expression: 'field' },
  bareDefinition: declaratorDefinition,
};

/**
 * `class GTEST_API_ Test {`, `struct LLVM_LIBRARY_VISIBILITY Pass :`: an
 * upper-case macro between the keyword and the name, which tree-sitter reads
 * as the class's name and then loses the class. Blanked to spaces.
 */
const EXPORT_MACRO = /\b(class|struct)([ \t]+)([A-Z][A-Z0-9]*_[A-Z0-9_]*)(?=[ \t]+[A-Za-z_]\w*(?:[ \t]+final)?[ \t]*(?:\{|:(?!:)|$))/gm;
export const blankExportMacros = (text: string): string =>
  text.replace(EXPORT_MACRO, (_m, keyword: string, space: string, macro: string) => `${keyword}${space}${' '.repeat(macro.length)}`);

export const cppReader: SyntacticReader = { ...genericReader('tree-sitter-cpp', CPP_RULES), parsedText: blankExportMacros };
