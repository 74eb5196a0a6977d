// Rust: the syntactic indexer. Modules are files and `mod` blocks, laid out
// as `mod` declarations find them (`mod b;` in src/a.rs is src/a/b.rs or
// src/a/b/mod.rs); `impl [Trait for] Type` adds methods (and the trait) to
// Type; paths resolve from the crate root (`crate::`), the module
// (`self::`, `super::`) or a `use` import; `self.`, `Type::` and
// `let x: T` / `let x = T::new()` type receivers; any other receiver, and
// any path naming nothing the crate defines, is unresolved (no type
// inference here, and no guessing by bare name).
import type { Node } from 'web-tree-sitter';
import { descriptor, Kind, type Receiver, type Target } from '../syntactic/facts';
import { genericReader } from '../syntactic/generic';
import type { GenericRules, Imported, PathScope } from '../syntactic/generic-rules';
import { parseDescriptors } from '../scip/symbol';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

const parameters = (n: Node): Array<[string, Node]> =>
  (n.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) => {
    const pattern = p.childForFieldName('pattern');
    const type = p.childForFieldName('type');
    return p.type === 'parameter' && pattern?.type === 'identifier' && type ? [[pattern.text, type] as [string, Node]] : [];
  });

/** src/a/b.rs -> [a, b]; src/a/mod.rs and src/lib.rs are their folders' modules. */
function modulePath(file: string): string[] {
  const parts = file.replace(/\.rs$/, '').split('/');
  const src = parts.lastIndexOf('src');
  const rel = src >= 0 ? parts.slice(src + 1) : parts;
  const last = rel[rel.length - 1];
  if (last === 'mod' || last === 'lib' || last === 'main') rel.pop();
  // The crate: the folder holding src/, so two crates' `Parser`s stay apart.
  const crate = src > 0 ? parts[src - 1]! : '';
  return crate ? [crate, ...rel] : rel;
}

/** `crate/a/b/` -> ['crate', 'a', 'b']: the module path a key starts with (a type's key ends it). */
function segmentsOf(key: string): string[] {
  const out: string[] = [];
  for (const d of parseDescriptors(key)) {
    if (d.suffix !== 'namespace') break;
    out.push(d.name);
  }
  return out;
}

const keyOf = (segments: readonly string[]): string => segments.map((s) => `${descriptor(s)}/`).join('');

/** The crate root's module: the package (the folder holding src/), a bin (src/bin/NAME), or the file itself (tests/NAME.rs). */
function crateRootOf(file: string): string[] {
  const parts = file.replace(/\.rs$/, '').split('/');
  const src = parts.lastIndexOf('src');
  if (src < 0) return modulePath(file);
  const pkg = src > 0 ? [parts[src - 1]!] : [];
  return parts[src + 1] === 'bin' && parts.length > src + 2 ? [...pkg, 'bin', parts[src + 2]!] : pkg;
}

/** The modules a file declares at its top level (`mod b;`, `mod c { .. }`): what a relative path may start with. */
function declaredModules(n: Node): Set<string> {
  const out = new Set<string>();
  for (const c of n.tree.rootNode.namedChildren) {
    const name = c.type === 'mod_item' ? c.childForFieldName('name') : null;
    if (name) out.add(name.text);
  }
  return out;
}

/**
 * `crate::a::b`, `super::super::x`, `self::m`, `imported::y`, `child::z`,
 * `Type::f` as absolute module segments; undefined for `Self` and for
 * another crate's path (`std::mem`), which nothing here defines.
 */
function absolute(segments: readonly string[], scope: PathScope, at: Node): string[] | undefined {
  const [first, ...rest] = segments;
  if (first === undefined || first === 'Self') return undefined;
  const here = segmentsOf(scope.module);
  if (first === 'crate') return [...crateRootOf(scope.file), ...rest];
  if (first === 'self') return [...here, ...rest];
  if (first === 'super') {
    const base = here.slice(0, -1);
    let i = 0;
    for (; rest[i] === 'super'; i++) base.pop();
    return [...base, ...rest.slice(i)];
  }
  const imported = scope.imported(first);
  if (imported) return [...segmentsOf(imported.container), importedName(imported), ...rest];
  // Relative: a child module this file declares, or a type of this module.
  return /^[A-Z]/.test(first) || declaredModules(at).has(first) ? [...here, first, ...rest] : undefined;
}

/** The item an import names, under whatever alias (`use a::b as c` names b). */
const importedName = (i: Imported): string => i.node?.text ?? i.name;

