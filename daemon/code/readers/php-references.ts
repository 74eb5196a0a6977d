// PHP's references, read beside the walk (php.ts): calls (functions, static,
// member), member and property access, `new`, class constants, type names,
// `instanceof`, catch clauses, attributes and callable arrays. Receivers are
// typed where the source declares them; a call on anything else is recorded
// as unresolved, never bound to a same-named method elsewhere.
import type { Node } from 'web-tree-sitter';
import type { Receiver } from '../syntactic/facts';
import { functionKey, lastName, PRIMITIVES, stringValue, trimSlash, variableName } from './php-nodes';
import type { PhpWalk } from './php-walk';

/** `$x = new X(...)` gives $x the type X for the rest of the function. */
export function assignment(w: PhpWalk, n: Node): void {
  const left = n.childForFieldName('left');
  const right = n.childForFieldName('right');
  if (left?.type === 'variable_name' && right) {
    const name = variableName(left);
    const t = receiverOf(w, right, true);
    if (name && name !== 'this') {
      if (t) w.scope.vars.set(name, t);
      else w.scope.vars.delete(name);
    }
  }
  w.visitChildren(n);
}

export function functionCall(w: PhpWalk, n: Node): void {
  const fn = n.childForFieldName('function');
  const args = n.childForFieldName('arguments');
  if (fn && (fn.type === 'name' || fn.type === 'qualified_name')) {
    const text = fn.text;
    const last = lastName(fn);
    if (text.startsWith('\\')) w.ref(last, { type: 'symbol', key: functionKey(trimSlash(text)) }, true);
    else if (text.includes('\\')) {
      const fqn = w.resolveClassName(text);
      if (fqn) w.ref(last, { type: 'symbol', key: functionKey(fqn) }, true);
    } else {
      const imported = w.functions.get(text.toLowerCase());
      if (imported) w.ref(last, { type: 'symbol', key: functionKey(imported) }, true);
      // Unqualified: the namespace's function if one exists, else the global one (PHP's own fallback).
      else w.ref(last, { type: 'first', candidates: w.namespace ? [functionKey(w.qualify(text)), functionKey(text)] : [functionKey(text)] }, true);
      w.laravel.functionCalled(text, args);
    }
  } else if (fn) w.visit(fn);
  if (args) w.visit(args);
}

export function scopedCall(w: PhpWalk, n: Node): void {
  const scope = n.childForFieldName('scope');
  const name = n.childForFieldName('name');
  const args = n.childForFieldName('arguments');
  if (scope && name && name.type === 'name') {
    if (scope.type === 'relative_scope') {
      const word = scope.text.toLowerCase();
      const owner = word === 'parent' ? w.currentClass?.parent : w.currentClass?.key;
      if (owner) w.ref(name, { type: 'member', owner: { cls: owner }, name: name.text, member: 'method' }, true);
      else w.ref(name, { type: 'unresolved', name: name.text, member: 'method' }, true);
    } else if (scope.type === 'name' || scope.type === 'qualified_name') {
      const k = w.classKeyOf(scope.text);
      if (k) {
        w.ref(lastName(scope), { type: 'symbol', key: k }, false);
        w.ref(name, { type: 'static', owner: k, name: name.text }, true);
        if (w.laravel.staticCalled(scope.text, name.text, args, (a) => w.visit(a))) return;
      }
    } else {
      w.visit(scope);
      w.ref(name, { type: 'unresolved', name: name.text, member: 'method' }, true);
    }
  } else if (scope) w.visit(scope);
  if (args) w.visit(args);
}

export function memberCall(w: PhpWalk, n: Node): void {
  const object = n.childForFieldName('object');
  const name = n.childForFieldName('name');
  const args = n.childForFieldName('arguments');
  const prefix = name?.text === 'group' && object ? w.laravel.groupPrefix(object) : undefined;
  if (object) w.visit(object);
  if (name && name.type === 'name') {
    const owner = object ? receiverOf(w, object, false) : undefined;
    w.ref(name, owner ? { type: 'member', owner, name: name.text, member: 'method' } : { type: 'unresolved', name: name.text, member: 'method' }, true);
    w.laravel.methodCalled(n, name.text, args);
  } else if (name) w.visit(name);
  if (args) w.laravel.underGroup(prefix, () => w.visit(args));
}

