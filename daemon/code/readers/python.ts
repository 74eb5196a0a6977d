// Python read by tree-sitter: the first index of a repo Scry has never seen,
// while scip-python runs. Each file is a module named by its path
// (`pkg/mod.py` is `pkg/mod/`, `pkg/__init__.py` is `pkg/`); `from .x import
// a` binds a to module x; `self.m()` is a method of the enclosing class; a
// variable assigned `Foo()` (capitalised: a class by convention) is a Foo.
import * as path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { Kind, descriptor } from '../syntactic/facts';
import { genericFacts } from '../syntactic/generic';
import type { GenericRules, Imported } from '../syntactic/generic-rules';
import type { SyntacticReader, SyntaxFrame, SyntaxRules } from '../syntactic/reader';

const BINDING_PARENTS = new Set([
  'parameters',
  'typed_parameter',
  'default_parameter',
  'typed_default_parameter',
  'keyword_argument',
  'aliased_import',
  'dotted_name',
  'import_from_statement',
  'global_statement',
  'nonlocal_statement',
  'lambda_parameters',
  'list_splat_pattern',
  'dictionary_splat_pattern',
]);
const isClassName = (name: string): boolean => /^_?[A-Z]/.test(name);

export function pythonModuleOf(file: string): string[] {
  return file
    .replace(/\.pyi?$/, '')
    .replace(/(^|\/)__init__$/, '')
    .split('/')
    .filter(Boolean);
}

const containerOf = (parts: readonly string[]): string => parts.map((p) => `${descriptor(p)}/`).join('');

function moduleOf(file: string, n: Node | null): string | undefined {
  if (!n) return undefined;
  if (n.type === 'dotted_name') return containerOf(n.text.split('.'));
  if (n.type !== 'relative_import') return undefined;
  const dots = n.namedChildren.find((c) => c.type === 'import_prefix')?.text.length ?? 1;
  const rest = n.namedChildren.find((c) => c.type === 'dotted_name')?.text.split('.') ?? [];
  // `.` is the file's own package: its folder (a package's __init__ is its folder too).
  let base = path.posix
    .dirname(file)
    .split('/')
    .filter((p) => p !== '.');
  for (let i = 1; i < dots; i++) base = base.slice(0, -1);
  return containerOf([...base, ...rest]);
}

function importsOf(n: Node, file: string): Imported[] | undefined {
  if (n.type === 'import_from_statement') {
    const container = moduleOf(file, n.childForFieldName('module_name'));
    if (!container) return [];
    return n.childrenForFieldName('name').flatMap((c) => {
      const name = c.type === 'aliased_import' ? c.childForFieldName('name') : c;
      const alias = c.type === 'aliased_import' ? c.childForFieldName('alias') : null;
      return name ? [{ name: (alias ?? name).text, container, values: true, node: name }] : [];
    });
  }
  if (n.type === 'import_statement') {
    return n.childrenForFieldName('name').flatMap((c) => {
      const name = c.type === 'aliased_import' ? c.childForFieldName('name') : c;
      const alias = c.type === 'aliased_import' ? c.childForFieldName('alias') : null;
      if (!name) return [];
      // `import a.b as c`: c.f() calls f in a/b; `import a.b`: a names the top package.
      return alias
        ? [{ name: alias.text, container: containerOf(name.text.split('.')), isPackage: true }]
        : [{ name: name.text.split('.')[0]!, container: containerOf([name.text.split('.')[0]!]), isPackage: true }];
    });
  }
  return undefined;
}

const parameters = (n: Node): Array<[string, Node]> =>
  (n.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) => {
    if (p.type !== 'typed_parameter' && p.type !== 'typed_default_parameter') return [];
    const name = p.type === 'typed_parameter' ? p.namedChildren.find((c) => c.type === 'identifier') : p.childForFieldName('name');
    const type = p.childForFieldName('type');
    return name && type ? [[name.text, type] as [string, Node]] : [];
  });

