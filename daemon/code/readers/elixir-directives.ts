// Elixir's directives, attributes and captures, read beside the walk
// (elixir.ts): `alias`, `import` and `use`, which change what names mean in
// the module; `@behaviour`/`@callback`/`@spec`/`@type` and friends, whose
// names are types or declarations; and `&f/1`, which names a function
// without calling it.
import type { Node } from 'web-tree-sitter';
import { Kind } from '../syntactic/facts';
import {
  ANCESTOR_ATTRIBUTES,
  argumentsOf,
  CALLBACKS,
  functionKey,
  functionName,
  isOperator,
  keywordsOf,
  moduleKey,
  rangeOf,
  targetName,
  typeKey,
  TYPES,
} from './elixir-nodes';
import type { ElixirWalk } from './elixir-walk';

/** `@behaviour M`, `@callback f(x) :: t`, `@impl true`, `@doc "…"`: true when handled. */
export function attribute(w: ElixirWalk, n: Node): boolean {
  if (n.childForFieldName('operator')?.text !== '@') return false;
  const operand = n.childForFieldName('operand');
  if (!operand) return true;
  if (operand.type !== 'call') return true;
  const name = targetName(operand) ?? '';
  const args = argumentsOf(operand);
  if (ANCESTOR_ATTRIBUTES.has(name)) {
    const path = w.modulePath(args[0]);
    if (path && args[0]) {
      w.moduleRef(args[0], path);
      w.addAncestor(path);
      return true;
    }
  }
  if (CALLBACKS.has(name) || TYPES.has(name) || name === 'spec') {
    typespec(w, n, name, args[0]);
    return true;
  }
  // Any other attribute: its value is code (`@default Mod.f()`), its name is no call.
  for (const a of args) w.visit(a);
  return true;
}

/**
 * `@spec f(a) :: r when …` names f (a reference); `@type t(a) :: …` defines
 * the type t; `@callback f(a) :: r` declares the behaviour's function f.
 * Everything else in them is types.
 */
function typespec(w: ElixirWalk, n: Node, attribute: string, spec: Node | undefined): void {
  let body: Node | undefined = spec;
  const constraints: Node[] = [];
  if (isOperator(body, 'when')) {
    constraints.push(body.childForFieldName('right')!);
    body = body.childForFieldName('left') ?? undefined;
  }
  let head: Node | undefined;
  if (isOperator(body, '::')) {
    head = body.childForFieldName('left') ?? undefined;
    body = body.childForFieldName('right') ?? undefined;
  } else {
    head = body;
    body = undefined;
  }
  const nameNode = functionName(head);
  const module = w.module;
  if (nameNode && module && w.quoted === 0) {
    if (attribute === 'spec') w.ref(nameNode, w.localTarget(nameNode.text), false);
    else {
      const kind = TYPES.has(attribute) ? Kind.Type : attribute === 'callback' ? Kind.Method : Kind.Macro;
      for (const key of module.keys) {
        w.out.definitions.push({
          key: TYPES.has(attribute) ? typeKey(key, nameNode.text) : functionKey(key, nameNode.text),
          name: nameNode.text,
          kind,
          range: rangeOf(nameNode),
          extent: rangeOf(n),
        });
      }
    }
  }
  w.typed++;
  // A type's parameters are variables; a function's, types.
  const params = head?.type === 'call' && !TYPES.has(attribute) ? argumentsOf(head) : [];
  for (const x of [...params, ...(body ? [body] : []), ...constraints]) w.visit(x);
  w.typed--;
}

/** `&f/1`, `&Mod.f/2`: a reference to the function (not a call). */
export function capture(w: ElixirWalk, n: Node): boolean {
  if (n.childForFieldName('operator')?.text !== '&') return false;
  const operand = n.childForFieldName('operand');
  if (operand?.type !== 'binary_operator' || operand.childForFieldName('operator')?.text !== '/') return false;
  const f = operand.childForFieldName('left');
  if (f?.type === 'identifier') {
    w.ref(f, w.localTarget(f.text), false);
    return true;
  }
  if (f?.type === 'call' && f.childForFieldName('target')?.type === 'dot') {
    // The remote "call" the grammar sees in `&Mod.f/2` only names f.
    withoutCalls(w, () => w.visit(f));
    return true;
  }
  return false;
}

/** What `read` records are references, not calls. */
function withoutCalls(w: ElixirWalk, read: () => void): void {
  const before = w.out.references.length;
  read();
  for (const r of w.out.references.slice(before)) r.call = false;
}

/** `alias A.B`, `alias A.B, as: C`, `alias A.{B, C}`, `alias __MODULE__.X`. */
export function aliasDirective(w: ElixirWalk, n: Node): void {
  const args = argumentsOf(n);
  const first = args[0];
  if (!first) return;
  const as = keywordsOf(args).get('as');
  if (first.type === 'dot' && first.childForFieldName('right')?.type === 'tuple') {
    const base = w.modulePath(first.childForFieldName('left'));
    for (const item of first.childForFieldName('right')!.namedChildren) {
      if (item.type !== 'alias' || !base) continue;
      const path = [...base, ...item.text.split('.').map((p) => p.trim())];
      w.moduleRef(item, path, { import: true });
      w.frame.aliases.set(path[path.length - 1]!, path);
    }
    return;
  }
  const path = w.modulePath(first);
  if (!path) return w.children(n);
  w.moduleRef(first.type === 'dot' ? (first.childForFieldName('right') ?? first) : first, path, { import: true });
  const short = as?.type === 'alias' ? as.text : path[path.length - 1]!;
  w.frame.aliases.set(short, path);
}

/** `import M` (with or without `only:`): M's functions become local calls here. */
export function importDirective(w: ElixirWalk, n: Node): void {
  const args = argumentsOf(n);
  const path = w.modulePath(args[0]);
  if (!path || !args[0]) return w.children(n);
  w.moduleRef(args[0].type === 'dot' ? (args[0].childForFieldName('right') ?? args[0]) : args[0], path, { import: true });
  w.frame.imports.push(moduleKey(path));
  w.addInjected(path);
}

/** `use M, opts`: M's `__using__` injects code; its functions and macros are looked in for local calls, as an ancestor's. */
export function useDirective(w: ElixirWalk, n: Node): void {
  const args = argumentsOf(n);
  const path = w.modulePath(args[0]);
  if (!path || !args[0]) return w.children(n);
  w.moduleRef(args[0].type === 'dot' ? (args[0].childForFieldName('right') ?? args[0]) : args[0], path);
  w.addAncestor(path);
  w.addInjected(path);
  for (const a of args.slice(1)) w.visit(a);
}
