// The Elixir reader's vocabulary: which calls define what, and small
// helpers over tree-sitter-elixir's nodes (elixir.ts walks them).
import type { Node } from 'web-tree-sitter';
import { descriptor, Kind, type Range } from '../syntactic/facts';

/** `def`-like calls: the kind their name gets. */
export const FUNCTIONS: Readonly<Record<string, number>> = {
  def: Kind.Method,
  defp: Kind.Method,
  defdelegate: Kind.Method,
  defn: Kind.Method,
  defnp: Kind.Method,
  defmacro: Kind.Macro,
  defmacrop: Kind.Macro,
  defguard: Kind.Macro,
  defguardp: Kind.Macro,
};
export const MODULES: Readonly<Record<string, number>> = { defmodule: Kind.Module, defprotocol: Kind.Interface };
/** Kernel's special forms and control macros: calls by syntax, never a function anyone here defines. */
export const SPECIAL = new Set([
  'if',
  'unless',
  'case',
  'cond',
  'with',
  'for',
  'try',
  'receive',
  'quote',
  'unquote',
  'unquote_splicing',
  'fn',
  'raise',
  'reraise',
  'throw',
  'require',
  'super',
  '__MODULE__',
  '__DIR__',
  '__ENV__',
  '__CALLER__',
  '__STACKTRACE__',
  'and',
  'or',
  'not',
  'in',
  'when',
]);
/** Module attributes naming modules the current one implements. */
export const ANCESTOR_ATTRIBUTES = new Set(['behaviour', 'behavior']);
/** Module attributes declaring a function of a behaviour (a protocol's functions are `def`s). */
export const CALLBACKS = new Set(['callback', 'macrocallback']);
/** Phoenix's route macros: `get "/", PageController, :home` dispatches to PageController.home. */
export const ROUTES = new Set(['get', 'post', 'put', 'patch', 'delete', 'options', 'head', 'match']);
/** In a HEEx template (`~H`): a function component, local (`<.card`) or remote (`<Core.button`). */
export const COMPONENT = /<(?:\.([a-z_]\w*)|([A-Z]\w*(?:\.[A-Z]\w*)*)\.([a-z_]\w*))/g;
/** In a HEEx template: a LiveView event sent to the module (`phx-click="save"`, `JS.push("save")`). */
export const EVENT = /\bphx-[a-z-]+="([\w:.-]+)"|\bJS\.push\("([\w:.-]+)"/g;
/** Module attributes defining a type. */
export const TYPES = new Set(['type', 'typep', 'opaque']);

export const rangeOf = (n: Node): Range => [n.startPosition.row, n.startPosition.column, n.endPosition.row, n.endPosition.column];
export const moduleKey = (path: readonly string[]): string => path.map((p) => `${descriptor(p)}#`).join('');
export const functionKey = (module: string, name: string): string => `${module}${descriptor(name)}().`;
export const typeKey = (module: string, name: string): string => `${module}${descriptor(name)}#`;
export const isOperator = (n: Node | null | undefined, op: string): n is Node => n?.type === 'binary_operator' && n.childForFieldName('operator')?.text === op;

/** A `call` node's target name when it is a plain identifier (`def`, `alias`, `foo`). */
export const targetName = (n: Node): string | undefined => {
  const t = n.childForFieldName('target');
  return t?.type === 'identifier' ? t.text : undefined;
};
export const argumentsOf = (n: Node): Node[] => n.namedChildren.find((c) => c.type === 'arguments')?.namedChildren ?? [];
export const doBlockOf = (n: Node): Node | undefined => n.namedChildren.find((c) => c.type === 'do_block');
/** `key: value` pairs of a call's trailing keyword list. */
export function keywordsOf(args: readonly Node[]): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const a of args) {
    if (a.type !== 'keywords') continue;
    for (const p of a.namedChildren) {
      const key = p.childForFieldName('key')?.text.replace(/:\s*$/, '');
      const value = p.childForFieldName('value');
      if (key && value) out.set(key, value);
    }
  }
  return out;
}

/** The name node a function head defines: `f(x)`, `f(x) when g`, `f`; none for `unquote(name)(x)` or an operator. */
export function functionName(head: Node | undefined): Node | undefined {
  if (!head) return undefined;
  if (head.type === 'binary_operator' && head.childForFieldName('operator')?.text === 'when') return functionName(head.childForFieldName('left') ?? undefined);
  if (head.type === 'identifier') return head;
  if (head.type === 'call') {
    const t = head.childForFieldName('target');
    return t?.type === 'identifier' ? t : undefined;
  }
  return undefined;
}

/** A string literal's text when it has no interpolation (`"save"`), else undefined. */
export function literal(n: Node | undefined): Node | undefined {
  if (n?.type !== 'string') return undefined;
  const parts = n.namedChildren;
  return parts.length === 1 && parts[0]!.type === 'quoted_content' ? parts[0] : undefined;
}

/** Range of the last segment of a one-line module name: `B` in `A.B`. */
export function lastSegmentRange(n: Node, segment: string): Range {
  const r = rangeOf(n);
  return r[0] === r[2] && r[3] - segment.length >= r[1] ? [r[2], r[3] - segment.length, r[2], r[3]] : r;
}
