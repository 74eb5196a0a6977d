// C#: the syntactic indexer. Namespaces (block and file-scoped) hold types;
// `using` opens namespaces for type lookup; receivers are typed by fields,
// properties, parameters and local declarations.
import type { Node } from 'web-tree-sitter';
import { Kind } from '../syntactic/facts';
import { genericReader } from '../syntactic/generic';
import type { GenericRules } from '../syntactic/generic-rules';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

const parameters = (n: Node): Array<[string, Node]> =>
  (n.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) => {
    const name = p.childForFieldName('name');
    const type = p.childForFieldName('type');
    return name && type ? [[name.text, type] as [string, Node]] : [];
  });
const bases = (n: Node): Node[] =>
  n.namedChildren
    .filter((c) => c.type === 'base_list')
    .flatMap((b) => b.namedChildren.filter((t) => t.type === 'identifier' || t.type === 'generic_name' || t.type === 'qualified_name'));
const variableDeclarators = (n: Node): Node[] =>
  n.namedChildren
    .filter((c) => c.type === 'variable_declaration')
    .flatMap((v) => v.namedChildren.filter((d) => d.type === 'variable_declarator').map((d) => d.childForFieldName('name') ?? d.namedChildren[0]!));
const declaredVariables = (n: Node): Array<[string, Node | undefined, Node | undefined]> =>
  n.namedChildren
    .filter((c) => c.type === 'variable_declaration')
    .flatMap((v) => {
      const type = v.childForFieldName('type');
      return v.namedChildren
        .filter((d) => d.type === 'variable_declarator')
        .flatMap((d) => {
          const name = d.childForFieldName('name') ?? d.namedChildren[0];
          const value = d.namedChildren.find((c) => c !== name && c.type !== 'bracketed_argument_list');
          return name ? [[name.text, type && type.type !== 'implicit_type' ? type : undefined, value] as [string, Node | undefined, Node | undefined]] : [];
        });
    });

export const CSHARP_RULES: GenericRules = {
  language: 'csharp',
  definitions: {
    namespace_declaration: { kind: Kind.Namespace, container: 'namespace' },
    class_declaration: { kind: Kind.Class, container: 'type', supers: bases },
    interface_declaration: { kind: Kind.Interface, container: 'type', supers: bases },
    struct_declaration: { kind: Kind.Struct, container: 'type', supers: bases },
    record_declaration: { kind: Kind.Class, container: 'type', supers: bases },
    enum_declaration: { kind: Kind.Enum, container: 'type' },
    method_declaration: { kind: Kind.Method, typedParameters: parameters },
    constructor_declaration: { kind: Kind.Constructor, typedParameters: parameters },
    property_declaration: { kind: Kind.Property, typeOf: (n) => n.childForFieldName('type') },
    field_declaration: {
      kind: Kind.Field,
      names: variableDeclarators,
      typeOf: (n) => n.namedChildren.find((c) => c.type === 'variable_declaration')?.childForFieldName('type'),
    },
    enum_member_declaration: { kind: Kind.EnumMember },
    delegate_declaration: { kind: Kind.Type },
  },
  calls: {
    invocation_expression: (n) => {
      const fn = n.childForFieldName('function');
      if (!fn) return undefined;
      if (fn.type === 'identifier') return { name: fn };
      if (fn.type === 'member_access_expression') {
        const name = fn.childForFieldName('name');
        const receiver = fn.childForFieldName('expression');
        return name ? { name: name.type === 'generic_name' ? (name.namedChildren[0] ?? name) : name, ...(receiver ? { receiver } : {}) } : undefined;
      }
      if (fn.type === 'generic_name') return { name: fn.namedChildren[0] ?? fn };
      return undefined;
    },
  },
  typeNames: new Set(['generic_name']),
  selfTypes: new Set(['this_expression', 'this']),
  members: { member_access_expression: (n) => [n.childForFieldName('expression'), n.childForFieldName('name')] },
  variables: { local_declaration_statement: declaredVariables, field_declaration: declaredVariables },
  constructed: (v) => (v.type === 'object_creation_expression' ? (v.childForFieldName('type') ?? undefined) : undefined),
  typeNameOf: (n) => (n.type === 'generic_name' ? (n.namedChildren.find((c) => c.type === 'identifier') ?? undefined) : undefined),
  opens(n) {
    if (n.type !== 'using_directive') return undefined;
    const target = n.namedChildren.find((c) => c.type === 'qualified_name' || c.type === 'identifier');
    return target
      ? [
          target.text
            .split('.')
            .map((p) => `${p}/`)
            .join(''),
        ]
      : [];
  },
  packageOf(root) {
    const ns = root.namedChildren.find((c) => c.type === 'file_scoped_namespace_declaration');
    const name = ns?.childForFieldName('name')?.text;
    return name ? name.split('.') : [];
  },
  skip: new Set(['comment', 'string_literal', 'verbatim_string_literal', 'interpolated_string_expression', 'file_scoped_namespace_declaration']),
};

// A file-scoped namespace's body is its siblings: packageOf reads it, the walk skips the node itself.
export const CSHARP_SYNTAX: SyntaxRules = {
  names: new Set(['identifier']),
  definitions: {
    class_declaration: 'class',
    interface_declaration: 'interface',
    struct_declaration: 'struct',
    enum_declaration: 'enum',
    record_declaration: 'class',
    method_declaration: 'method',
    constructor_declaration: 'constructor',
    property_declaration: 'property',
    namespace_declaration: 'namespace',
  },
  calls: { invocation_expression: 'function' },
  members: { member_access_expression: 'name' },
};

export const csharpReader: SyntacticReader = genericReader('tree-sitter-c-sharp', CSHARP_RULES);
