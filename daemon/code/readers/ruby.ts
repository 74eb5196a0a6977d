// Ruby: the syntactic indexer. Modules and classes nest (`A::B`); `include`
// and `extend` mix modules in; calls need no parentheses, so a bare
// identifier counts as a call only when a method of that name is in scope;
// `x = Foo.new` types x.
import type { Node } from 'web-tree-sitter';
import { Kind } from '../syntactic/facts';
import { genericReader } from '../syntactic/generic';
import type { GenericRules } from '../syntactic/generic-rules';
import type { SyntacticReader, SyntaxRules } from '../syntactic/reader';

const MIXINS = new Set(['include', 'extend', 'prepend']);

/** `class A::B::C` defines C inside A::B. */
const lastConstant = (n: Node): Node | null => {
  const name = n.childForFieldName('name');
  return name?.type === 'scope_resolution' ? name.childForFieldName('name') : name;
};
const qualifier = (n: Node): string[] => {
  const name = n.childForFieldName('name');
  if (name?.type !== 'scope_resolution') return [];
  return (name.childForFieldName('scope')?.text ?? '').split('::').filter((p) => p.length > 0);
};
const mixins = (n: Node): Node[] => {
  const out: Node[] = [];
  const superclass = n.childForFieldName('superclass');
  if (superclass?.namedChildren[0]) out.push(superclass.namedChildren[0]);
  for (const c of n.childForFieldName('body')?.namedChildren ?? []) {
    if (c.type !== 'call' || c.childForFieldName('receiver') || !MIXINS.has(c.childForFieldName('method')?.text ?? '')) continue;
    for (const a of c.childForFieldName('arguments')?.namedChildren ?? []) if (a.type === 'constant' || a.type === 'scope_resolution') out.push(a);
  }
  return out;
};

export const RUBY_RULES: GenericRules = {
  language: 'ruby',
  definitions: {
    module: { kind: Kind.Module, container: 'type', name: lastConstant, qualifier, supers: mixins },
    class: { kind: Kind.Class, container: 'type', name: lastConstant, qualifier, supers: mixins },
    method: { kind: Kind.Method },
    singleton_method: { kind: Kind.Method },
  },
  calls: {
    call: (n) => {
      const method = n.childForFieldName('method');
      if (!method || (method.type !== 'identifier' && method.type !== 'constant')) return undefined;
      const receiver = n.childForFieldName('receiver');
      return { name: method, ...(receiver ? { receiver } : {}) };
    },
  },
  typeNames: new Set(['constant']),
  selfTypes: new Set(['self']),
  variables: {
    assignment: (n) => {
      const left = n.childForFieldName('left');
      const right = n.childForFieldName('right') ?? undefined;
      return left?.type === 'identifier' || left?.type === 'instance_variable' ? [[left.text, undefined, right]] : [];
    },
  },
  constructed(v) {
    if (v.type !== 'call' || v.childForFieldName('method')?.text !== 'new') return undefined;
    const r = v.childForFieldName('receiver');
    return r && (r.type === 'constant' || r.type === 'scope_resolution') ? r : undefined;
  },
  typeNameOf: (n) => (n.type === 'scope_resolution' ? (n.childForFieldName('name') ?? undefined) : undefined),
  bareCalls: new Set(['identifier']),
  skip: new Set(['comment', 'string', 'heredoc_body', 'regex']),
};

export const RUBY_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'constant']),
  definitions: { method: 'method', singleton_method: 'method', class: 'class', module: 'module' },
  calls: { call: 'method' },
  members: {},
};

export const rubyReader: SyntacticReader = genericReader('tree-sitter-ruby', RUBY_RULES);
