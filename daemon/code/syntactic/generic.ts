// Facts for languages whose scoping is lexical and whose types are declared:
// one walker, driven by each language's rules (generic-rules.ts, written in
// readers/). It
// keeps a stack of containers (packages, namespaces, modules, types), so a
// definition's key is where it sits; a bare call is looked up in the
// enclosing types (implicit this/self) and then the enclosing packages; a
// call on `this`/`self`, on a type, or on a variable whose declaration names
// its type goes to that type's member; any other receiver stays unresolved.
import type { Node } from 'web-tree-sitter';
import type { DefinitionRule, Callee, GenericRules, Imported, PathScope, ImportContext } from './generic-rules';
import type { SyntacticReader } from './reader';
import { descriptor, Kind, type Definition, type FileFacts, type MemberKind, type Receiver, type Range, type Target } from './facts';

const FUNCTION_KINDS = new Set<number>([Kind.Function, Kind.Method, Kind.Constructor, Kind.Macro]);

interface Frame {
  /** Container key prefix: `a/b/`, `a/b/Foo#`. */
  key: string;
  isType: boolean;
  vars: Map<string, Receiver>;
}

export function genericFacts(rules: GenericRules, root: Node, file: string, context: ImportContext = { file }): FileFacts {
  return new GenericWalker(rules, file, context).run(root);
}

const rangeOf = (n: Node): Range => [n.startPosition.row, n.startPosition.column, n.endPosition.row, n.endPosition.column];

const keyFor = (prefix: string, name: string, kind: number, container: DefinitionRule['container']): string =>
  container === 'type'
    ? `${prefix}${descriptor(name)}#`
    : container === 'namespace'
      ? `${prefix}${descriptor(name)}/`
      : FUNCTION_KINDS.has(kind)
        ? `${prefix}${descriptor(name)}().`
        : `${prefix}${descriptor(name)}.`;

class GenericWalker {
  private readonly frames: Frame[] = [];
  private readonly imported = new Map<string, Imported>();
  private readonly opened: string[] = [];
  private functionDepth = 0;
  private readonly out: FileFacts;
  // Callee names already recorded as calls, so the walk below them does not read them again as values.
  private readonly called = new Set<number>();

  constructor(
    private readonly rules: GenericRules,
    private readonly file: string,
    private readonly context: ImportContext,
  ) {
    this.out = { path: file, language: rules.language, definitions: [], references: [] };
  }

