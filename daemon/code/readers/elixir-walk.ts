// What Elixir's walk (elixir.ts) shows the readers beside it: Phoenix's
// routes and templates (phoenix.ts), Ecto's and Ash's schemas (ecto.ts), the
// directives and attributes (elixir-directives.ts). Its own file, so they and
// the walk import it and not each other.
import type { Node } from 'web-tree-sitter';
import type { Definition, FileFacts, Target } from '../syntactic/facts';

/** One module (or Phoenix scope) the walk is inside. */
export interface Frame {
  /** The module's path (`['Jason', 'Encoder']`); empty at the file's top. */
  path: string[];
  /** Keys a `def` here defines under: several for `defimpl P, for: [A, B]`. */
  keys: string[];
  /** Short name -> the module path it stands for (`alias`, nested `defmodule`). */
  aliases: Map<string, string[]>;
  /** Modules imported here (`import X`): keys, looked in for local calls. */
  imports: string[];
  /** The module's own definition, to which `use`/`@behaviour` add ancestors. */
  definitions: Definition[];
  /** Phoenix's `scope "/", AppWeb do`: module names in routes are AppWeb's. */
  routeAlias?: string[];
}

export interface ElixirWalk {
  readonly out: FileFacts;
  readonly frames: Frame[];
  /** The innermost frame (a module or a Phoenix scope). */
  readonly frame: Frame;
  /** The innermost module: what `__MODULE__` and local calls mean. */
  readonly module: Frame | undefined;
  /** Inside Ecto's `schema`/`embedded_schema` or Ash's `attributes`/`relationships`: `field :x` defines a field of the module. */
  schema: number;
  /** Inside `quote do … end`: code for the module a macro expands in, so it defines nothing here. */
  readonly quoted: number;
  /** Inside a typespec: names are types (`t`, `String.t()`), never calls. */
  typed: number;
  visit(n: Node): void;
  /** The `do … end` block, or a `, do:` keyword's value. */
  block(n: Node): void;
  children(n: Node, skip?: Node): void;
  ref(node: Node, target: Target, call: boolean): void;
  /** A module named in code: its key when some file defines it, else unresolved under its last segment. */
  moduleRef(node: Node, path: readonly string[], extra?: { import?: boolean }): void;
  /** `use X`, `@behaviour X`: X becomes an ancestor of the module. */
  addAncestor(path: readonly string[]): void;
  /** `import X`/`use X` quoted in a macro of M: X becomes M's ancestor (what `use M` brings in). */
  addInjected(path: readonly string[]): void;
  /** A module named in code (an alias, `__MODULE__.X`), through the aliases in scope. */
  modulePath(n: Node | null | undefined): string[] | undefined;
  /** A module name written as text (`Core.Button`), through the aliases in scope. */
  modulePathOf(text: string): string[];
  /** A local call's target: its module (and what the module uses), then imported modules. */
  localTarget(name: string): Target;
  localScopes(): string[];
}
