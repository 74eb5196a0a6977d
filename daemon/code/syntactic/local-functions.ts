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
import type { Language, Node, Parser, Query } from 'web-tree-sitter';
import { grammarOfLanguageFile, type GrammarId } from '../languages';
import type { LocalFunction, LocalFunctions, LocalFunctionSource } from '../store/locals';
import { parserFor, queryClass, type QueryClass } from './parser';

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
  /** Each grammar's query, compiled when its first file is read (10-30 ms each, cold). */
  private readonly queries = new Map<GrammarId, Query>();

  private constructor(
    private readonly parsers: ReadonlyMap<GrammarId, Parser>,
    private readonly Query: QueryClass,
  ) {}

  private static loading: Promise<LocalFunctionReader> | undefined;

  /**
   * Loads the TypeScript and JavaScript grammars once, so each document then
   * parses synchronously; one reader per thread, so a worker kept between
   * builds keeps its compiled queries too.
   */
  static load(): Promise<LocalFunctionReader> {
    if (!LocalFunctionReader.loading) {
      const loading = (async () => {
        const ids: GrammarId[] = ['typescript', 'tsx', 'javascript'];
        const loaded = await Promise.all(ids.map(async (id) => [id, await parserFor(id)] as const));
        return new LocalFunctionReader(new Map(loaded), await queryClass());
      })();
      // A failed load is tried again by the next build.
      loading.catch(() => {
        if (LocalFunctionReader.loading === loading) LocalFunctionReader.loading = undefined;
      });
      LocalFunctionReader.loading = loading;
    }
    return LocalFunctionReader.loading;
  }

  /** The function-like declarations of one file, or undefined when no grammar reads it (or the parse fails). */
  read(file: string, text: string): LocalFunctions | undefined {
    const grammar = grammarOfLanguageFile('typescript', file);
    const parser = grammar ? this.parsers.get(grammar) : undefined;
    if (!grammar || !parser) return undefined;
    const tree = parser.parse(text);
    if (!tree) return undefined;
    try {
      const out: LocalFunctions = new Map();
      // The query finds the candidates inside the WASM, in source order: walking
      // every node from here took as long as the parse.
      for (const { node } of this.candidates(grammar, parser).captures(tree.rootNode)) {
        const found = functionAt(node);
        if (!found) continue;
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
      return out;
    } finally {
      tree.delete();
    }
  }

  private candidates(grammar: GrammarId, parser: Parser): Query {
    let query = this.queries.get(grammar);
    if (!query) {
      query = new this.Query(parser.language!, candidatesQuery(parser.language!));
      this.queries.set(grammar, query);
    }
    return query;
  }
}

/**
 * Every node functionAt() may take, as a query of the types this grammar has:
 * declarations, and fields and declarators whose value is a function.
 */
function candidatesQuery(language: Language): string {
  const has = (type: string): boolean => !!language.idForNodeType(type, true);
  const values = [...FUNCTION_VALUES]
    .filter(has)
    .map((t) => `(${t})`)
    .join(' ');
  const patterns = [
    ...Object.keys(DECLARATIONS)
      .filter(has)
      .map((t) => `(${t})`),
    ...['public_field_definition', 'field_definition'].filter(has).map((t) => `(${t} value: [${values}])`),
    `(variable_declarator value: [${values}])`,
  ];
  return `[${patterns.join(' ')}] @candidate`;
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
