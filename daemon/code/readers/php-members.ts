// What PHP declares inside a class body besides its methods (properties,
// constants, enum cases), and the class a type declaration names, read for
// the walk in php.ts through what it shows (php-walk.ts).
import type { Node } from 'web-tree-sitter';
import { Kind, memberKey, type Receiver } from '../syntactic/facts';
import { constantKey, PRIMITIVES, rangeOf, variableName } from './php-nodes';
import type { PhpWalk } from './php-walk';

/** The class a type declaration names: `X`, `?X`, `X|null`; undefined for primitives and real unions. */
export function typeOf(w: PhpWalk, t: Node): Receiver | undefined {
  if (t.type === 'named_type' || t.type === 'name' || t.type === 'qualified_name') {
    const text = t.type === 'named_type' ? (t.namedChildren[0]?.text ?? t.text) : t.text;
    if (text.toLowerCase() === 'static' || text.toLowerCase() === 'self') return w.currentClass ? { cls: w.currentClass.key } : undefined;
    const k = w.classKeyOf(text);
    return k ? { cls: k } : undefined;
  }
  if (t.type === 'optional_type') return t.namedChildren[0] ? typeOf(w, t.namedChildren[0]) : undefined;
  if (t.type === 'union_type') {
    const named = t.namedChildren.filter((c) => !(c.type === 'primitive_type' || (c.type === 'named_type' && PRIMITIVES.has(c.text.toLowerCase()))));
    return named.length === 1 ? typeOf(w, named[0]!) : undefined;
  }
  return undefined;
}

/** `public ?X $x = …;`: each property, typed where its declaration says. */
export function propertyDeclaration(w: PhpWalk, n: Node): void {
  const owner = w.currentClass;
  const typeNode = n.childForFieldName('type');
  const t = typeNode ? typeOf(w, typeNode) : undefined;
  for (const c of n.namedChildren) {
    if (c.type !== 'property_element') {
      w.visit(c);
      continue;
    }
    const v = c.childForFieldName('name') ?? c.namedChildren[0];
    const name = v ? variableName(v) : undefined;
    if (owner && v && name) {
      const inner = v.namedChildren.find((x) => x.type === 'name') ?? v;
      const key = memberKey(owner.key, name, 'property');
      w.out.definitions.push({ key, name, kind: Kind.Property, range: rangeOf(inner), extent: rangeOf(c) });
      if (t) w.out.types.set(key, t);
    }
    const value = c.childForFieldName('default_value');
    if (value) w.visit(value);
  }
}

/** `const A = 1, B = 2;`: a class's constants, or a namespace's. */
export function constDeclaration(w: PhpWalk, n: Node): void {
  const owner = w.currentClass;
  for (const c of n.namedChildren) {
    if (c.type !== 'const_element') {
      w.visit(c);
      continue;
    }
    const nameNode = c.namedChildren.find((x) => x.type === 'name');
    if (nameNode) {
      const key = owner ? memberKey(owner.key, nameNode.text, 'constant') : constantKey(w.qualify(nameNode.text));
      w.out.definitions.push({ key, name: nameNode.text, kind: Kind.Constant, range: rangeOf(nameNode), extent: rangeOf(c) });
    }
    for (const x of c.namedChildren) if (x !== nameNode) w.visit(x);
  }
}

/** `case A = 'a';` in an enum. */
export function enumCase(w: PhpWalk, n: Node): void {
  const owner = w.currentClass;
  const nameNode = n.childForFieldName('name');
  if (owner && nameNode)
    w.out.definitions.push({
      key: memberKey(owner.key, nameNode.text, 'constant'),
      name: nameNode.text,
      kind: Kind.EnumMember,
      range: rangeOf(nameNode),
      extent: rangeOf(n),
    });
  const value = n.childForFieldName('value');
  if (value) w.visit(value);
}
