// Small readings of tree-sitter-php nodes shared by the PHP walker and its
// Laravel side.
import type { Node } from 'web-tree-sitter';

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