export function memberAccess(w: PhpWalk, n: Node): void {
  const object = n.childForFieldName('object');
  const name = n.childForFieldName('name');
  if (object) w.visit(object);
  if (name && name.type === 'name') {
    const owner = object ? receiverOf(w, object, false) : undefined;
    w.ref(name, owner ? { type: 'member', owner, name: name.text, member: 'property' } : { type: 'unresolved', name: name.text, member: 'property' }, false);
  } else if (name) w.visit(name);
}

/** The declared class of an expression used as a receiver, when syntax says it. */
export function receiverOf(w: PhpWalk, e: Node, creating: boolean): Receiver | undefined {
  switch (e.type) {
    case 'variable_name': {
      const name = variableName(e);
      return name ? w.scope.vars.get(name) : undefined;
    }
    case 'parenthesized_expression':
      return e.namedChildren[0] ? receiverOf(w, e.namedChildren[0], creating) : undefined;
    case 'object_creation_expression': {
      const c = e.namedChildren.find((x) => x.type === 'name' || x.type === 'qualified_name');
      const k = c && w.classKeyOf(c.text);
      return k ? { cls: k } : undefined;
    }
    case 'member_access_expression':
    case 'nullsafe_member_access_expression': {
      if (creating) return undefined;
      const of = e.childForFieldName('object');
      const name = e.childForFieldName('name');
      const base = of && receiverOf(w, of, false);
      return base && name?.type === 'name' ? { of: base, name: name.text, via: 'property' } : undefined;
    }
    case 'member_call_expression':
    case 'nullsafe_member_call_expression': {
      if (creating) return undefined;
      const of = e.childForFieldName('object');
      const name = e.childForFieldName('name');
      const base = of && receiverOf(w, of, false);
      return base && name?.type === 'name' ? { of: base, name: name.text, via: 'method' } : undefined;
    }
    case 'scoped_call_expression': {
      if (creating) return undefined;
      const scope = e.childForFieldName('scope');
      const name = e.childForFieldName('name');
      if (!scope || name?.type !== 'name') return undefined;
      const owner =
        scope.type === 'relative_scope'
          ? scope.text.toLowerCase() === 'parent'
            ? w.currentClass?.parent
            : w.currentClass?.key
          : scope.type === 'name' || scope.type === 'qualified_name'
            ? w.classKeyOf(scope.text)
            : undefined;
      return owner ? { of: { cls: owner }, name: name.text, via: 'method' } : undefined;
    }
    default:
      return undefined;
  }
}

export function creation(w: PhpWalk, n: Node): void {
  for (const c of n.namedChildren) {
    if (c.type === 'name' || c.type === 'qualified_name') {
      const k = w.classKeyOf(c.text);
      if (k) w.ref(lastName(c), { type: 'symbol', key: k }, true);
    } else w.visit(c);
  }
}

/** `X::class`, `X::CONSTANT`, `self::CONSTANT`. */
export function classConstant(w: PhpWalk, n: Node): void {
  const [scope, member] = n.namedChildren;
  if (!scope || !member) return w.visitChildren(n);
  let owner: string | undefined;
  if (scope.type === 'relative_scope') owner = scope.text.toLowerCase() === 'parent' ? w.currentClass?.parent : w.currentClass?.key;
  else if (scope.type === 'name' || scope.type === 'qualified_name') {
    owner = w.classKeyOf(scope.text);
    if (owner) w.ref(lastName(scope), { type: 'symbol', key: owner }, false);
  } else w.visit(scope);
  if (member.type === 'name' && member.text !== 'class') {
    w.ref(
      member,
      owner ? { type: 'member', owner: { cls: owner }, name: member.text, member: 'constant' } : { type: 'unresolved', name: member.text, member: 'constant' },
      false,
    );
  }
}

