// Elixir read by tree-sitter. The grammar makes everything a `call`: which
// calls define something is in their target's name (`defmodule`, `def`,
// `defimpl`, ...). Module names are absolute: `defmodule A.B` inside `Outer`
// is `Outer.A.B`, and the only short names are the ones `alias` (or a nested
// `defmodule`) makes, so a remote call `B.f()` is resolved here, in the file,
// to `A.B`'s key. A local call `f()` is looked up in its module, then in what
// the module `use`s, then in imported modules; `use X` and `@behaviour X`
// make X an ancestor of the module, `defimpl P, for: T` makes the module
// `P.T` with P as its ancestor (what `impls` reports). The overlay's rules
// for Elixir are elixir-syntax.ts.
import type { Node } from 'web-tree-sitter';
import { descriptor, Kind, type Definition, type FileFacts, type Range, type Target } from '../syntactic/facts';
import type { SyntacticReader } from '../syntactic/reader';
import {
  argumentsOf,
  doBlockOf,
  literal,
  functionKey,
  functionName,
  FUNCTIONS,
  keywordsOf,
  lastSegmentRange,
  moduleKey,
  MODULES,
  rangeOf,
  ROUTES,
  SPECIAL,
  targetName,
  typeKey,
} from './elixir-nodes';
import { aliasDirective, attribute, capture, importDirective, useDirective } from './elixir-directives';
import { schemaBlock, schemaField, SCHEMA_BLOCKS, SCHEMA_FIELDS } from './ecto';
import type { ElixirWalk, Frame } from './elixir-walk';
import { route, routeAliasOf, routeScope, scopedModuleRef, template } from './phoenix';

class ElixirWalker implements ElixirWalk {
  readonly frames: Frame[] = [{ path: [], keys: [], aliases: new Map(), imports: [], definitions: [] }];
  readonly out: FileFacts;
  /** Inside `quote do … end`: code for the module a macro expands in, so it defines nothing here. */
  quoted = 0;
  /** Inside a typespec: names are types (`t`, `String.t()`), never calls. */
  typed = 0;
  /** Inside Ecto's `schema`/`embedded_schema` or Ash's `attributes`/`relationships`: `field :x` defines a field of the module. */
  schema = 0;

  constructor(file: string) {
    this.out = { path: file, language: 'elixir', definitions: [], references: [] };
  }

  run(root: Node): FileFacts {
    this.visit(root);
    return this.out;
  }

