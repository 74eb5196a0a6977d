// TypeScript and JavaScript read by tree-sitter: the first index of a repo
// Scry has never seen (answers in seconds while scip-typescript runs). Each
// file is a module named by its path (`src/a/index.ts` is `src/a/`); imports
// of relative paths bind names to the module they come from; receivers are
// typed by annotations (`x: Foo`), `new Foo()` and `this`.
import * as path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { Kind, descriptor } from '../syntactic/facts';
import { genericFacts } from '../syntactic/generic';
import type { GenericRules, Imported } from '../syntactic/generic-rules';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

const TYPE_REFS = new Set(['type_identifier', 'nested_type_identifier']);
const SUPER_NODES = new Set(['identifier', 'type_identifier', 'nested_type_identifier', 'generic_type', 'member_expression']);
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
// Where an identifier names something new (a parameter, a local, an import), not a use of something.
const BINDING_PARENTS = new Set([
  'required_parameter',
  'optional_parameter',
  'import_specifier',
  'namespace_import',
  'import_clause',
  'catch_clause',
  'labeled_statement',
  'break_statement',
  'continue_statement',
  'export_specifier',
]);
const MODULE_SUFFIX = /(\.d)?\.[cm]?[jt]sx?$/;

/** The module a file is: its path without the extension or a trailing `index`, as containers. */
export function modulePartsOf(file: string): string[] {
  const stem = file.replace(MODULE_SUFFIX, '').replace(/(^|\/)index$/, '');
  return stem.split('/').filter((p) => p !== '' && p !== '.');
}

const containerOf = (parts: readonly string[]): string => parts.map((p) => `${descriptor(p)}/`).join('');

/** The container of an import's source as seen from `file`: a path inside the repo, or the package's name. */
function importedModule(file: string, source: string): string {
  if (!source.startsWith('.')) return containerOf(['npm', source]);
  return containerOf(modulePartsOf(path.posix.join(path.posix.dirname(file), source)));
}

const typeOfAnnotation = (n: Node | null): Node | undefined => n?.namedChildren[0] ?? undefined;

/** A method of an object literal bound to a name (`const buffer = { getBuffer() {…} }`) is named with its owner: `buffer.getBuffer`. */
const objectOwner = (n: Node): string[] => {
  let object = n.parent;
  if (object?.type !== 'object') return [];
  while (object.parent && ['as_expression', 'satisfies_expression', 'parenthesized_expression'].includes(object.parent.type)) object = object.parent;
  const declarator = object.parent;
  const name =
    declarator?.type === 'variable_declarator' && declarator.childForFieldName('value')?.id === object.id ? declarator.childForFieldName('name') : undefined;
  return name?.type === 'identifier' ? [name.text] : [];
};

const parameters = (n: Node): Array<[string, Node]> =>
  (n.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) => {
    const name = p.childForFieldName('pattern');
    const type = typeOfAnnotation(p.childForFieldName('type'));
    return name?.type === 'identifier' && type ? [[name.text, type] as [string, Node]] : [];
  });

const supers = (n: Node): Node[] => {
  const clauses = n.namedChildren.filter((c) => c.type === 'class_heritage').flatMap((h) => h.namedChildren);
  const extendsType = n.namedChildren.filter((c) => c.type === 'extends_type_clause');
  return [...clauses, ...extendsType].flatMap((c) => c.namedChildren.filter((t) => SUPER_NODES.has(t.type)));
};

const isFunctionValue = (n: Node): boolean => {
  const value = n.childForFieldName('value');
  return value !== null && FUNCTION_VALUES.has(value.type);
};

const declarators = (n: Node): Array<[string, Node | undefined, Node | undefined]> =>
  n.namedChildren
    .filter((d) => d.type === 'variable_declarator')
    .flatMap((d) => {
      const name = d.childForFieldName('name');
      return name?.type === 'identifier'
        ? [
            [name.text, typeOfAnnotation(d.childForFieldName('type')), d.childForFieldName('value') ?? undefined] as [
              string,
              Node | undefined,
              Node | undefined,
            ],
          ]
        : [];
    });

function importsOf(n: Node, file: string): Imported[] | undefined {
  const reexport = n.type === 'export_statement' && n.childForFieldName('source') !== null;
  if (n.type !== 'import_statement' && !reexport) return undefined;
  const source = n.childForFieldName('source')?.namedChildren[0]?.text;
  if (!source) return [];
  const container = importedModule(file, source);
  const out: Imported[] = [];
  // `export { a, b as c } from './m'`: a reference to each name in m, as an import is.
  for (const clause of reexport ? n.namedChildren.filter((c) => c.type === 'export_clause') : []) {
    for (const s of clause.namedChildren.filter((x) => x.type === 'export_specifier')) {
      const name = s.childForFieldName('name');
      if (name) out.push({ name: `\u0000reexport ${name.text}`, container, node: name });
    }
  }
  for (const clause of n.namedChildren.filter((c) => c.type === 'import_clause')) {
    for (const c of clause.namedChildren) {
      if (c.type === 'namespace_import') {
        const id = c.namedChildren.find((x) => x.type === 'identifier');
        if (id) out.push({ name: id.text, container, isPackage: true });
      } else if (c.type === 'named_imports') {
        for (const s of c.namedChildren.filter((x) => x.type === 'import_specifier')) {
          const name = s.childForFieldName('name');
          const alias = s.childForFieldName('alias');
          // An alias binds another name; the import's own reference still names the exported one.
          if (name) out.push({ name: (alias ?? name).text, container, values: true, node: name });
        }
      }
    }
  }
  return out;
}

