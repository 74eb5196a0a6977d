// Go: scip-go (on PATH or a pinned, verified download) for precise answers,
// tree-sitter-go for the overlay, and the syntactic indexer when scip-go
// cannot be had. A Go type's kind is in what it declares; a package is a
// folder; `pkg.F()` goes through the file's imports (the module path from
// go.mod maps the module's own imports to folders).
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { descriptor, Kind } from '../syntactic/facts';
import { genericFacts } from '../syntactic/generic';
import type { GenericRules } from '../syntactic/generic-rules';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

export const GO_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier', 'field_identifier']),
  definitions: {
    function_declaration: 'function',
    method_declaration: 'method',
    type_spec: 'type',
    const_spec: 'constant',
    var_spec: 'variable',
    field_declaration: 'property',
  },
  calls: { call_expression: 'function' },
  members: { selector_expression: 'field' },
  kindOf(node, type, declared) {
    if (type !== 'type_spec') return declared;
    const t = node.childForFieldName('type')?.type;
    return t === 'struct_type' ? 'struct' : t === 'interface_type' ? 'interface' : declared;
  },
};

const params = (list: Node | null): Array<[string, Node]> =>
  (list?.namedChildren ?? []).flatMap((p) => {
    const type = p.childForFieldName('type');
    return type ? p.childrenForFieldName('name').map((n) => [n.text, type] as [string, Node]) : [];
  });

const typeKind = (n: Node): number => {
  const t = n.childForFieldName('type')?.type;
  return t === 'struct_type' ? Kind.Struct : t === 'interface_type' ? Kind.Interface : Kind.Type;
};

/** Types a struct embeds and interfaces an interface embeds: Go's only inheritance. */
const embedded = (n: Node): Node[] => {
  const t = n.childForFieldName('type');
  if (t?.type === 'struct_type') {
    return (t.namedChildren.find((c) => c.type === 'field_declaration_list')?.namedChildren ?? [])
      .filter((f) => f.type === 'field_declaration' && f.childrenForFieldName('name').length === 0)
      .map((f) => f.childForFieldName('type'))
      .filter((x): x is Node => x !== null);
  }
  if (t?.type === 'interface_type')
    return t.namedChildren
      .filter((c) => c.type === 'type_elem' || c.type === 'constraint_elem')
      .flatMap((c) => c.namedChildren.filter((x) => x.type === 'type_identifier' || x.type === 'qualified_type'));
  return [];
};

/** `x := T{}`, `x := &T{}`. */
const composite = (v: Node): Node | undefined => {
  const inner = v.type === 'unary_expression' ? v.childForFieldName('operand') : v;
  return inner?.type === 'composite_literal' ? (inner.childForFieldName('type') ?? undefined) : undefined;
};