  run(root: Node): FileFacts {
    const pkg = this.rules.packageOf?.(root, this.file, this.context) ?? [];
    this.frames.push({ key: pkg.map((p) => `${descriptor(p)}/`).join(''), isType: false, vars: new Map() });
    // Iterative over siblings, recursive over depth: a tree too deep for the stack fails this file only.
    this.visit(root);
    return this.out;
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  private pathScope(): PathScope {
    let module = this.frames[0]?.key ?? '';
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i]!;
      if (!f.isType && f.key.endsWith('/')) {
        module = f.key;
        break;
      }
    }
    const self = this.enclosingType();
    return { file: this.file, module, ...(self ? { selfType: self } : {}), imported: (name) => this.imported.get(name), scopes: this.scopes() };
  }

  /** `use a::b::f;`: a reference to whichever a::b defines, a function, type, module or constant, else unresolved. */
  private importReference(i: Imported): void {
    const d = descriptor(i.node!.text);
    const options: Target[] = [`${i.container}${d}().`, `${i.container}${d}#`, `${i.container}${d}/`, `${i.container}${d}.`].map((key) => ({
      type: 'symbol',
      key,
    }));
    this.out.references.push({ range: rangeOf(i.node!), target: { type: 'oneOf', options, name: i.node!.text, member: 'type' }, call: false, import: true });
  }

  /** Scopes for a bare name: enclosing containers innermost first, then opened namespaces. */
  private scopes(): string[] {
    const out: string[] = [];
    for (let i = this.frames.length - 1; i >= 0; i--) out.push(this.frames[i]!.key);
    return [...out, ...this.opened];
  }

  private enclosingType(): string | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) if (this.frames[i]!.isType) return this.frames[i]!.key;
    return undefined;
  }

  private lookupVar(name: string): Receiver | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const v = this.frames[i]!.vars.get(name);
      if (v) return v;
    }
    return undefined;
  }

  private visit(n: Node): void {
    const rules = this.rules;
    if (rules.skip?.has(n.type)) return;
    const importsHere = rules.imports?.(n, this.context, () => this.pathScope());
    if (importsHere) {
      for (const i of importsHere) {
        if (i.glob) this.opened.push(i.container);
        else this.imported.set(i.name, i);
        if (i.node) this.importReference(i);
        if (i.reexports && i.node)
          (this.out.aliases ??= []).push([`${this.pathScope().module}${descriptor(i.name)}`, `${i.container}${descriptor(i.node.text)}`]);
      }
      return;
    }
    const opens = rules.opens?.(n);
    if (opens) {
      this.opened.push(...opens);
      return;
    }
    const declares = rules.variables?.[n.type];
    if (declares) {
      for (const [name, type, value] of declares(n)) {
        const t = type ? this.typeReceiver(type) : value ? this.constructedReceiver(value) : undefined;
        if (t) this.frame.vars.set(name, t);
        else this.frame.vars.delete(name);
      }
    }
    const def = rules.definitions[n.type];
    if (def && (!def.outsideFunctions || this.functionDepth === 0) && (def.when?.(n) ?? true)) return this.definition(n, def);
    const call = rules.calls[n.type];
    if (call) {
      const callee = call(n);
      if (callee) this.call(callee);
    }
    if (rules.typeNames.has(n.type)) {
      this.typeReference(n);
      return;
    }
    if (rules.valueName?.(n) && !this.called.has(n.id)) {
      const imported = this.imported.get(n.text);
      const scopes = imported && !imported.isPackage ? [imported.container, ...this.scopes()] : this.scopes();
      const options: Target[] = (['method', 'type', 'property'] as const).map((member) => ({ type: 'lexical', name: n.text, member, scopes }));
      this.ref(n, { type: 'oneOf', options, name: n.text, member: 'property', optional: true }, false);
      return;
    }
    if (rules.bareCalls?.has(n.type) && n.parent && !rules.calls[n.parent.type]) {
      const isStatement =
        n.parent.type === 'body_statement' || n.parent.type === 'then' || n.parent.type === 'else' || n.parent.type === 'do' || n.parent.type === 'block_body';
      if (isStatement && !this.lookupVar(n.text)) this.ref(n, this.bareCall(n.text, true), true);
    }
    for (const c of n.namedChildren) this.visit(c);
  }

  private definition(n: Node, rule: DefinitionRule): void {
    const owner = rule.ownerType?.(n);
    const kind = typeof rule.kind === 'function' ? rule.kind(n) : rule.kind;
    const names = rule.names ? rule.names(n) : [];
    const nameNode = rule.names ? names[0] : rule.name ? rule.name(n) : n.childForFieldName('name');
    let prefix = this.frame.key;
    if (owner) {
      // impl Trait for Type: the members belong to Type (in this container).
      const typeName = this.lastTypeName(owner);
      if (typeName) {
        prefix = `${prefix}${descriptor(typeName)}#`;
        const supers = rule.supers?.(n) ?? [];
        if (supers.length > 0) {
          this.out.definitions.push({
            key: prefix,
            name: typeName,
            kind: Kind.Struct,
            range: rangeOf(owner),
            extent: rangeOf(n),
            phantom: true,
            supers: supers.map((s) => this.typeTarget(s)),
          });
        }
        this.ref(owner, { type: 'symbol', key: prefix }, false);
      }
      if (rule.impl) {
        this.enter({ key: prefix, isType: true, vars: new Map() }, n, rule, undefined);
        return;
      }
    }
    for (const q of rule.qualifier?.(n) ?? []) prefix = `${prefix}${descriptor(q)}#`;
    const defined: Definition[] = [];
    for (const node of rule.names ? names : nameNode ? [nameNode] : []) {
      const name = node.text;
      if (!name) continue;
      const isMember = this.frame.isType || prefix !== this.frame.key;
      const k = kind === Kind.Function && isMember ? Kind.Method : kind;
      const d: Definition = {
        key: keyFor(prefix, name, k, rule.container),
        name,
        kind: k,
        range: rangeOf(node),
        extent: rule.names ? rangeOf(node) : rangeOf(n),
      };
      const supers = rule.supers?.(n) ?? [];
      // Ruby's `include Helpers` in a class body names Helpers from inside the class.
      if (supers.length > 0 && rule.container === 'type') d.supers = supers.map((s) => this.typeTarget(s, d.key));
      this.out.definitions.push(d);
      defined.push(d);
      const t = rule.typeOf?.(n);
      const r = t ? this.typeReceiver(t) : undefined;
      if (r) (this.out.types ??= new Map()).set(d.key, r);
    }
    const main = defined[0];
    if (rule.container && main) {
      this.enter({ key: main.key, isType: rule.container === 'type', vars: new Map() }, n, rule, nameNode ?? undefined);
      return;
    }
    const isFunction = FUNCTION_KINDS.has(kind);
    const frame: Frame = { key: this.frame.key, isType: false, vars: new Map() };
    // A method defined outside its type (C++ `Foo::bar`, Go receivers) sees the type's members.
    if (isFunction && prefix !== this.frame.key) frame.key = prefix;
    if (isFunction) {
      const self = prefix !== this.frame.key ? prefix : this.enclosingType();
      if (self) frame.vars.set('\u0000self', { cls: self });
      for (const [v, t] of rule.typedParameters?.(n) ?? []) {
        const r = this.typeReceiver(t);
        if (r) frame.vars.set(v, r);
      }
      this.frames.push(frame);
      this.functionDepth++;
      this.children(n, new Set(names.concat(nameNode ? [nameNode] : [])));
      this.functionDepth--;
      this.frames.pop();
      return;
    }
    this.children(n, new Set(names.concat(nameNode ? [nameNode] : [])));
  }

  private enter(frame: Frame, n: Node, rule: DefinitionRule, nameNode: Node | undefined): void {
    if (frame.isType) frame.vars.set('\u0000self', { cls: frame.key });
    this.frames.push(frame);
    const skipNodes = new Set<Node>(nameNode ? [nameNode] : []);
    // Supers are references, read in the outer scope's terms but walked here for their type names.
    this.children(n, skipNodes);
    this.frames.pop();
    void rule;
  }

  private children(n: Node, skip: Set<Node>): void {
    for (const c of n.namedChildren) {
      if ([...skip].some((s) => s.equals(c))) continue;
      this.visit(c);
    }
  }

  private call(callee: Callee): void {
    const { name, receiver } = callee;
    const member = callee.member ?? 'method';
    this.called.add(name.id);
    if (!receiver) {
      this.ref(name, this.bareCall(name.text, false, member), true);
      return;
    }
    const path = this.rules.pathCall?.(receiver, name, this.pathScope());
    if (path) {
      this.ref(name, path, true);
      return;
    }
    const pkg =
      (receiver.type === 'identifier' || receiver.type === 'package_identifier') && !this.lookupVar(receiver.text)
        ? this.imported.get(receiver.text)
        : undefined;
    if (pkg?.isPackage) {
      this.ref(receiver, { type: 'symbol', key: pkg.container }, false);
      this.ref(name, { type: 'symbol', key: `${pkg.container}${descriptor(name.text)}().` }, true);
      return;
    }
    const owner = this.receiverOf(receiver);
    if (owner) this.ref(name, { type: 'member', owner, name: name.text, member }, true);
    else this.ref(name, { type: 'unresolved', name: name.text, member }, true);
  }

  private bareCall(name: string, optional: boolean, member: MemberKind = 'method'): Target {
    const imported = this.imported.get(name);
    const scopes = imported?.values ? [imported.container, ...this.scopes()] : this.scopes();
    return { type: 'lexical', name, member, scopes, unique: this.rules.language === 'c' || this.rules.language === 'cpp', ...(optional ? { optional } : {}) };
  }

  /** The class of a receiver expression, when syntax says it. */
  private receiverOf(r: Node, depth = 0): Receiver | undefined {
    if (this.rules.selfTypes.has(r.type) || (r.type === 'identifier' && this.rules.selfNames?.has(r.text))) return this.lookupVar('\u0000self');
    const member = this.rules.members?.[r.type];
    if (member && depth < 8) {
      const [object, name] = member(r);
      const base = object && this.receiverOf(object, depth + 1);
      return base && name ? { of: base, name: name.text, via: 'property' } : undefined;
    }
    const name = this.lastTypeName(r);
    if (r.type === 'identifier' || r.type === 'field_identifier') {
      const v = this.lookupVar(r.text);
      if (v) return v;
    }
    // A type used as receiver: `Util.stat()`, `Helper::new()`, `Foo.new` (capitalised by convention in these languages).
    if (
      name &&
      /^[A-Z]/.test(name) &&
      (this.rules.typeNames.has(r.type) ||
        r.type === 'identifier' ||
        r.type === 'constant' ||
        r.type === 'scoped_identifier' ||
        r.type === 'scope_resolution' ||
        r.type === 'qualified_identifier' ||
        r.type === 'namespace_identifier')
    ) {
      return this.typeReceiverByName(name);
    }
    return undefined;
  }

  private typeReceiverByName(name: string): Receiver | undefined {
    if (name === 'Self') return this.lookupVar('\u0000self');
    const imported = this.imported.get(name);
    if (imported && !imported.isPackage) return { cls: `${imported.container}${descriptor(name)}#` };
    return { typeName: name, scopes: this.scopes() };
  }

  private typeReceiver(t: Node): Receiver | undefined {
    const byPath = this.rules.typePath?.(t, this.pathScope());
    if (byPath) return byPath;
    const name = this.lastTypeName(t);
    return name ? this.typeReceiverByName(name) : undefined;
  }

  private constructedReceiver(value: Node): Receiver | undefined {
    const t = this.rules.constructed?.(value);
    return t ? this.typeReceiver(t) : undefined;
  }

  private lastTypeName(t: Node): string | undefined {
    const inner = this.rules.typeNameOf?.(t) ?? t;
    const text = inner.text.replace(/<.*$/s, '').replace(/^[&*\s]+|[\s*&?]+$/g, '');
    const last = text.split(/::|\.|\\/).pop();
    return last && /^[A-Za-z_][\w]*$/.test(last) ? last : undefined;
  }

  private typeTarget(n: Node, inside?: string): Target {
    const name = this.lastTypeName(n) ?? n.text;
    const imported = this.imported.get(name);
    if (imported && !imported.isPackage) return { type: 'symbol', key: `${imported.container}${descriptor(name)}#` };
    if (name === 'Self') {
      const self = this.enclosingType() ?? this.lookupVar('\u0000self');
      if (typeof self === 'string') return { type: 'symbol', key: self };
    }
    return { type: 'lexical', name, member: 'type', scopes: inside ? [inside, ...this.scopes()] : this.scopes(), unique: true };
  }

  private typeReference(n: Node): void {
    const name = this.lastTypeName(n);
    if (!name) return;
    const inner = this.rules.typeNameOf?.(n) ?? n;
    this.ref(inner, this.typeTarget(n), false);
    for (const c of n.namedChildren) if (!c.equals(inner)) this.visit(c);
  }

  private ref(node: Node, target: Target, call: boolean): void {
    this.out.references.push({ range: rangeOf(node), target, call });
  }
}

/** A language's syntactic reader from its rules. */
export function genericReader(name: string, rules: GenericRules, context?: (file: string) => ImportContext): SyntacticReader {
  return { name, facts: (root, file) => genericFacts(rules, root, file, context?.(file) ?? { file }) };
}

/** Helpers the language files share. */
export const field =
  (name: string) =>
  (n: Node): Node | null =>
    n.childForFieldName(name);
/** Every descendant of these types (not into nested definitions' bodies: callers pass small subtrees). */
export function descendants(n: Node | null | undefined, types: ReadonlySet<string>, out: Node[] = []): Node[] {
  if (!n) return out;
  for (const c of n.namedChildren) {
    if (types.has(c.type)) out.push(c);
    else descendants(c, types, out);
  }
  return out;
}