const calleeOf = (n: Node): { name: Node; receiver?: Node; member?: 'type' } | undefined => {
  const f = n.childForFieldName('function');
  if (f?.type === 'identifier') return isClassName(f.text) ? { name: f, member: 'type' } : { name: f };
  if (f?.type === 'attribute') {
    const name = f.childForFieldName('attribute');
    const object = f.childForFieldName('object');
    return name && object ? { name, receiver: object, ...(isClassName(name.text) ? { member: 'type' as const } : {}) } : undefined;
  }
  return undefined;
};

export const PYTHON_RULES: GenericRules = {
  language: 'python',
  definitions: {
    function_definition: { kind: Kind.Function, typedParameters: parameters },
    class_definition: {
      kind: Kind.Class,
      container: 'type',
      supers: (n) => (n.childForFieldName('superclasses')?.namedChildren ?? []).filter((c) => c.type === 'identifier' || c.type === 'attribute'),
    },
    // `X = …` at module or class level defines X; inside a function it is a local.
    assignment: {
      kind: Kind.Variable,
      name: (n) => n.childForFieldName('left'),
      outsideFunctions: true,
      when: (n) => n.childForFieldName('left')?.type === 'identifier',
    },
  },
  calls: { call: calleeOf },
  typeNames: new Set(['type']),
  typeNameOf: (n) => n.namedChildren[0] ?? undefined,
  selfTypes: new Set(),
  selfNames: new Set(['self', 'cls']),
  members: { attribute: (n) => [n.childForFieldName('object'), n.childForFieldName('attribute')] },
  variables: {
    assignment: (n) => {
      const left = n.childForFieldName('left');
      return left?.type === 'identifier' ? [[left.text, n.childForFieldName('type') ?? undefined, n.childForFieldName('right') ?? undefined]] : [];
    },
  },
  constructed: (v) => {
    const f = v.type === 'call' ? v.childForFieldName('function') : null;
    return f && f.type === 'identifier' && isClassName(f.text) ? f : undefined;
  },
  valueName: (n) => {
    if (n.type !== 'identifier') return false;
    const parent = n.parent;
    if (!parent || BINDING_PARENTS.has(parent.type)) return false;
    if (parent.type === 'assignment' && parent.childForFieldName('left')?.equals(n)) return false;
    if (parent.type === 'attribute' && parent.childForFieldName('attribute')?.equals(n)) return false;
    return true;
  },
  packageOf: (_root, file) => pythonModuleOf(file),
  skip: new Set(['comment', 'string']),
};

export const pythonReader: SyntacticReader = {
  name: 'tree-sitter-python',
  facts: (root, file) => genericFacts({ ...PYTHON_RULES, imports: (n) => importsOf(n, file) }, root, file),
  firstIndexOnly: true,
};

// Python declares attributes and module variables by assignment, and methods
// are plain functions inside a class, so the overlay's rules look at where a name sits.
export const PYTHON_SYNTAX: SyntaxRules = {
  names: new Set(['identifier']),
  definitions: { function_definition: 'function', class_definition: 'class' },
  calls: { call: 'function' },
  members: { attribute: 'attribute' },
  kindOf: (_node, type, declared, frames) => (type === 'function_definition' && isDirectlyInClass(frames) ? 'method' : declared),
  // Assignments inside a function are locals, not definitions anyone looks up.
  bareDefinition(parent, field, frames) {
    if (parent.type !== 'assignment' || field !== 'left' || frames.some((f) => f.type === 'function_definition')) return undefined;
    return frames.some((f) => f.type === 'class_definition') ? 'property' : 'variable';
  },
};

function isDirectlyInClass(frames: readonly SyntaxFrame[]): boolean {
  // function_definition <- block <- class_definition (possibly through a decorated_definition)
  for (let i = frames.length - 1; i >= 0; i--) {
    const t = frames[i]!.type;
    if (t === 'class_definition') return true;
    if (t === 'function_definition') return false;
  }
  return false;
}