export function scopedProperty(w: PhpWalk, n: Node): void {
  const scope = n.childForFieldName('scope');
  const name = n.childForFieldName('name');
  let owner: string | undefined;
  if (scope?.type === 'relative_scope') owner = scope.text.toLowerCase() === 'parent' ? w.currentClass?.parent : w.currentClass?.key;
  else if (scope && (scope.type === 'name' || scope.type === 'qualified_name')) {
    owner = w.classKeyOf(scope.text);
    if (owner) w.ref(lastName(scope), { type: 'symbol', key: owner }, false);
  } else if (scope) w.visit(scope);
  const prop = name ? variableName(name) : undefined;
  if (name && prop) {
    const inner = name.namedChildren.find((c) => c.type === 'name') ?? name;
    w.ref(
      inner,
      owner ? { type: 'member', owner: { cls: owner }, name: prop, member: 'property' } : { type: 'unresolved', name: prop, member: 'property' },
      false,
    );
  }
}

export function typeReference(w: PhpWalk, n: Node): void {
  const c = n.namedChildren[0];
  if (!c || (c.type !== 'name' && c.type !== 'qualified_name')) return;
  const lower = c.text.toLowerCase();
  if (lower === 'self' || lower === 'static' || PRIMITIVES.has(lower)) return;
  const k = w.classKeyOf(c.text);
  if (k) w.ref(lastName(c), { type: 'symbol', key: k }, false);
}

/** `$x instanceof X` */
export function binary(w: PhpWalk, n: Node): void {
  const op = n.childForFieldName('operator');
  const right = n.childForFieldName('right');
  if (op?.text === 'instanceof' && right && (right.type === 'name' || right.type === 'qualified_name')) {
    const left = n.childForFieldName('left');
    if (left) w.visit(left);
    const k = w.classKeyOf(right.text);
    if (k) w.ref(lastName(right), { type: 'symbol', key: k }, false);
    return;
  }
  w.visitChildren(n);
}

export function catchClause(w: PhpWalk, n: Node): void {
  for (const c of n.namedChildren) {
    if (c.type === 'type_list') {
      for (const t of c.namedChildren) w.visit(t);
    } else w.visit(c);
  }
}

export function attribute(w: PhpWalk, n: Node): void {
  for (const c of n.namedChildren) {
    if (c.type === 'name' || c.type === 'qualified_name') {
      const k = w.classKeyOf(c.text);
      if (k) w.ref(lastName(c), { type: 'symbol', key: k }, true);
    } else w.visit(c);
  }
}

export function classNames(w: PhpWalk, n: Node): void {
  for (const c of n.namedChildren) {
    const k = (c.type === 'name' || c.type === 'qualified_name') && w.classKeyOf(c.text);
    if (k) w.ref(lastName(c), { type: 'symbol', key: k }, false);
  }
}

/** `[UserController::class, 'show']`, a callable (a route's action): also a reference to the method. */
export function array(w: PhpWalk, n: Node): void {
  w.visitChildren(n);
  const elements = n.namedChildren.filter((c) => c.type === 'array_element_initializer');
  if (elements.length !== 2 || elements.some((e) => e.namedChildren.length !== 1)) return;
  const [cls, method] = elements.map((e) => e.namedChildren[0]!);
  if (cls!.type !== 'class_constant_access_expression' || cls!.namedChildren[1]?.text !== 'class') return;
  const name = stringValue(method!);
  const owner = w.classKeyOf(cls!.namedChildren[0]!.text);
  const content = method!.namedChildren[0];
  if (!owner || !name || !/^\w+$/.test(name) || !content) return;
  w.ref(content, { type: 'member', owner: { cls: owner }, name, member: 'method' }, false);
}
