// Small readings of tree-sitter-php nodes and names shared by the PHP walker
// (php.ts, php-references.ts) and its Laravel side.
import type { Node } from 'web-tree-sitter';
import { descriptor, type Range } from '../syntactic/facts';

/** The value of a string literal without interpolation, else undefined. */
export function stringValue(n: Node): string | undefined {
  if (n.type !== 'string' && n.type !== 'encapsed_string') return undefined;
  const parts = n.namedChildren;
  if (parts.some((p) => p.type !== 'string_content' && p.type !== 'string_value' && p.type !== 'escape_sequence')) return undefined;
  return parts.map((p) => p.text).join('');
}

/** The first descendant of a type, outside nested closures. */
export function findFirst(n: Node | null | undefined, type: string): Node | undefined {
  if (!n) return undefined;
  if (n.type === type) return n;
  for (const c of n.namedChildren) {
    if (c.type === 'anonymous_function' || c.type === 'arrow_function') continue;
    const f = findFirst(c, type);
    if (f) return f;
  }
  return undefined;
}

export const rangeOf = (n: Node): Range => [n.startPosition.row, n.startPosition.column, n.endPosition.row, n.endPosition.column];

/** Type names that are no class. */
export const PRIMITIVES = new Set([
  'array',
  'bool',
  'boolean',
  'callable',
  'float',
  'double',
  'int',
  'integer',
  'iterable',
  'mixed',
  'null',
  'object',
  'string',
  'void',
  'never',
  'false',
  'true',
  'resource',
]);

/** `A\B\f` -> `A/B/f().`. */
export const functionKey = (fqn: string): string => {
  const parts = fqn.split('\\').filter((s) => s.length > 0);
  const name = parts.pop() ?? '';
  return `${parts.map((p) => `${descriptor(p)}/`).join('')}${descriptor(name)}().`;
};
export const constantKey = (fqn: string): string => functionKey(fqn).replace(/\(\)\.$/, '.');

export function trimSlash(s: string): string {
  return s.replace(/^\\+/, '');
}

/** `A/B/C#` -> `A\B\C`. */
export function keyToFqn(key: string): string {
  return key
    .replace(/#$/, '')
    .split('/')
    .map((p) => p.replace(/^`|`$/g, ''))
    .join('\\');
}

/** The last `name` of a qualified name (what a reference's range covers). */
export function lastName(n: Node): Node {
  if (n.type !== 'qualified_name') return n;
  const names = n.namedChildren.filter((c) => c.type === 'name');
  return names[names.length - 1] ?? n;
}

/** `$x` -> `x`; undefined for `$$x` and other dynamic names. */
export function variableName(n: Node): string | undefined {
  if (n.type !== 'variable_name') return undefined;
  const inner = n.namedChildren[0];
  return inner?.type === 'name' ? inner.text : undefined;
}