/** `a::b::<T>::c` -> ['a', 'b', 'c']. */
const pathSegments = (n: Node): string[] =>
  n.text
    .replace(/<[^<>]*(?:<[^<>]*>[^<>]*)*>/g, '')
    .split('::')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);

/** `P::name()`: P's function, or type P's associated function (a capitalised P reads as a type first); else unresolved. */
function pathCall(receiver: Node, name: Node, scope: PathScope): Target | undefined {
  if (receiver.parent?.type !== 'scoped_identifier') return undefined;
  const segments = pathSegments(receiver);
  if (segments[0] === 'Self' || segments.length === 0) return undefined;
  const last = segments[segments.length - 1]!;
  const abs = absolute(segments, scope, receiver);
  const options: Target[] = [];
  if (abs) {
    options.push({ type: 'symbol', key: `${keyOf(abs)}${descriptor(name.text)}().` });
    const owner: Receiver = { cls: `${keyOf(abs.slice(0, -1))}${descriptor(abs[abs.length - 1]!)}#` };
    // An associated function, or an enum's tuple variant (`Shape::Circle(r)`).
    const typed: Target[] = [
      { type: 'member', owner, name: name.text, member: 'method' },
      { type: 'member', owner, name: name.text, member: 'property' },
    ];
    if (/^[A-Z]/.test(last)) options.unshift(...typed);
    else options.push(...typed);
  }
  // A bare type name (`Circle::new`) may come from a parent's `use super::*`: looked up as types are.
  if (segments.length === 1 && /^[A-Z]/.test(last))
    options.push({ type: 'member', owner: { typeName: last, scopes: scope.scopes }, name: name.text, member: 'method' });
  return { type: 'oneOf', options, name: name.text, member: 'method' };
}

/** `crate::shapes::Circle` as a type: its key, resolved as paths are. */
function typePath(type: Node, scope: PathScope): Receiver | undefined {
  const inner = type.type === 'generic_type' ? type.childForFieldName('type') : type;
  if (!inner || (inner.type !== 'scoped_type_identifier' && inner.type !== 'scoped_identifier')) return undefined;
  const abs = absolute(pathSegments(inner), scope, inner);
  return abs && abs.length > 0 ? { cls: `${keyOf(abs.slice(0, -1))}${descriptor(abs[abs.length - 1]!)}#` } : undefined;
}

/** `use a::b::{c, d::e as f, self}`, `use a::*`: each leaf with its full path. */
function useClauses(n: Node | null, prefix: string[], out: Array<{ path: string[]; node: Node; alias?: Node; glob?: boolean }>): void {
  if (!n) return;
  switch (n.type) {
    case 'identifier':
    case 'crate':
    case 'self':
    case 'super':
      if (n.type === 'self' && prefix.length > 0) out.push({ path: prefix, node: n });
      else out.push({ path: [...prefix, n.text], node: n });
      return;
    case 'scoped_identifier': {
      const name = n.childForFieldName('name');
      if (name) out.push({ path: [...prefix, ...pathSegments(n)], node: name });
      return;
    }
    case 'use_as_clause': {
      const inner: Array<{ path: string[]; node: Node }> = [];
      useClauses(n.childForFieldName('path'), prefix, inner);
      const alias = n.childForFieldName('alias');
      for (const c of inner) out.push({ ...c, ...(alias ? { alias } : {}) });
      return;
    }
    case 'scoped_use_list': {
      const path = n.childForFieldName('path');
      const list = n.childForFieldName('list');
      for (const c of list?.namedChildren ?? []) useClauses(c, [...prefix, ...(path ? pathSegments(path) : [])], out);
      return;
    }
    case 'use_list':
      for (const c of n.namedChildren) useClauses(c, prefix, out);
      return;
    case 'use_wildcard': {
      const path = n.namedChildren[0];
      out.push({ path: [...prefix, ...(path ? pathSegments(path) : [])], node: n, glob: true });
      return;
    }
  }
}

function imports(n: Node, where: () => PathScope): Imported[] | undefined {
  if (n.type !== 'use_declaration') return undefined;
  const scope = where();
  const clauses: Array<{ path: string[]; node: Node; alias?: Node; glob?: boolean }> = [];
  useClauses(n.childForFieldName('argument'), [], clauses);
  const out: Imported[] = [];
  for (const c of clauses) {
    const abs = absolute(c.path, scope, n);
    // Another crate's (`use std::fmt`): nothing here defines it, so nothing binds through it.
    if (!abs || abs.length === 0) continue;
    if (c.glob) out.push({ name: '*', container: keyOf(abs), glob: true });
    else
      out.push({
        name: c.alias?.text ?? abs[abs.length - 1]!,
        container: keyOf(abs.slice(0, -1)),
        values: true,
        reexports: true,
        ...(c.node.type === 'identifier' ? { node: c.node } : {}),
      });
  }
  return out;
}

