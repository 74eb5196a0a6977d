// Rust: the syntactic indexer. Modules are files and `mod` blocks; `impl
// [Trait for] Type` adds methods (and the trait) to Type; `self.`, `Type::`
// and `let x: T` / `let x = T::new()` type receivers; any other receiver is
// unresolved (no type inference here).
import type { Node } from 'web-tree-sitter';
import { Kind } from '../syntactic/facts';
import { genericReader, type GenericRules } from '../syntactic/generic';
import { defineGrammar, defineLanguage, type SyntaxRules } from './language';

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

export const RUST_RULES: GenericRules = {
  language: 'rust',
  definitions: {
    mod_item: { kind: Kind.Module, container: 'namespace' },
    struct_item: { kind: Kind.Struct, container: 'type' },
    enum_item: { kind: Kind.Enum, container: 'type' },
    union_item: { kind: Kind.Union, container: 'type' },
    trait_item: { kind: Kind.Trait, container: 'type' },
    impl_item: { kind: Kind.Struct, impl: true, ownerType: (n) => n.childForFieldName('type'), supers: (n) => { const t = n.childForFieldName('trait'); return t ? [t] : []; } },
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
  typeNameOf: (n) => (n.type === 'generic_type' ? (n.childForFieldName('type') ?? undefined) : n.type === 'scoped_type_identifier' ? (n.childForFieldName('name') ?? undefined) : undefined),
  packageOf: (_root, file) => modulePath(file),
  skip: new Set(['line_comment', 'block_comment', 'string_literal', 'raw_string_literal', 'use_declaration', 'attribute_item', 'token_tree']),
};

const RULES: SyntaxRules = {
  names: new Set(['identifier', 'type_identifier', 'field_identifier']),
  definitions: { function_item: 'function', struct_item: 'struct', enum_item: 'enum', trait_item: 'interface', mod_item: 'module', type_item: 'type', const_item: 'constant', static_item: 'variable' },
  calls: { call_expression: 'function' },
  members: { field_expression: 'field' },
};

const RUST = defineGrammar({ id: 'rust', wasm: { package: '@vscode/tree-sitter-wasm', file: 'wasm/tree-sitter-rust.wasm' }, rules: RULES });

export const rust = defineLanguage({
  id: 'rust',
  displayName: 'Rust',
  extensions: { '.rs': { grammar: RUST } },
  markers: ['Cargo.toml'],
  tests: [/(^|\/)tests\/[^/]*\.rs$/, /_test\.rs$/],
  syntactic: genericReader('tree-sitter-rust', RUST_RULES),
});
