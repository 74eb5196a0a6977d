// What the overlay reads of an Elixir file (its SyntaxRules, overlay/extract.ts):
// every `call` is a declaration node whose kind its target says (`def` ->
// function), and a name is a definition when it is the first argument (or
// the head `name(...)`, `name(...) when ...`) of such a call. The indexing
// walk is elixir.ts.
import type { SyntaxFrame, SyntaxRules } from '../syntactic/reader';

/** The calls that define, and the kind of what they define. */
const DEFINERS: Readonly<Record<string, string>> = {
  defmodule: 'module',
  defprotocol: 'interface',
  def: 'function',
  defp: 'function',
  defdelegate: 'function',
  defmacro: 'macro',
  defmacrop: 'macro',
  defguard: 'macro',
  defguardp: 'macro',
};
const DEFINER_KINDS = new Set(Object.values(DEFINERS));

/** The kind a name defines when it heads a `def`-like call's arguments, else undefined. */
function definedBy(parent: SyntaxFrame, field: string | null, frames: readonly SyntaxFrame[]): string | undefined {
  let k = frames.length - 1;
  if (frames[k] !== parent) return undefined;
  // `name(args)`: the name is its call's target.
  if (parent.type === 'call' && field === 'target') k--;
  // `name(args) when guard`: the head is the operator's left side.
  if (frames[k]?.type === 'binary_operator' && frames[k + 1]?.field === 'left') k--;
  const definer = frames[k - 1]?.kind;
  return frames[k]?.type === 'arguments' && definer !== undefined && DEFINER_KINDS.has(definer) ? definer : undefined;
}

export const ELIXIR_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'alias']),
  definitions: { call: 'call' },
  calls: { call: 'target' },
  members: { dot: 'right' },
  kindOf: (node, _type, declared) => DEFINERS[node.childForFieldName('target')?.text ?? ''] ?? declared,
  bareDefinition: definedBy,
};
