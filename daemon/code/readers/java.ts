// Java: the syntactic indexer (no SCIP indexer runs here). Types nest in
// packages; imports bind short type names; receivers are typed by fields,
// parameters and local declarations.
import type { Node } from 'web-tree-sitter';
import { Kind } from '../syntactic/facts';
import { descendants, genericReader } from '../syntactic/generic';
import type { GenericRules } from '../syntactic/generic-rules';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

const TYPE_REFS = new Set(['type_identifier']);

const declarators = (n: Node): Node[] =>
  n
    .childrenForFieldName('declarator')
    .map((d) => d.childForFieldName('name'))
    .filter((x): x is Node => x !== null);
const parameters = (n: Node): Array<[string, Node]> =>
  (n.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) => {
    const name = p.childForFieldName('name');
    const type = p.childForFieldName('type');
    return name && type ? [[name.text, type] as [string, Node]] : [];
  });
const supers = (n: Node): Node[] => [
  ...descendants(n.childForFieldName('superclass'), TYPE_REFS),
  ...descendants(n.childForFieldName('interfaces'), TYPE_REFS),
  ...n.namedChildren.filter((c) => c.type === 'extends_interfaces').flatMap((c) => descendants(c, TYPE_REFS)),
];

export const JAVA_RULES: GenericRules = {
  language: 'java',
  definitions: {
    class_declaration: { kind: Kind.Class, container: 'type', supers },
    interface_declaration: { kind: Kind.Interface, container: 'type', supers },
    enum_declaration: { kind: Kind.Enum, container: 'type', supers },
    record_declaration: { kind: Kind.Class, container: 'type', supers },
    annotation_type_declaration: { kind: Kind.Interface, container: 'type' },
    method_declaration: { kind: Kind.Method, typedParameters: parameters },
    constructor_declaration: { kind: Kind.Constructor, typedParameters: parameters },
    field_declaration: { kind: Kind.Field, names: declarators, typeOf: (n) => n.childForFieldName('type') },
    enum_constant: { kind: Kind.EnumMember },
  },
  calls: {
    method_invocation: (n) => {
      const name = n.childForFieldName('name');
      const object = n.childForFieldName('object');
      return name ? { name, ...(object ? { receiver: object } : {}) } : undefined;
    },
  },
  typeNames: TYPE_REFS,
  selfTypes: new Set(['this']),
  members: { field_access: (n) => [n.childForFieldName('object'), n.childForFieldName('field')] },
  variables: {
    local_variable_declaration: (n) => {
      const type = n.childForFieldName('type');
      return n.childrenForFieldName('declarator').flatMap((d) => {
        const name = d.childForFieldName('name');
        const value = d.childForFieldName('value') ?? undefined;
        // `var x = new Foo()`: the type is the value's.
        return name ? [[name.text, type && type.text !== 'var' ? type : undefined, value] as [string, Node | undefined, Node | undefined]] : [];
      });
    },
    field_declaration: (n) => {
      const type = n.childForFieldName('type') ?? undefined;
      return n.childrenForFieldName('declarator').flatMap((d) => {
        const name = d.childForFieldName('name');
        return name ? [[name.text, type, undefined] as [string, Node | undefined, Node | undefined]] : [];
      });
    },
  },
  constructed: (v) => (v.type === 'object_creation_expression' ? (v.childForFieldName('type') ?? undefined) : undefined),
  typeNameOf: (n) => (n.type === 'generic_type' ? (n.namedChildren.find((c) => c.type === 'type_identifier') ?? undefined) : undefined),
  imports(n) {
    if (n.type !== 'import_declaration') return undefined;
    const path = n.namedChildren.find((c) => c.type === 'scoped_identifier' || c.type === 'identifier')?.text ?? '';
    // import a.b.*; opens a package, which lexical lookup covers through `unique`.
    if (n.namedChildren.some((c) => c.type === 'asterisk') || n.children.some((c) => c.type === 'static')) return [];
    const parts = path.split('.');
    const name = parts.pop() ?? '';
    return [{ name, container: parts.map((p) => `${p}/`).join('') }];
  },
  packageOf(root) {
    const pkg = root.namedChildren.find((c) => c.type === 'package_declaration');
    const path = pkg?.namedChildren.find((c) => c.type === 'scoped_identifier' || c.type === 'identifier')?.text;
    return path ? path.split('.') : [];
  },
  skip: new Set(['line_comment', 'block_comment', 'string_literal', 'package_declaration']),
};

export const JAVA_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier']),
  definitions: {
    class_declaration: 'class',
    interface_declaration: 'interface',
    enum_declaration: 'enum',
    record_declaration: 'class',
    method_declaration: 'method',
    constructor_declaration: 'constructor',
  },
  calls: { method_invocation: 'name' },
  members: { field_access: 'field' },
};

export const javaReader: SyntacticReader = genericReader('tree-sitter-java', JAVA_RULES);
