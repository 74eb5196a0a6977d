// Syntactic occurrences of one parsed file: every name with its range,
// definitions (with the kind their declaration implies), calls, and the
// innermost enclosing definition. No types, no scopes: names only. What each
// grammar's nodes mean is declared beside its reader (its SyntaxRules, readers/).
import type { Node, Tree, TreeCursor } from 'web-tree-sitter';
import type { GrammarId } from '../languages';
import { syntaxOf } from '../readers';
import type { SyntaxFrame as Frame, SyntaxRules } from '../syntactic/reader';

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
  /** Set for a name in a doc comment. */
  use?: 'doc';
}

const SCOPE_KINDS = new Set(['function', 'method', 'class', 'interface', 'enum', 'namespace', 'struct']);

export function extractOccurrences(tree: Tree, grammar: GrammarId): SyntacticOccurrence[] {
  const spec = syntaxOf(grammar);
  const out: SyntacticOccurrence[] = [];
  const frames: Frame[] = [];
  const scopes: string[] = [];
  const cursor = tree.walk();
  const visit = (c: TreeCursor): void => {
    const type = c.nodeType;
    const field = c.currentFieldName;
    if (spec.names.has(type)) {
      out.push(occurrence(c.currentNode, field, frames, scopes, spec));
      return;
    }
    const frame: Frame = { type, field };
    const declared = spec.definitions[type];
    if (declared) {
      const kind = spec.kindOf?.(c.currentNode, type, declared, frames) ?? declared;
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

function occurrence(node: Node, field: string | null, frames: Frame[], scopes: string[], spec: SyntaxRules): SyntacticOccurrence {
  const parent = frames[frames.length - 1];
  const grand = frames[frames.length - 2];
  let isDefinition = false;
  let kind: string | undefined;
  if (parent) {
    if (parent.kind !== undefined && field === 'name') {
      isDefinition = true;
      kind = parent.kind;
    } else {
      kind = spec.bareDefinition?.(parent, field, frames);
      isDefinition = kind !== undefined;
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
