// What C and C++ share: declarators nest (`*f(int)`, `Foo::bar`), so a
// definition's name is found by following `declarator` fields.
import type { Node } from 'web-tree-sitter';
import type { Callee } from '../syntactic/generic-rules';
import type { SyntaxRules } from '../syntactic/reader';

const NAMES = new Set(['identifier', 'field_identifier', 'type_identifier', 'operator_name', 'destructor_name', 'qualified_identifier']);

/** The innermost declarator: the name a declaration defines (a qualified_identifier for `Foo::bar`). */
export function declaratorName(n: Node | null | undefined): Node | undefined {
  return innermost(n?.childForFieldName('declarator'));
}

/** Follows declarators from d itself down to the name. */
export function innermost(start: Node | null | undefined): Node | undefined {
  let d = start;
  for (let i = 0; d && i < 16; i++) {
    if (NAMES.has(d.type)) return d;
    d = d.childForFieldName('declarator') ?? d.namedChildren.find((c) => NAMES.has(c.type) || c.type.endsWith('declarator')) ?? null;
  }
  return undefined;
}

/** `Foo::bar` -> its last name; a plain name is itself. */
export function lastOfQualified(n: Node | undefined): Node | undefined {
  let q = n;
  for (let i = 0; q?.type === 'qualified_identifier' && i < 16; i++) q = q.childForFieldName('name') ?? undefined;
  return q;
}

/** `a::B::bar` -> ['a', 'B']. */
export function qualifierOf(n: Node | undefined): string[] {
  const out: string[] = [];
  let q = n;
  for (let i = 0; q?.type === 'qualified_identifier' && i < 16; i++) {
    const scope = q.childForFieldName('scope');
    if (scope) out.push(scope.text.replace(/<.*$/s, ''));
    q = q.childForFieldName('name') ?? undefined;
  }
  return out;
}

/** Does this declaration declare a function (a prototype), not a variable? */
export function declaresFunction(n: Node): boolean {
  let d = n.childForFieldName('declarator');
  for (let i = 0; d && i < 16; i++) {
    if (d.type === 'function_declarator') return true;
    if (d.type === 'init_declarator') return false;
    d = d.childForFieldName('declarator');
  }
  return false;
}

export const parameterTypes = (n: Node): Array<[string, Node]> => {
  const fn = findFunctionDeclarator(n);
  return (fn?.childForFieldName('parameters')?.namedChildren ?? []).flatMap((p) => {
    const type = p.childForFieldName('type');
    const name = declaratorName(p) ?? p.childForFieldName('declarator') ?? undefined;
    return type && name && name.type === 'identifier' ? [[name.text, type] as [string, Node]] : [];
  });
};

function findFunctionDeclarator(n: Node): Node | undefined {
  let d = n.childForFieldName('declarator');
  for (let i = 0; d && i < 16; i++) {
    if (d.type === 'function_declarator') return d;
    d = d.childForFieldName('declarator');
  }
  return undefined;
}

/** A local declaration's variables with the declared type. */
export const declaredVariables = (n: Node): Array<[string, Node | undefined, Node | undefined]> => {
  const type = n.childForFieldName('type') ?? undefined;
  return n.childrenForFieldName('declarator').flatMap((d) => {
    if (d.type === 'function_declarator') return [];
    const name = innermost(d.type === 'init_declarator' ? d.childForFieldName('declarator') : d);
    return name?.type === 'identifier'
      ? [
          [
            name.text,
            type?.type === 'placeholder_type_specifier' ? undefined : type,
            d.type === 'init_declarator' ? (d.childForFieldName('value') ?? undefined) : undefined,
          ] as [string, Node | undefined, Node | undefined],
        ]
      : [];
  });
};

/** A struct, union, enum or class with a body: a definition, not a mention (`struct foo *p`). */
export const hasBody = (n: Node): boolean => n.childForFieldName('body') !== null;

/** The names a field declaration declares (`int a, *b;`). */
export const fieldNames = (n: Node): Node[] =>
  n
    .childrenForFieldName('declarator')
    .map((d) => innermost(d) ?? d)
    .filter((d) => d.type === 'field_identifier');

/** The callee of a call_expression: `f()`, `p->f()` / `o.f()` (the receiver typed when it can be), and C++'s `Type::f()`. */
export function callTarget(n: Node): Callee | undefined {
  const fn = n.childForFieldName('function');
  if (fn?.type === 'identifier') return { name: fn };
  if (fn?.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    const argument = fn.childForFieldName('argument');
    return field ? { name: lastOfQualified(field) ?? field, ...(argument ? { receiver: argument } : {}) } : undefined;
  }
  if (fn?.type === 'qualified_identifier') {
    const name = lastOfQualified(fn);
    const scope = fn.childForFieldName('scope');
    return name && name.type === 'identifier' ? { name, ...(scope ? { receiver: scope } : {}) } : undefined;
  }
  return undefined;
}

/** A function's name sits in its declarator (`int f(void)`, `char *f(void)`): C and C++ alike. */
export const declaratorDefinition: NonNullable<SyntaxRules['bareDefinition']> = (parent, field, frames) => {
  if (parent.type !== 'function_declarator' || field !== 'declarator') return undefined;
  for (let i = frames.length - 2; i >= 0; i--) {
    const t = frames[i]!.type;
    if (t === 'function_definition' || t === 'declaration') return 'function';
    if (t === 'field_declaration') return 'method';
    if (!t.endsWith('declarator')) return undefined;
  }
  return undefined;
};