export const TYPESCRIPT_RULES: GenericRules = {
  language: 'typescript',
  definitions: {
    function_declaration: { kind: Kind.Function, typedParameters: parameters },
    generator_function_declaration: { kind: Kind.Function, typedParameters: parameters },
    function_signature: { kind: Kind.Function },
    class_declaration: { kind: Kind.Class, container: 'type', supers },
    abstract_class_declaration: { kind: Kind.Class, container: 'type', supers },
    interface_declaration: { kind: Kind.Interface, container: 'type', supers },
    type_alias_declaration: { kind: Kind.TypeAlias, container: 'type' },
    enum_declaration: { kind: Kind.Enum, container: 'type' },
    enum_assignment: { kind: Kind.EnumMember },
    property_identifier: { kind: Kind.EnumMember, name: (n) => n, when: (n) => n.parent?.type === 'enum_body' },
    method_definition: { kind: Kind.Method, typedParameters: parameters, qualifier: objectOwner },
    method_signature: { kind: Kind.Method },
    abstract_method_signature: { kind: Kind.Method },
    public_field_definition: { kind: Kind.Property, typeOf: (n) => typeOfAnnotation(n.childForFieldName('type')) },
    property_signature: { kind: Kind.Property, typeOf: (n) => typeOfAnnotation(n.childForFieldName('type')) },
    internal_module: { kind: Kind.Namespace, container: 'namespace' },
    module: { kind: Kind.Namespace, container: 'namespace', when: (n) => n.childForFieldName('name')?.type === 'identifier' },
    // `const f = () => …` is how much of modern code declares its functions; inside a function it is a local.
    variable_declarator: {
      kind: (n) => (isFunctionValue(n) ? Kind.Function : Kind.Variable),
      outsideFunctions: true,
      when: (n) => n.childForFieldName('name')?.type === 'identifier',
      typeOf: (n) => typeOfAnnotation(n.childForFieldName('type')),
    },
  },
  calls: {
    call_expression: (n) => {
      const f = n.childForFieldName('function');
      if (f?.type === 'identifier') return { name: f };
      if (f?.type === 'member_expression') {
        const name = f.childForFieldName('property');
        const object = f.childForFieldName('object');
        return name && object ? { name, receiver: object } : undefined;
      }
      return undefined;
    },
    new_expression: (n) => {
      const c = n.childForFieldName('constructor');
      if (c?.type === 'identifier') return { name: c, member: 'type' };
      if (c?.type === 'member_expression') {
        const name = c.childForFieldName('property');
        const object = c.childForFieldName('object');
        return name && object ? { name, receiver: object, member: 'type' } : undefined;
      }
      return undefined;
    },
  },
  typeNames: TYPE_REFS,
  typeNameOf: (n) => (n.type === 'nested_type_identifier' ? (n.childForFieldName('name') ?? undefined) : undefined),
  selfTypes: new Set(['this']),
  members: { member_expression: (n) => [n.childForFieldName('object'), n.childForFieldName('property')] },
  variables: { lexical_declaration: declarators, variable_declaration: declarators },
  constructed: (v) => (v.type === 'new_expression' ? (v.childForFieldName('constructor') ?? undefined) : undefined),
  valueName: (n) => {
    if (n.type !== 'identifier' && n.type !== 'shorthand_property_identifier') return false;
    const parent = n.parent;
    if (!parent || BINDING_PARENTS.has(parent.type)) return false;
    // A local's own name (`const x = …` inside a function) binds, it does not use.
    if (parent.type === 'variable_declarator' && parent.childForFieldName('name')?.equals(n)) return false;
    return true;
  },
  packageOf: (_root, file) => modulePartsOf(file),
  skip: new Set(['comment', 'string', 'regex', 'export_clause']),
};

/** One reader for .ts, .tsx and .js files alike; documents record .js files as 'javascript'. */
export const typescriptReader: SyntacticReader = {
  name: 'tree-sitter-typescript',
  facts: (root, file) => {
    const facts = genericFacts({ ...TYPESCRIPT_RULES, imports: (n) => importsOf(n, file) }, root, file);
    if (/\.[cm]?jsx?$/.test(file)) facts.language = 'javascript';
    return facts;
  },
  firstIndexOnly: true,
};

/** The overlay's rules for the three grammars alike. */

export const TYPESCRIPT_SYNTAX: SyntaxRules = {
  names: new Set([
    'identifier',
    'type_identifier',
    'property_identifier',
    'shorthand_property_identifier',
    'shorthand_property_identifier_pattern',
    'private_property_identifier',
  ]),
  definitions: {
    function_declaration: 'function',
    generator_function_declaration: 'function',
    function_signature: 'function',
    class_declaration: 'class',
    abstract_class_declaration: 'class',
    class: 'class',
    method_definition: 'method',
    method_signature: 'method',
    abstract_method_signature: 'method',
    interface_declaration: 'interface',
    type_alias_declaration: 'type',
    enum_declaration: 'enum',
    internal_module: 'namespace',
    module: 'namespace',
    variable_declarator: 'variable',
    public_field_definition: 'property',
    property_signature: 'property',
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
