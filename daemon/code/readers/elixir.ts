// Elixir read by tree-sitter. The grammar makes everything a `call`: which
// calls define something is in their target's name (`defmodule`, `def`,
// `defimpl`, ...). Module names are absolute: `defmodule A.B` inside `Outer`
// is `Outer.A.B`, and the only short names are the ones `alias` (or a nested
// `defmodule`) makes, so a remote call `B.f()` is resolved here, in the file,
// to `A.B`'s key. A local call `f()` is looked up in its module, then in what
// the module `use`s, then in imported modules; `use X` and `@behaviour X`
// make X an ancestor of the module, `defimpl P, for: T` makes the module
// `P.T` with P as its ancestor (what `impls` reports).
import type { Node } from 'web-tree-sitter';
import { descriptor, Kind, type Definition, type FileFacts, type Range, type Target } from '../syntactic/facts';
import type { SyntacticReader, SyntaxFrame, SyntaxRules } from '../syntactic/reader';
import {
  ANCESTOR_ATTRIBUTES, argumentsOf, CALLBACKS, COMPONENT, doBlockOf, EVENT, literal, functionKey, functionName, FUNCTIONS, isOperator, keywordsOf, lastSegmentRange, moduleKey, MODULES, rangeOf, ROUTES, SPECIAL, targetName, typeKey, TYPES,
} from './elixir-nodes';

/** Blocks whose field calls define fields: Ecto's schemas, Ash's resources. */
const SCHEMA_BLOCKS = new Set(['schema', 'embedded_schema', 'attributes', 'relationships']);
/** Those field calls, Ecto's and Ash's. */
const SCHEMA_FIELDS = new Set([
  'field', 'belongs_to', 'has_one', 'has_many', 'many_to_many', 'embeds_one', 'embeds_many',
  'attribute', 'uuid_primary_key', 'uuid_v7_primary_key', 'integer_primary_key', 'create_timestamp', 'update_timestamp',
]);

interface Frame {
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

class ElixirWalker {
  private readonly frames: Frame[] = [{ path: [], keys: [], aliases: new Map(), imports: [], definitions: [] }];
  private readonly out: FileFacts;
  /** Inside `quote do … end`: code for the module a macro expands in, so it defines nothing here. */
  private quoted = 0;
  /** Inside a typespec: names are types (`t`, `String.t()`), never calls. */
  private typed = 0;
  /** Inside Ecto's `schema`/`embedded_schema` or Ash's `attributes`/`relationships`: `field :x` defines a field of the module. */
  private schema = 0;

  constructor(file: string) {
    this.out = { path: file, language: 'elixir', definitions: [], references: [] };
  }