/** A package is keyed by its import path: the module path and the folder (see packageOf). */
const importPath = (raw: string): { container: string; last: string } => {
  const p = raw.replace(/^["`]|["`]$/g, '');
  const parts = p.split('/').filter((x) => x.length > 0);
  return { container: parts.map((x) => `${descriptor(x)}/`).join(''), last: parts[parts.length - 1] ?? p };
};

export const GO_RULES: GenericRules = {
  language: 'go',
  definitions: {
    function_declaration: { kind: Kind.Function, typedParameters: (n) => params(n.childForFieldName('parameters')) },
    method_declaration: {
      kind: Kind.Method,
      ownerType: (n) => n.childForFieldName('receiver')?.namedChildren[0]?.childForFieldName('type') ?? null,
      typedParameters: (n) => [...params(n.childForFieldName('receiver')), ...params(n.childForFieldName('parameters'))],
    },
    type_spec: { kind: typeKind, container: 'type', supers: embedded },
    type_alias: { kind: Kind.TypeAlias },
    method_elem: { kind: Kind.Method },
    method_spec: { kind: Kind.Method },
    field_declaration: { kind: Kind.Field, names: (n) => n.childrenForFieldName('name'), typeOf: (n) => n.childForFieldName('type') },
    const_spec: { kind: Kind.Constant, names: (n) => n.childrenForFieldName('name'), outsideFunctions: true },
    var_spec: { kind: Kind.Variable, names: (n) => n.childrenForFieldName('name'), outsideFunctions: true },
  },
  calls: {
    call_expression: (n) => {
      const fn = n.childForFieldName('function');
      if (fn?.type === 'identifier') return { name: fn };
      if (fn?.type === 'selector_expression') {
        const field = fn.childForFieldName('field');
        const operand = fn.childForFieldName('operand');
        return field ? { name: field, ...(operand ? { receiver: operand } : {}) } : undefined;
      }
      return undefined;
    },
  },
  typeNames: new Set(['type_identifier']),
  selfTypes: new Set(),
  members: { selector_expression: (n) => [n.childForFieldName('operand'), n.childForFieldName('field')] },
  variables: {
    short_var_declaration: (n) => {
      const left = n.childForFieldName('left')?.namedChildren ?? [];
      const right = n.childForFieldName('right')?.namedChildren ?? [];
      return left.map((l, i) => [l.text, undefined, left.length === right.length ? right[i] : undefined] as [string, Node | undefined, Node | undefined]);
    },
    var_spec: (n) =>
      n
        .childrenForFieldName('name')
        .map(
          (v) =>
            [v.text, n.childForFieldName('type') ?? undefined, n.childForFieldName('value')?.namedChildren[0]] as [string, Node | undefined, Node | undefined],
        ),
  },
  constructed: composite,
  typeNameOf: (n) =>
    n.type === 'pointer_type'
      ? (n.namedChildren[0] ?? undefined)
      : n.type === 'qualified_type'
        ? (n.childForFieldName('name') ?? undefined)
        : n.type === 'generic_type'
          ? (n.childForFieldName('type') ?? undefined)
          : undefined,
  imports(n) {
    if (n.type !== 'import_spec') return undefined;
    const p = n.childForFieldName('path');
    if (!p) return [];
    const { container, last } = importPath(p.text);
    const alias = n.childForFieldName('name')?.text;
    if (alias === '_' || alias === '.') return [];
    // The package's name is usually its path's last element (minus a major version suffix).
    const name =
      alias ?? (/^v\d+$/.test(last) ? (p.text.replace(/["`]/g, '').split('/').slice(-2)[0] ?? last) : last).replace(/^go-|-go$/g, '').replace(/[.-]/g, '');
    return [{ name, container, isPackage: true }];
  },
  // The import path: go.mod's module path, then the folder (without go.mod, the folder alone).
  packageOf: (_root, file, ctx) => [
    ...(ctx.module?.split('/') ?? []),
    ...path.posix
      .dirname(file)
      .split('/')
      .filter((p) => p !== '.' && p.length > 0),
  ],
  skip: new Set(['comment', 'interpreted_string_literal', 'raw_string_literal', 'package_clause']),
};

/** Each repo's go.mod module path, with the go.mod's change time it was read at. */
const modules = new Map<string, { changed: number; module: string | undefined }>();

/** The module path go.mod declares, read again only when go.mod changes (a build worker is kept between builds). */
function moduleOf(repo: string): string | undefined {
  const file = path.join(repo, 'go.mod');
  const changed = fs.statSync(file, { throwIfNoEntry: false })?.ctimeMs ?? -1;
  const known = modules.get(repo);
  if (known?.changed === changed) return known.module;
  let module: string | undefined;
  try {
    module = /^module\s+(\S+)/m.exec(fs.readFileSync(file, 'utf8'))?.[1];
  } catch {
    module = undefined;
  }
  modules.set(repo, { changed, module });
  return module;
}

export const goReader: SyntacticReader = {
  name: 'tree-sitter-go',
  facts: (root, file, repo) => genericFacts(GO_RULES, root, file, { file, module: repo ? moduleOf(repo) : undefined }),
};
