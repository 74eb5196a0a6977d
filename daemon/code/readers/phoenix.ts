// Phoenix, read beside Elixir's walk (elixir.ts): a router's `scope` gives
// the controllers inside it their module prefix, and `get "/", PageController,
// :home` is a call of PageController.home; a `~H` template's function
// components (`<.card>`, `<Core.button>`) are calls and its `phx-click`
// events go to the module's handle_event.
import type { Node } from 'web-tree-sitter';
import type { Range, Target } from '../syntactic/facts';
import { argumentsOf, COMPONENT, EVENT, functionKey, keywordsOf, lastSegmentRange, moduleKey } from './elixir-nodes';
import type { ElixirWalk } from './elixir-walk';

export function routeAliasOf(w: ElixirWalk): string[] | undefined {
  for (let i = w.frames.length - 1; i >= 0; i--) if (w.frames[i]!.routeAlias) return w.frames[i]!.routeAlias;
  return undefined;
}

/** A module in a Phoenix scope: the scope's alias prefixed, else the name as written. */
export function scopedModuleRef(w: ElixirWalk, n: Node, scoped: readonly string[], plain: readonly string[]): void {
  const name = plain[plain.length - 1]!;
  const range = lastSegmentRange(n, n.text.split('.').pop()!.trim());
  w.out.references.push({
    range,
    target: {
      type: 'oneOf',
      options: [
        { type: 'symbol', key: moduleKey(scoped) },
        { type: 'symbol', key: moduleKey(plain) },
      ],
      name,
      member: 'type',
    },
    call: false,
  });
}

/** `scope "/path", AppWeb do … end` (or `alias: AppWeb`): route modules inside are AppWeb's; nested scopes add up. */
export function routeScope(w: ElixirWalk, n: Node): void {
  const args = argumentsOf(n);
  const aliasNode = args.find((a, i) => i > 0 && a.type === 'alias') ?? keywordsOf(args).get('alias');
  const path = aliasNode?.type === 'alias' ? w.modulePath(aliasNode) : undefined;
  // The scope's own alias is read outside it (a nested scope's through the outer one's).
  for (const a of args) w.visit(a);
  const outer = routeAliasOf(w) ?? [];
  // `alias: false` drops the outer scopes' alias.
  const routeAlias = path ? [...outer, ...path] : keywordsOf(args).get('alias')?.text === 'false' ? [] : undefined;
  w.frames.push({ path: w.module?.path ?? [], keys: [], aliases: new Map(), imports: [], definitions: [], ...(routeAlias ? { routeAlias } : {}) });
  w.block(n);
  w.frames.pop();
}

/** `get "/", PageController, :home`: the action is a call of PageController.home. */
export function route(w: ElixirWalk, n: Node): void {
  const [, controller, action] = argumentsOf(n);
  if (controller?.type !== 'alias' || action?.type !== 'atom') return;
  const plain = w.modulePath(controller);
  if (!plain) return;
  const name = action.text.replace(/^:/, '');
  const scoped = routeAliasOf(w);
  const options: Target[] = [...(scoped && scoped.length > 0 ? [[...scoped, ...plain]] : []), plain].map((p) => ({
    type: 'symbol',
    key: functionKey(moduleKey(p), name),
  }));
  w.ref(action, { type: 'oneOf', options, name, member: 'method' }, true);
}

/** `~H"""<.card title="x" />"""`: each function component is a call of its function (the template's Elixir is not parsed). */
export function template(w: ElixirWalk, n: Node): void {
  for (const content of n.namedChildren) {
    if (content.type !== 'quoted_content') continue;
    const text = content.text;
    for (const m of text.matchAll(COMPONENT)) {
      const name = m[1] ?? m[3]!;
      const range = rangeIn(content, m.index + m[0].length - name.length, name.length);
      const module = m[2] ? w.modulePathOf(m[2]) : undefined;
      const target: Target = module
        ? { type: 'oneOf', options: [{ type: 'symbol', key: functionKey(moduleKey(module), name) }], name, member: 'method' }
        : w.localTarget(name);
      w.out.references.push({ range, target, call: true });
    }
    for (const m of text.matchAll(EVENT)) {
      const name = m[1] ?? m[2]!;
      const range = rangeIn(content, m.index + m[0].lastIndexOf(name), name.length);
      // Sent to this module's handle_event (a component's template may send to the LiveView that renders it: then nothing).
      w.out.references.push({ range, target: { type: 'lexical', name, member: 'property', scopes: w.localScopes(), optional: true }, call: false });
    }
  }
}

/** The range of `length` characters at `offset` in a (multi-line) node's text. */
function rangeIn(n: Node, offset: number, length: number): Range {
  const before = n.text.slice(0, offset);
  const newline = before.lastIndexOf('\n');
  const row = n.startPosition.row + (before.match(/\n/g)?.length ?? 0);
  const col = newline < 0 ? n.startPosition.column + offset : offset - newline - 1;
  return [row, col, row, col + length];
}