  run(root: Node): FileFacts {
    this.visit(root);
    return this.out;
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  /** The innermost module: what `__MODULE__` and local calls mean. */
  private get module(): Frame | undefined {
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
  private modulePath(n: Node | null | undefined): string[] | undefined {
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

  private ref(node: Node, target: Target, call: boolean, extra: { import?: boolean } = {}): void {
    this.out.references.push({ range: rangeOf(node), target, call, ...extra });
  }

  /** A module named in code: its key when some file defines it, else unresolved under its last segment. */
  private moduleRef(node: Node, path: readonly string[], extra: { import?: boolean } = {}): void {
    const name = path[path.length - 1];
    if (!name) return;
    // The written name's last segment (`Enc` in `alias Jason.Encoder, as: Enc`, `Encoder` in `Jason.Encoder`).
    const range: Range = node.type === 'alias' ? lastSegmentRange(node, node.text.split('.').pop()!.trim()) : rangeOf(node);
    this.out.references.push({ range, target: { type: 'oneOf', options: [{ type: 'symbol', key: moduleKey(path) }], name, member: 'type' }, call: false, ...extra });
  }

  private visit(n: Node): void {
    switch (n.type) {
      case 'comment':
      case 'quoted_content':
      case 'escape_sequence':
        return;
      case 'sigil':
        if (n.namedChildren.find((c) => c.type === 'sigil_name')?.text === 'H') return this.template(n);
        break;
      case 'call':
        return this.callNode(n);
      case 'identifier':
        // `@spec f(t) :: t`: a type named without parentheses.
        if (this.typed > 0 && !n.text.startsWith('__')) this.ref(n, this.typeTarget(n.text), false);
        return;
      case 'alias': {
        const path = this.modulePath(n);
        const scoped = this.routeAlias();
        if (path && scoped && scoped.length > 0) this.scopedModuleRef(n, [...scoped, ...path], path);
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
        if (this.attribute(n) || this.capture(n)) return;
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
      if (SCHEMA_BLOCKS.has(name) && this.module && this.quoted === 0) {
        this.schema++;
        this.children(n, n.childForFieldName('target') ?? undefined);
        this.schema--;
        return;
      }
      if (this.schema > 0 && SCHEMA_FIELDS.has(name)) return this.schemaField(n, name);
      if (name === 'alias') return this.alias(n);
      if (name === 'import') return this.importCall(n);
      if (name === 'use') return this.use(n);
      if (name === 'scope') return this.routeScope(n);
      if (ROUTES.has(name)) this.route(n);
      const target = n.childForFieldName('target')!;
      if (!SPECIAL.has(name) && !name.startsWith('def')) this.ref(target, this.localTarget(name), true);
      return this.children(n, target);
    }
    const target = n.childForFieldName('target');
    if (target?.type === 'dot') return this.remoteCall(n, target);
    for (const c of n.namedChildren) this.visit(c);
  }

  private routeAlias(): string[] | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) if (this.frames[i]!.routeAlias) return this.frames[i]!.routeAlias;
    return undefined;
  }

  /** A module in a Phoenix scope: the scope's alias prefixed, else the name as written. */
  private scopedModuleRef(n: Node, scoped: readonly string[], plain: readonly string[]): void {
    const name = plain[plain.length - 1]!;
    const range = lastSegmentRange(n, n.text.split('.').pop()!.trim());
    this.out.references.push({ range, target: { type: 'oneOf', options: [{ type: 'symbol', key: moduleKey(scoped) }, { type: 'symbol', key: moduleKey(plain) }], name, member: 'type' }, call: false });
  }

  /** `scope "/path", AppWeb do … end` (or `alias: AppWeb`): route modules inside are AppWeb's; nested scopes add up. */
  private routeScope(n: Node): void {
    const args = argumentsOf(n);
    const aliasNode = args.find((a, i) => i > 0 && a.type === 'alias') ?? keywordsOf(args).get('alias');
    const path = aliasNode?.type === 'alias' ? this.modulePath(aliasNode) : undefined;
    // The scope's own alias is read outside it (a nested scope's through the outer one's).
    for (const a of args) this.visit(a);
    const outer = this.routeAlias() ?? [];
    // `alias: false` drops the outer scopes' alias.
    const routeAlias = path ? [...outer, ...path] : keywordsOf(args).get('alias')?.text === 'false' ? [] : undefined;
    this.frames.push({ path: this.module?.path ?? [], keys: [], aliases: new Map(), imports: [], definitions: [], ...(routeAlias ? { routeAlias } : {}) });
    this.block(n);
    this.frames.pop();
  }

  /** `get "/", PageController, :home`: the action is a call of PageController.home. */
  private route(n: Node): void {
    const [, controller, action] = argumentsOf(n);
    if (controller?.type !== 'alias' || action?.type !== 'atom') return;
    const plain = this.modulePath(controller);
    if (!plain) return;
    const name = action.text.replace(/^:/, '');
    const scoped = this.routeAlias();
    const options: Target[] = [...(scoped && scoped.length > 0 ? [[...scoped, ...plain]] : []), plain].map((p) => ({ type: 'symbol', key: functionKey(moduleKey(p), name) }));
    this.ref(action, { type: 'oneOf', options, name, member: 'method' }, true);
  }

  /** `~H"""<.card title="x" />"""`: each function component is a call of its function (the template's Elixir is not parsed). */
  private template(n: Node): void {
    for (const content of n.namedChildren) {
      if (content.type !== 'quoted_content') continue;
      const text = content.text;
      for (const m of text.matchAll(COMPONENT)) {
        const name = m[1] ?? m[3]!;
        const range = this.rangeIn(content, m.index + m[0].length - name.length, name.length);
        const module = m[2] ? this.modulePathOf(m[2]) : undefined;
        const target: Target = module ? { type: 'oneOf', options: [{ type: 'symbol', key: functionKey(moduleKey(module), name) }], name, member: 'method' } : this.localTarget(name);
        this.out.references.push({ range, target, call: true });
      }
      for (const m of text.matchAll(EVENT)) {
        const name = m[1] ?? m[2]!;
        const range = this.rangeIn(content, m.index + m[0].lastIndexOf(name), name.length);
        // Sent to this module's handle_event (a component's template may send to the LiveView that renders it: then nothing).
        this.out.references.push({ range, target: { type: 'lexical', name, member: 'property', scopes: this.localScopes(), optional: true }, call: false });
      }
    }
  }

  /** The range of `length` characters at `offset` in a (multi-line) node's text. */
  private rangeIn(n: Node, offset: number, length: number): Range {
    const before = n.text.slice(0, offset);
    const newline = before.lastIndexOf('\n');
    const row = n.startPosition.row + (before.match(/\n/g)?.length ?? 0);
    const col = newline < 0 ? n.startPosition.column + offset : offset - newline - 1;
    return [row, col, row, col + length];
  }

  /** A module name written as text (`Core.Button`), through the aliases in scope. */
  private modulePathOf(text: string): string[] {
    const parts = text.split('.');
    const head = this.aliased(parts[0]!);
    return head ? [...head, ...parts.slice(1)] : parts;
  }

  private children(n: Node, skip?: Node): void {
    for (const c of n.namedChildren) if (!skip || !c.equals(skip)) this.visit(c);
  }

  /** A local call's target: its module (and what the module uses), then imported modules; else unresolved under its name. */
  private localTarget(name: string): Target {
    return { type: 'lexical', name, member: 'method', scopes: this.localScopes() };
  }

  /** A type named in a typespec: the module's or an imported one's; a built-in (`binary`, `term`) or a variable is dropped. */
  private typeTarget(name: string): Target {
    return { type: 'lexical', name, member: 'type', scopes: this.localScopes(), optional: true };
  }

  private localScopes(): string[] {
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
      if (right?.type === 'identifier' && hasArguments && left?.type !== 'atom') this.ref(right, { type: 'unresolved', name: right.text, member: 'method' }, true);
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
      const d: Definition = { key: moduleKey(path), name: path[path.length - 1]!, kind: Kind.Module, range: t.node.type === 'alias' ? lastSegmentRange(t.node, path[path.length - 1]!) : rangeOf(t.node), extent: rangeOf(n), supers: [moduleKey(protocol)] };
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
  private block(n: Node): void {
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
    if (event) for (const key of module.keys) this.out.definitions.push({ key: `${key}${descriptor(event.text)}.`, name: event.text, kind: Kind.Key, range: rangeOf(event), extent: rangeOf(n) });
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
      for (const key of module.keys) this.out.definitions.push({ key: `${key}${descriptor(name)}.`, name, kind: Kind.Field, range: rangeOf(f), extent: rangeOf(f) });
    }
  }

  /**
   * `field :title, :string` (Ecto), `attribute :uuid, :string` (Ash),
   * `belongs_to :user, User` (also the `user_id` it adds): a field of the
   * module. An `embeds_one :x, X do … end` block is another schema's: what
   * it holds is not this module's.
   */
  private schemaField(n: Node, call: string): void {
    const module = this.module!;
    const [first, ...rest] = argumentsOf(n);
    const name = first?.type === 'atom' ? first.text.slice(1) : undefined;
    if (first && name && /^\w+[?!]?$/.test(name)) {
      const names = call === 'belongs_to' ? [name, `${name}_id`] : [name];
      for (const f of names) for (const key of module.keys) this.out.definitions.push({ key: `${key}${descriptor(f)}.`, name: f, kind: Kind.Field, range: rangeOf(first), extent: rangeOf(n) });
    }
    for (const a of rest) this.visit(a);
    const saved = this.schema;
    this.schema = 0;
    const block = doBlockOf(n);
    if (block) this.visit(block);
    this.schema = saved;
  }

  /** `alias A.B`, `alias A.B, as: C`, `alias A.{B, C}`, `alias __MODULE__.X`. */
  private alias(n: Node): void {
    const args = argumentsOf(n);
    const first = args[0];
    if (!first) return;
    const as = keywordsOf(args).get('as');
    if (first.type === 'dot' && first.childForFieldName('right')?.type === 'tuple') {
      const base = this.modulePath(first.childForFieldName('left'));
      for (const item of first.childForFieldName('right')!.namedChildren) {
        if (item.type !== 'alias' || !base) continue;
        const path = [...base, ...item.text.split('.').map((p) => p.trim())];
        this.moduleRef(item, path, { import: true });
        this.frame.aliases.set(path[path.length - 1]!, path);
      }
      return;
    }
    const path = this.modulePath(first);
    if (!path) return this.children(n);
    this.moduleRef(first.type === 'dot' ? (first.childForFieldName('right') ?? first) : first, path, { import: true });
    const short = as?.type === 'alias' ? as.text : path[path.length - 1]!;
    this.frame.aliases.set(short, path);
  }

  /** `import M` (with or without `only:`): M's functions become local calls here. */
  private importCall(n: Node): void {
    const args = argumentsOf(n);
    const path = this.modulePath(args[0]);
    if (!path || !args[0]) return this.children(n);
    this.moduleRef(args[0].type === 'dot' ? (args[0].childForFieldName('right') ?? args[0]) : args[0], path, { import: true });
    this.frame.imports.push(moduleKey(path));
    this.addInjected(path);
  }

  /** `use M, opts`: M's `__using__` injects code; its functions and macros are looked in for local calls, as an ancestor's. */
  private use(n: Node): void {
    const args = argumentsOf(n);
    const path = this.modulePath(args[0]);
    if (!path || !args[0]) return this.children(n);
    this.moduleRef(args[0].type === 'dot' ? (args[0].childForFieldName('right') ?? args[0]) : args[0], path);
    this.addAncestor(path);
    this.addInjected(path);
    for (const a of args.slice(1)) this.visit(a);
  }

  private addAncestor(path: readonly string[]): void {
    if (this.quoted > 0) return;
    for (const d of this.module?.definitions ?? []) (d.supers ??= []).push(moduleKey(path));
  }

  /**
   * `import X` or `use X` quoted inside a macro of M (Phoenix's
   * `AppWeb.html_helpers/0`) is what `use M` brings into the module using it:
   * X becomes M's ancestor, so a local call there (`<.button>`) is looked up
   * through M into X.
   */
  private addInjected(path: readonly string[]): void {
    if (this.quoted === 0) return;
    for (const d of this.module?.definitions ?? []) (d.supers ??= []).push(moduleKey(path));
  }

  /** `@behaviour M`, `@callback f(x) :: t`, `@impl true`, `@doc "…"`: true when handled. */
  private attribute(n: Node): boolean {
    if (n.childForFieldName('operator')?.text !== '@') return false;
    const operand = n.childForFieldName('operand');
    if (!operand) return true;
    if (operand.type !== 'call') return true;
    const name = targetName(operand) ?? '';
    const args = argumentsOf(operand);
    if (ANCESTOR_ATTRIBUTES.has(name)) {
      const path = this.modulePath(args[0]);
      if (path && args[0]) {
        this.moduleRef(args[0], path);
        this.addAncestor(path);
        return true;
      }
    }
    if (CALLBACKS.has(name) || TYPES.has(name) || name === 'spec') {
      this.typespec(n, name, args[0]);
      return true;
    }
    // Any other attribute: its value is code (`@default Mod.f()`), its name is no call.
    for (const a of args) this.visit(a);
    return true;
  }

  /**
   * `@spec f(a) :: r when …` names f (a reference); `@type t(a) :: …` defines
   * the type t; `@callback f(a) :: r` declares the behaviour's function f.
   * Everything else in them is types.
   */
  private typespec(n: Node, attribute: string, spec: Node | undefined): void {
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
    const module = this.module;
    if (nameNode && module && this.quoted === 0) {
      if (attribute === 'spec') this.ref(nameNode, this.localTarget(nameNode.text), false);
      else {
        const kind = TYPES.has(attribute) ? Kind.Type : attribute === 'callback' ? Kind.Method : Kind.Macro;
        for (const key of module.keys) {
          this.out.definitions.push({ key: TYPES.has(attribute) ? typeKey(key, nameNode.text) : functionKey(key, nameNode.text), name: nameNode.text, kind, range: rangeOf(nameNode), extent: rangeOf(n) });
        }
      }
    }
    this.typed++;
    // A type's parameters are variables; a function's, types.
    const params = head?.type === 'call' && !TYPES.has(attribute) ? argumentsOf(head) : [];
    for (const x of [...params, ...(body ? [body] : []), ...constraints]) this.visit(x);
    this.typed--;
  }

  /** `&f/1`, `&Mod.f/2`: a reference to the function (not a call). */
  private capture(n: Node): boolean {
    if (n.childForFieldName('operator')?.text !== '&') return false;
    const operand = n.childForFieldName('operand');
    if (operand?.type !== 'binary_operator' || operand.childForFieldName('operator')?.text !== '/') return false;
    const f = operand.childForFieldName('left');
    if (f?.type === 'identifier') {
      this.ref(f, this.localTarget(f.text), false);
      return true;
    }
    if (f?.type === 'call' && f.childForFieldName('target')?.type === 'dot') {
      // The remote "call" the grammar sees in `&Mod.f/2` only names f.
      this.withoutCalls(() => this.visit(f));
      return true;
    }
    return false;
  }

  /** What `read` records are references, not calls. */
  private withoutCalls(read: () => void): void {
    const before = this.out.references.length;
    read();
    for (const r of this.out.references.slice(before)) r.call = false;
  }
}

export function elixirFacts(root: Node, file: string): FileFacts {
  return new ElixirWalker(file).run(root);
}

export const elixirReader: SyntacticReader = { name: 'tree-sitter-elixir', facts: (root, file) => elixirFacts(root, file) };

// For the overlay every `call` is a declaration node whose kind its target
// says (`def` -> function), and a name is a definition when it is the first
// argument (or the head `name(...)`, `name(...) when ...`) of such a call.
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

export const ELIXIR_SYNTAX: SyntaxRules = {
  names: new Set(['identifier', 'alias']),
  definitions: { call: 'call' },
  calls: { call: 'target' },
  members: { dot: 'right' },
  kindOf: (node, _type, declared) => DEFINERS[node.childForFieldName('target')?.text ?? ''] ?? declared,
  bareDefinition: definedBy,
};
