// Elixir: the syntactic indexer (tree-sitter-elixir from npm; no SCIP
// indexer runs here). What the reader makes of the grammar's calls is in
// elixir-reader.ts. For the overlay every `call` is a declaration node
// whose kind its target says (`def` -> function), and a name is a definition
// when it is the first argument (or the head `name(...)`, `name(...) when
// ...`) of such a call.
import { elixirFacts } from '../readers/elixir';
import { defineGrammar, defineLanguage, type SyntaxFrame, type SyntaxRules } from './language';

const DEFINERS: Readonly<Record<string, string>> = {
  defmodule: 'module', defprotocol: 'interface', def: 'function', defp: 'function', defdelegate: 'function',
  defmacro: 'macro', defmacrop: 'macro', defguard: 'macro', defguardp: 'macro',
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

const RULES: SyntaxRules = {
  names: new Set(['identifier', 'alias']),
  definitions: { call: 'call' },
  calls: { call: 'target' },
  members: { dot: 'right' },
  kindOf: (node, _type, declared) => DEFINERS[node.childForFieldName('target')?.text ?? ''] ?? declared,
  bareDefinition: definedBy,
};

const ELIXIR = defineGrammar({ id: 'elixir', wasm: { package: 'tree-sitter-elixir', file: 'tree-sitter-elixir.wasm', bundled: true }, rules: RULES });

export const elixir = defineLanguage({
  id: 'elixir',
  displayName: 'Elixir',
  extensions: { '.ex': { grammar: ELIXIR }, '.exs': { grammar: ELIXIR } },
  markers: ['mix.exs'],
  tests: [/_test\.exs$/],
  // mix.exs is the build file, not the project's code.
  uncounted: ['mix.exs'],
  syntactic: { name: 'tree-sitter-elixir', facts: (root, file) => elixirFacts(root, file) },
});
