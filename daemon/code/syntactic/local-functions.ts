// The functions declared inside other functions, for the call graph.
// scip-typescript gives a local definition (an inner function, a `const`
// arrow, an object literal's method, a class declared in a function body) no
// enclosing range, so calls from it would count for the function around it
// and nothing could list what it calls. Tree-sitter finds each one's extent,
// keyed by where its name starts; ingest gives those extents to the locals
// it stores. What counts as a function of its own is what the TypeScript
// call hierarchy counts: function declarations, methods, classes, and a
// `const` or a class field bound to an arrow or function expression (not a
// `let`, not an object key, not an anonymous callback: calls inside a
// callback passed as an argument belong to the named function around it).
// The same reading gives a top-level `const f = () => …` the kind
// 'function' (SCIP says only that it is a constant).
import type { Node, Parser } from 'web-tree-sitter';
import { grammarOfLanguageFile, type GrammarId } from '../languages';
import type { LocalFunction, LocalFunctions, LocalFunctionSource } from '../store/locals';
import { parserFor } from './parser';

export type { LocalFunction, LocalFunctions } from '../store/locals';

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);
const DECLARATIONS: Record<string, LocalFunction['kind']> = {
  function_declaration: 'function',
  generator_function_declaration: 'function',
  method_definition: 'method',
  class_declaration: 'class',
  abstract_class_declaration: 'class',
  class: 'class',
};

export class LocalFunctionReader implements LocalFunctionSource {
  private constructor(private readonly parsers: ReadonlyMap<GrammarId, Parser>) {}

  /** Loads the TypeScript and JavaScript grammars once, so each document then parses synchronously. */
  static async load(): Promise<LocalFunctionReader> {
    const ids: GrammarId[] = ['typescript', 'tsx', 'javascript'];
    const loaded = await Promise.all(ids.map(async (id) => [id, await parserFor(id)] as const));
    return new LocalFunctionReader(new Map(loaded));
  }

  /** The function-like declarations of one file, or undefined when no grammar reads it (or the parse fails). */
  read(file: string, text: string): LocalFunctions | undefined {
    const grammar = grammarOfLanguageFile('typescript', file);
    const parser = grammar ? this.parsers.get(grammar) : undefined;
    if (!parser) return undefined;
    const tree = parser.parse(text);
    if (!tree) return undefined;
    try {
      const out: LocalFunctions = new Map();
      const stack: Node[] = [tree.rootNode];
      while (stack.length > 0) {
        const n = stack.pop()!;
        const found = functionAt(n);
        if (found) {
          const name = found.name;
          const owner = found.kind === 'method' ? objectOwner(found.node) : undefined;
          out.set(`${name.startPosition.row}:${name.startPosition.column}`, {
            extent: [found.node.startPosition.row, found.node.startPosition.column, found.node.endPosition.row, found.node.endPosition.column],
            kind: found.kind,
            ...(owner && name.type === 'property_identifier'
              ? { objectMethod: { name: name.text, owner: [owner.startPosition.row, owner.startPosition.column] } }
              : {}),
          });
        }
        for (let i = n.namedChildCount - 1; i >= 0; i--) {
          const c = n.namedChild(i);
          if (c) stack.push(c);
        }
      }
      return out;
    } finally {
      tree.delete();
    }
  }
}

function functionAt(n: Node): { node: Node; name: Node; kind: LocalFunction['kind'] } | undefined {
  const kind = DECLARATIONS[n.type];
  if (kind) {
    const name = n.childForFieldName('name');
    return name ? { node: n, name, kind } : undefined;
  }
  if (n.type === 'public_field_definition' || n.type === 'field_definition') {
    // A class field bound to an arrow is a method to the call hierarchy.
    const value = n.childForFieldName('value');
    const name = n.childForFieldName('name') ?? n.childForFieldName('property');
    return value && name && FUNCTION_VALUES.has(value.type) ? { node: n, name, kind: 'method' } : undefined;
  }
  if (n.type !== 'variable_declarator') return undefined;
  const value = n.childForFieldName('value');
  const name = n.childForFieldName('name');
  if (!value || !name || name.type !== 'identifier' || !FUNCTION_VALUES.has(value.type)) return undefined;
  // `const` only, as the call hierarchy has it (`let f = () => …` may be reassigned).
  const declaration = n.parent;
  if (declaration?.type !== 'lexical_declaration' || declaration.child(0)?.type !== 'const') return undefined;
  return { node: n, name, kind: 'function' };
}

/** Wrappers an object literal may sit in and stay the value bound (`{…} as T`, `{…} satisfies T`, `({…})`). */
const TRANSPARENT = new Set(['as_expression', 'satisfies_expression', 'parenthesized_expression', 'non_null_expression']);

/** The name a method's object literal is bound to by a variable declaration, if it is. */
function objectOwner(method: Node): Node | undefined {
  let object = method.parent;
  if (object?.type !== 'object') return undefined;
  while (object.parent && TRANSPARENT.has(object.parent.type)) object = object.parent;
  const declarator = object.parent;
  if (declarator?.type !== 'variable_declarator' || declarator.childForFieldName('value')?.id !== object.id) return undefined;
  const name = declarator.childForFieldName('name');
  return name?.type === 'identifier' ? name : undefined;
}