export const RUST_RULES: GenericRules = {
  language: 'rust',
  definitions: {
    mod_item: { kind: Kind.Module, container: 'namespace' },
    struct_item: { kind: Kind.Struct, container: 'type' },
    enum_item: { kind: Kind.Enum, container: 'type' },
    union_item: { kind: Kind.Union, container: 'type' },
    trait_item: { kind: Kind.Trait, container: 'type' },
    impl_item: {
      kind: Kind.Struct,
      impl: true,
      ownerType: (n) => n.childForFieldName('type'),
      supers: (n) => {
        const t = n.childForFieldName('trait');
        return t ? [t] : [];
      },
    },
    function_item: { kind: Kind.Function, typedParameters: parameters },
    function_signature_item: { kind: Kind.Method },
    const_item: { kind: Kind.Constant },
    static_item: { kind: Kind.Variable },
    type_item: { kind: Kind.TypeAlias },
    macro_definition: { kind: Kind.Macro },
    field_declaration: { kind: Kind.Field, typeOf: (n) => n.childForFieldName('type') },
    enum_variant: { kind: Kind.EnumMember },
  },
  calls: {
    call_expression: (n) => {
      const fn = n.childForFieldName('function');
      if (!fn) return undefined;
      if (fn.type === 'identifier') return { name: fn };
      if (fn.type === 'field_expression') {
        const name = fn.childForFieldName('field');
        const value = fn.childForFieldName('value');
        return name ? { name, ...(value ? { receiver: value } : {}) } : undefined;
      }
      if (fn.type === 'scoped_identifier') {
        const name = fn.childForFieldName('name');
        const path = fn.childForFieldName('path');
        return name ? { name, ...(path ? { receiver: path } : {}) } : undefined;
      }
      return undefined;
    },
    macro_invocation: (n) => {
      const m = n.childForFieldName('macro');
      return m?.type === 'identifier' ? { name: m } : undefined;
    },
  },
  typeNames: new Set(['type_identifier']),
  selfTypes: new Set(['self']),
  members: { field_expression: (n) => [n.childForFieldName('value'), n.childForFieldName('field')] },
  variables: {
    let_declaration: (n) => {
      const pattern = n.childForFieldName('pattern');
      return pattern?.type === 'identifier' ? [[pattern.text, n.childForFieldName('type') ?? undefined, n.childForFieldName('value') ?? undefined]] : [];
    },
  },
  constructed(v) {
    if (v.type === 'struct_expression') return v.childForFieldName('name') ?? undefined;
    // Type::new(..), Type::with_capacity(..): a constructor by convention returns Self.
    if (v.type === 'call_expression') {
      const fn = v.childForFieldName('function');
      const path = fn?.type === 'scoped_identifier' ? fn.childForFieldName('path') : null;
      if (path && /^[A-Z]/.test(path.text.split('::').pop() ?? '') && /^(new|with_|from|default)/.test(fn!.childForFieldName('name')?.text ?? '')) return path;
    }
    return undefined;
  },
  typeNameOf: (n) =>
    n.type === 'generic_type'
      ? (n.childForFieldName('type') ?? undefined)
      : n.type === 'scoped_type_identifier'
        ? (n.childForFieldName('name') ?? undefined)
        : undefined,
  packageOf: (_root, file) => modulePath(file),
  imports: (n, _context, scope) => imports(n, scope),
  pathCall,
  typePath,
  skip: new Set(['line_comment', 'block_comment', 'string_literal', 'raw_string_literal', 'attribute_item', 'token_tree']),
};

export const RUST_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier', 'field_identifier']),
  definitions: {
    function_item: 'function',
    struct_item: 'struct',
    enum_item: 'enum',
    trait_item: 'interface',
    mod_item: 'module',
    type_item: 'type',
    const_item: 'constant',
    static_item: 'variable',
  },
  calls: { call_expression: 'function' },
  members: { field_expression: 'field' },
};

export const rustReader: SyntacticReader = genericReader('tree-sitter-rust', RUST_RULES);