  get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  /** The innermost module: what `__MODULE__` and local calls mean. */
  get module(): Frame | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) if (this.frames[i]!.keys.length > 0) return this.frames[i];
    return undefined;
  }

  private aliased(name: string): string[] | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const a = this.frames[i]!.aliases.get(name);
      if (a) return a;
    }
    return undefined;
  }

  /** A module expression's absolute path: `B.C` through `alias A.B`, `__MODULE__.X`; undefined for anything else. */
  modulePath(n: Node | null | undefined): string[] | undefined {
    if (!n) return undefined;
    if (n.type === 'alias') {
      const parts = n.text.split('.').map((p) => p.trim());
      const head = this.aliased(parts[0]!);
      return head ? [...head, ...parts.slice(1)] : parts;
    }
    if (n.type === 'identifier' && n.text === '__MODULE__') return this.module?.path;
    if (n.type === 'dot') {
      const left = this.modulePath(n.childForFieldName('left'));
      const right = n.childForFieldName('right');
      return left && right?.type === 'alias' ? [...left, ...right.text.split('.').map((p) => p.trim())] : undefined;
    }
    return undefined;
  }

  ref(node: Node, target: Target, call: boolean, extra: { import?: boolean } = {}): void {
    this.out.references.push({ range: rangeOf(node), target, call, ...extra });
  }

  /** A module named in code: its key when some file defines it, else unresolved under its last segment. */
  moduleRef(node: Node, path: readonly string[], extra: { import?: boolean } = {}): void {
    const name = path[path.length - 1];
    if (!name) return;
    // The written name's last segment (`Enc` in `alias Jason.Encoder, as: Enc`, `Encoder` in `Jason.Encoder`).
    const range: Range = node.type === 'alias' ? lastSegmentRange(node, node.text.split('.').pop()!.trim()) : rangeOf(node);
    this.out.references.push({
      range,
      target: { type: 'oneOf', options: [{ type: 'symbol', key: moduleKey(path) }], name, member: 'type' },
      call: false,
      ...extra,
    });
  }

  visit(n: Node): void {
    switch (n.type) {
      case 'comment':
      case 'quoted_content':
      case 'escape_sequence':
        return;
      case 'sigil':
        if (n.namedChildren.find((c) => c.type === 'sigil_name')?.text === 'H') return template(this, n);
        break;
      case 'call':
        return this.callNode(n);
      case 'identifier':
        // `@spec f(t) :: t`: a type named without parentheses.
        if (this.typed > 0 && !n.text.startsWith('__')) this.ref(n, this.typeTarget(n.text), false);
        return;
      case 'alias': {
        const path = this.modulePath(n);
        const scoped = routeAliasOf(this);
        if (path && scoped && scoped.length > 0) scopedModuleRef(this, n, [...scoped, ...path], path);
        else if (path) this.moduleRef(n, path);
        return;
      }
      case 'dot': {
        // `__MODULE__.Sub` as a value (a module reference).
        const path = this.modulePath(n);
        if (path) return this.moduleRef(n.childForFieldName('right') ?? n, path);
        break;
      }
      case 'unary_operator':
        if (attribute(this, n) || capture(this, n)) return;
        break;
      case 'binary_operator':
        // `x |> f`: a call of f with x.
        if (n.childForFieldName('operator')?.text === '|>' && n.childForFieldName('right')?.type === 'identifier') {
          this.visit(n.childForFieldName('left')!);
          const f = n.childForFieldName('right')!;
          this.ref(f, this.localTarget(f.text), true);
          return;
        }
        break;
    }
    for (const c of n.namedChildren) this.visit(c);
  }

  private callNode(n: Node): void {
    const name = targetName(n);
    if (name === 'quote') {
      this.quoted++;
      this.children(n, n.childForFieldName('target') ?? undefined);
      this.quoted--;
      return;
    }
    if (name !== undefined && this.typed > 0) {
      const target = n.childForFieldName('target')!;
      this.ref(target, this.typeTarget(name), false);
      return this.children(n, target);
    }
    if (name !== undefined) {
      if (MODULES[name] !== undefined) return this.defmodule(n, MODULES[name]);
      if (name === 'defimpl') return this.defimpl(n);
      if (FUNCTIONS[name] !== undefined) return this.defun(n, name, FUNCTIONS[name]);
      if (name === 'defstruct' || name === 'defexception') return this.defstruct(n);
      if (SCHEMA_BLOCKS.has(name) && this.module && this.quoted === 0) return schemaBlock(this, n);
      if (this.schema > 0 && SCHEMA_FIELDS.has(name)) return schemaField(this, n, name);
      if (name === 'alias') return aliasDirective(this, n);
      if (name === 'import') return importDirective(this, n);
      if (name === 'use') return useDirective(this, n);
      if (name === 'scope') return routeScope(this, n);
      if (ROUTES.has(name)) route(this, n);
      const target = n.childForFieldName('target')!;
      if (!SPECIAL.has(name) && !name.startsWith('def')) this.ref(target, this.localTarget(name), true);
      return this.children(n, target);
    }
    const target = n.childForFieldName('target');
    if (target?.type === 'dot') return this.remoteCall(n, target);
    for (const c of n.namedChildren) this.visit(c);
  }

  /** A module name written as text (`Core.Button`), through the aliases in scope. */
  modulePathOf(text: string): string[] {
    const parts = text.split('.');
    const head = this.aliased(parts[0]!);
    return head ? [...head, ...parts.slice(1)] : parts;
  }

  children(n: Node, skip?: Node): void {
    for (const c of n.namedChildren) if (!skip || !c.equals(skip)) this.visit(c);
  }

  /** A local call's target: its module (and what the module uses), then imported modules; else unresolved under its name. */
  localTarget(name: string): Target {
    return { type: 'lexical', name, member: 'method', scopes: this.localScopes() };
  }

  /** A type named in a typespec: the module's or an imported one's; a built-in (`binary`, `term`) or a variable is dropped. */
  private typeTarget(name: string): Target {
    return { type: 'lexical', name, member: 'type', scopes: this.localScopes(), optional: true };
  }

  localScopes(): string[] {
    const scopes: string[] = [];
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i]!;
      if (scopes.length === 0 && f.keys.length > 0) scopes.push(f.keys[0]!);
      scopes.push(...f.imports);
    }
    return scopes;
  }

  /** `Mod.f(x)`, `__MODULE__.f()`, `:ets.new()`, `conn.field`, `fun.(x)`. */
  private remoteCall(n: Node, dot: Node): void {
    const left = dot.childForFieldName('left');
    const right = dot.childForFieldName('right');
    const hasArguments = n.namedChildren.some((c) => c.type === 'arguments');
    const module = this.modulePath(left);
    if (right?.type === 'identifier' && module) {
      if (left?.type !== 'identifier') this.visit(left!);
      const type = this.typed > 0;
      const key = type ? typeKey(moduleKey(module), right.text) : functionKey(moduleKey(module), right.text);
      this.ref(right, { type: 'oneOf', options: [{ type: 'symbol', key }], name: right.text, member: type ? 'type' : 'method' }, !type);
    } else {
      if (left) this.visit(left);
      // `conn.assigns` without parentheses reads a field; with them, a function of something only run time knows.
      if (right?.type === 'identifier' && hasArguments && left?.type !== 'atom')
        this.ref(right, { type: 'unresolved', name: right.text, member: 'method' }, true);
    }
    for (const c of n.namedChildren) if (!c.equals(dot)) this.visit(c);
  }

  /** `defmodule A.B do … end`, `defprotocol P do … end`. */
  private defmodule(n: Node, kind: number): void {
    const args = argumentsOf(n);
    const nameNode = args[0];
    const outer = this.module?.path ?? [];
    const written = nameNode?.type === 'alias' ? nameNode.text.split('.').map((p) => p.trim()) : nameNode ? this.modulePath(nameNode) : undefined;
    if (!nameNode || !written || this.quoted > 0) return this.children(n);
    // A nested module's name is relative to its parent; `__MODULE__.X` is already absolute.
    const path = nameNode.type === 'alias' ? [...outer, ...written] : written;
    const name = path[path.length - 1]!;
    const key = moduleKey(path);
    const d: Definition = { key, name, kind, range: lastSegmentRange(nameNode, name), extent: rangeOf(n) };
    this.out.definitions.push(d);
    // `defmodule Inner` inside Outer: `Inner` means Outer.Inner from here on.
    if (nameNode.type === 'alias' && outer.length > 0) this.frame.aliases.set(written[0]!, [...outer, written[0]!]);
    this.enter({ path, keys: [key], aliases: new Map(), imports: [], definitions: [d] }, n, nameNode);
  }

  /** `defimpl P, for: T do … end`: the module P.T, an implementation of P. Without `for:`, T is the enclosing module. */
  private defimpl(n: Node): void {
    const args = argumentsOf(n);
    const protocolNode = args[0];
    const protocol = this.modulePath(protocolNode);
    if (!protocolNode || !protocol || this.quoted > 0) return this.children(n, n.childForFieldName('target') ?? undefined);
    this.moduleRef(protocolNode, protocol);
    const forNode = keywordsOf(args).get('for');
    const forNodes = forNode?.type === 'list' ? forNode.namedChildren : forNode ? [forNode] : [];
    const targets: Array<{ node: Node; path: string[] }> = [];
    for (const t of forNodes) {
      const path = this.modulePath(t);
      if (path) targets.push({ node: t, path });
      else this.visit(t);
    }
    const enclosing = this.module?.path;
    if (!forNode && enclosing) targets.push({ node: protocolNode, path: enclosing });
    const definitions: Definition[] = [];
    for (const t of targets) {
      if (t.node !== protocolNode) this.moduleRef(t.node, t.path);
      const path = [...protocol, ...t.path];
      const d: Definition = {
        key: moduleKey(path),
        name: path[path.length - 1]!,
        kind: Kind.Module,
        range: t.node.type === 'alias' ? lastSegmentRange(t.node, path[path.length - 1]!) : rangeOf(t.node),
        extent: rangeOf(n),
        supers: [moduleKey(protocol)],
      };
      this.out.definitions.push(d);
      definitions.push(d);
    }
    if (definitions.length === 0) return this.block(n);
    this.frames.push({ path: [...protocol, ...targets[0]!.path], keys: definitions.map((d) => d.key), aliases: new Map(), imports: [], definitions });
    this.block(n);
    this.frames.pop();
  }

  private enter(frame: Frame, n: Node, nameNode: Node): void {
    this.frames.push(frame);
    for (const a of argumentsOf(n)) if (!a.equals(nameNode)) this.visit(a);
    this.block(n);
    this.frames.pop();
  }

  /** The `do … end` block, or a `, do:` keyword's value. */
  block(n: Node): void {
    const block = doBlockOf(n);
    if (block) return this.visit(block);
    const value = keywordsOf(argumentsOf(n)).get('do');
    if (value) this.visit(value);
  }

  /** `def f(x) when g do … end`, `defp f, do: x`, `defdelegate f(x), to: M`: one symbol per name in its module, clauses together. */
  private defun(n: Node, keyword: string, kind: number): void {
    const args = argumentsOf(n);
    const head = args[0];
    const nameNode = functionName(head);
    const module = this.module;
    if (!nameNode || !module) return this.children(n, n.childForFieldName('target') ?? undefined);
    for (const key of this.quoted > 0 ? [] : module.keys) {
      this.out.definitions.push({ key: functionKey(key, nameNode.text), name: nameNode.text, kind, range: rangeOf(nameNode), extent: rangeOf(n) });
    }
    // The head's parameters (default values, guards) may call things; its name is no call.
    const call = nameNode.parent?.type === 'call' ? nameNode.parent : undefined;
    // `def handle_event("save", params, socket)`: the LiveView event "save", which templates send (`phx-submit="save"`).
    const event = nameNode.text === 'handle_event' && call && this.quoted === 0 ? literal(argumentsOf(call)[0]) : undefined;
    if (event)
      for (const key of module.keys)
        this.out.definitions.push({ key: `${key}${descriptor(event.text)}.`, name: event.text, kind: Kind.Key, range: rangeOf(event), extent: rangeOf(n) });
    if (head && head.type === 'binary_operator') this.visit(head.childForFieldName('right')!);
    if (call) for (const a of argumentsOf(call)) this.visit(a);
    if (keyword === 'defdelegate') return this.delegate(args, nameNode);
    // A function body's aliases and imports are its own.
    this.frames.push({ path: module.path, keys: [], aliases: new Map(), imports: [], definitions: [] });
    for (const a of args.slice(1)) this.visit(a);
    const block = doBlockOf(n);
    if (block) this.visit(block);
    this.frames.pop();
  }

  /** `defdelegate f(x), to: M, as: :g`: a call of M.g (or M.f). */
  private delegate(args: readonly Node[], nameNode: Node): void {
    const kw = keywordsOf(args);
    const to = kw.get('to');
    const module = this.modulePath(to);
    if (!to || !module) return;
    this.moduleRef(to, module);
    const as = kw.get('as');
    const name = as?.type === 'atom' ? as.text.replace(/^:/, '') : nameNode.text;
    this.ref(as ?? nameNode, { type: 'oneOf', options: [{ type: 'symbol', key: functionKey(moduleKey(module), name) }], name, member: 'method' }, true);
  }

  /** `defstruct [:a, b: 1]`: the fields, as fields of the module. */
  private defstruct(n: Node): void {
    const module = this.module;
    if (!module || this.quoted > 0) return this.children(n, n.childForFieldName('target') ?? undefined);
    const fields: Node[] = [];
    const collect = (x: Node): void => {
      if (x.type === 'atom') fields.push(x);
      else if (x.type === 'keyword') fields.push(x);
      else if (x.type === 'list' || x.type === 'keywords' || x.type === 'arguments') x.namedChildren.forEach(collect);
      else if (x.type === 'pair') {
        const k = x.childForFieldName('key');
        if (k) fields.push(k);
        const v = x.childForFieldName('value');
        if (v) this.visit(v);
      } else this.visit(x);
    };
    for (const a of argumentsOf(n)) collect(a);
    for (const f of fields) {
      const name = f.text.replace(/^:|:\s*$/g, '');
      if (!/^\w+[?!]?$/.test(name)) continue;
      for (const key of module.keys)
        this.out.definitions.push({ key: `${key}${descriptor(name)}.`, name, kind: Kind.Field, range: rangeOf(f), extent: rangeOf(f) });
    }
  }

  addAncestor(path: readonly string[]): void {
    if (this.quoted > 0) return;
    for (const d of this.module?.definitions ?? []) (d.supers ??= []).push(moduleKey(path));
  }

  /**
   * `import X` or `use X` quoted inside a macro of M (Phoenix's
   * `AppWeb.html_helpers/0`) is what `use M` brings into the module using it:
   * X becomes M's ancestor, so a local call there (`<.button>`) is looked up
   * through M into X.
   */
  addInjected(path: readonly string[]): void {
    if (this.quoted === 0) return;
    for (const d of this.module?.definitions ?? []) (d.supers ??= []).push(moduleKey(path));
  }
}

function elixirFacts(root: Node, file: string): FileFacts {
  return new ElixirWalker(file).run(root);
}

export const elixirReader: SyntacticReader = { name: 'tree-sitter-elixir', facts: (root, file) => elixirFacts(root, file) };
