// Syntactic occurrences of one parsed file: every name with its range,
// definitions (with the kind their declaration implies), calls, and the
// innermost enclosing definition. No types, no scopes: names only.
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import type { GrammarId } from './parser';

export interface SyntacticOccurrence {
  name: string;
  /** 1-based, like the store; columns in UTF-16 code units. */
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  is_definition: boolean;
  is_call: boolean;
  /** For definitions: what the declaration makes the name. */
  kind?: string;
  containing_symbol: string | null;
}

interface Spec {
  names: ReadonlySet<string>;
  /** Declaration node type -> kind of the name in its `name` field. */
  definitions: Readonly<Record<string, string>>;
  /** Call node type -> the field holding the callee. */
  calls: Readonly<Record<string, string>>;
  /** Member-access node type -> the field holding the member name. */
  members: Readonly<Record<string, string>>;
}

const SCOPE_KINDS = new Set(['function', 'method', 'class', 'interface', 'enum', 'namespace', 'struct']);

const JS_DEFINITIONS: Record<string, string> = {
  function_declaration: 'function', generator_function_declaration: 'function', function_signature: 'function',
  class_declaration: 'class', abstract_class_declaration: 'class', class: 'class',
  method_definition: 'method', method_signature: 'method', abstract_method_signature: 'method',
  interface_declaration: 'interface', type_alias_declaration: 'type', enum_declaration: 'enum',
  internal_module: 'namespace', module: 'namespace',
  variable_declarator: 'variable', public_field_definition: 'property', property_signature: 'property',
};

const JS: Spec = {
  names: new Set(['identifier', 'type_identifier', 'property_identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern', 'private_property_identifier']),
  definitions: JS_DEFINITIONS,
  calls: { call_expression: 'function', new_expression: 'constructor' },
  members: { member_expression: 'property' },
};

const SPECS: Record<GrammarId, Spec> = {
  typescript: JS,
  tsx: JS,
  javascript: JS,
  python: {
    names: new Set(['identifier']),
    definitions: { function_definition: 'function', class_definition: 'class' },
    calls: { call: 'function' },
    members: { attribute: 'attribute' },
  },
  go: {
    names: new Set(['identifier', 'type_identifier', 'field_identifier']),
    definitions: { function_declaration: 'function', method_declaration: 'method', type_spec: 'type', const_spec: 'constant', var_spec: 'variable', field_declaration: 'property' },
    calls: { call_expression: 'function' },
    members: { selector_expression: 'field' },
  },
};

const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

interface Frame {
  type: string;
  field: string | null;
  /** For a declaration: the kind it gives its name. */
  kind?: string;
  /** Set when this node is a declaration whose name we push as a scope. */
  scope?: string;
}

export function extractOccurrences(tree: Tree, grammar: GrammarId): SyntacticOccurrence[] {
  const spec = SPECS[grammar];
  const out: SyntacticOccurrence[] = [];
  const frames: Frame[] = [];
  const scopes: string[] = [];
  const cursor = tree.walk();
  const visit = (c: TreeCursor): void => {
    const type = c.nodeType;
    const field = c.currentFieldName;
    if (spec.names.has(type)) {
      out.push(occurrence(c.currentNode, field, frames, scopes, spec, grammar));
      return;
    }
    const frame: Frame = { type, field };
    const declared = spec.definitions[type];
    if (declared) {
      const kind = kindOf(c.currentNode, type, declared, frames, grammar);
      frame.kind = kind;
      const name = c.currentNode.childForFieldName('name');
      if (name && SCOPE_KINDS.has(kind)) frame.scope = name.text;
    }
    frames.push(frame);
    if (frame.scope !== undefined) scopes.push(frame.scope);
    if (c.gotoFirstChild()) {
      do visit(c);
      while (c.gotoNextSibling());
      c.gotoParent();
    }
    if (frame.scope !== undefined) scopes.pop();
    frames.pop();
  };
  try {
    visit(cursor);
  } finally {
    cursor.delete();
  }
  return out;
}

function occurrence(node: Node, field: string | null, frames: Frame[], scopes: string[], spec: Spec, grammar: GrammarId): SyntacticOccurrence {
  const parent = frames[frames.length - 1];
  const grand = frames[frames.length - 2];
  let isDefinition = false;
  let kind: string | undefined;
  if (parent) {
    if (parent.kind !== undefined && field === 'name') {
      isDefinition = true;
      kind = parent.kind;
    } else if (grammar === 'python' && parent.type === 'assignment' && field === 'left' && !frames.some((f) => f.type === 'function_definition')) {
      isDefinition = true;
      kind = frames.some((f) => f.type === 'class_definition') ? 'property' : 'variable';
    }
  }
  let isCall = false;
  if (parent && !isDefinition) {
    if (spec.calls[parent.type] === field) isCall = true;
    else if (grand && spec.members[parent.type] === field && spec.calls[grand.type] === parent.field) isCall = true;
  }
  // A declaration's own name sits inside the scope it opens; its container is the one outside.
  const containerScopes = isDefinition && parent?.scope !== undefined ? scopes.slice(0, -1) : scopes;
  return {
    name: node.text,
    line: node.startPosition.row + 1,
    column: node.startPosition.column + 1,
    end_line: node.endPosition.row + 1,
    end_column: node.endPosition.column + 1,
    is_definition: isDefinition,
    is_call: isCall,
    ...(kind !== undefined ? { kind } : {}),
    containing_symbol: containerScopes.length > 0 ? containerScopes.join('.') : null,
  };
}

/** A Python function inside a class is a method; JS variables holding functions are functions. */
function kindOf(node: Node, type: string, declared: string, frames: Frame[], grammar: GrammarId): string {
  if (grammar === 'python' && type === 'function_definition' && isDirectlyInClass(frames)) return 'method';
  if (type === 'variable_declarator') {
    const value = node.childForFieldName('value');
    if (value && FUNCTION_VALUES.has(value.type)) return 'function';
  }
  if (grammar === 'go' && type === 'type_spec') {
    const t = node.childForFieldName('type');
    if (t?.type === 'struct_type') return 'struct';
    if (t?.type === 'interface_type') return 'interface';
  }
  return declared;
}

function isDirectlyInClass(frames: Frame[]): boolean {
  // function_definition <- block <- class_definition (possibly through a decorated_definition)
  for (let i = frames.length - 1; i >= 0; i--) {
    const t = frames[i]!.type;
    if (t === 'class_definition') return true;
    if (t === 'function_definition') return false;
  }
  return false;
}
