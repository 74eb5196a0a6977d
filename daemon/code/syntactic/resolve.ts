// The second pass: with every file's definitions known, each reference's
// target becomes symbols. Members are looked up on the declared class and
// its ancestors (extends, implements, traits); static calls on a facade
// count for the facade and for its backing class; what cannot be resolved
// stays under an `unresolved/` symbol of its own name.
import {
  classKey,
  memberKey,
  type BuiltinNames,
  type Definition,
  type FacadeFacts,
  type FileFacts,
  type MemberKind,
  type Receiver,
  type Target,
} from './facts';

const MAX_DEPTH = 8;

export interface ResolveOptions {
  /** PHP: class, function and method names are case-insensitive. */
  foldCase: boolean;
  /** What the reader's framework defines without source (Laravel's facades): asked when nothing read defines it. */
  builtins?: BuiltinNames;
}

export class Resolver {
  private readonly defs = new Map<string, Definition>();
  private readonly supers = new Map<string, Array<string | Target>>();
  private readonly resolvedSupers = new Map<string, string[]>();
  /** Name + descriptor suffix -> every key defining it, for `unique` lookups. */
  private readonly byName = new Map<string, string[]>();
  private readonly types = new Map<string, Receiver>();
  private readonly facades = new Map<string, FacadeFacts>();
  private readonly bindings = new Map<string, string>();
  private readonly aliases = new Map<string, string>();

  constructor(
    files: readonly FileFacts[],
    private readonly options: ResolveOptions,
  ) {
    for (const f of files) {
      for (const d of f.definitions) {
        const k = this.fold(d.key);
        if (!d.phantom && !this.defs.has(k)) {
          this.defs.set(k, d);
          const n = this.fold(`${d.name}${suffixOf(d.key)}`);
          const list = this.byName.get(n);
          if (!list) this.byName.set(n, [d.key]);
          else if (!list.includes(d.key)) list.push(d.key);
        }
        if (d.supers && d.supers.length > 0) this.supers.set(k, [...(this.supers.get(k) ?? []), ...d.supers]);
      }
      for (const [k, t] of f.types ?? []) this.types.set(this.fold(k), t);
      for (const facade of f.facades ?? []) this.facades.set(this.fold(facade.key), facade);
      for (const [k, cls] of f.bindings ?? []) this.bindings.set(k, cls);
      for (const [from, to] of f.aliases ?? []) if (from !== to) this.aliases.set(this.fold(from), to);
    }
  }

  private fold(key: string): string {
    return this.options.foldCase ? key.toLowerCase() : key;
  }

  /** The key as its definition spells it; a global Laravel alias (`DB`) becomes its facade when nothing else defines it. */
  canonical(key: string, depth = 0): string {
    const d = this.defs.get(this.fold(key));
    if (d) return d.key;
    // A name a module makes for something defined elsewhere (`pub use inner::f`), on the key itself or a container of it.
    if (this.aliases.size > 0 && depth < MAX_DEPTH) {
      for (let i = key.length - 1; i > 0; i--) {
        if (key[i] !== '/' && key[i] !== '#' && key[i] !== '(' && !(key[i] === '.' && i === key.length - 1)) continue;
        const to = this.aliases.get(this.fold(key.slice(0, i)));
        if (to !== undefined) {
          const aliased = this.canonical(`${to}${key.slice(i)}`, depth + 1);
          if (this.isDefined(aliased)) return aliased;
        }
      }
    }
    if (this.options.foldCase && key.endsWith('#') && !key.includes('/')) {
      const facade = this.options.builtins?.aliases.get(key.slice(0, -1).toLowerCase());
      if (facade) return this.defs.get(this.fold(classKey(facade)))?.key ?? classKey(facade);
    }
    return key;
  }

  isDefined(key: string): boolean {
    return this.defs.has(this.fold(key));
  }

  /** The key of `name` as declared on the class or its nearest ancestor, breadth first. */
  findMember(owner: string, name: string, member: MemberKind): string | undefined {
    const seen = new Set<string>();
    let frontier = [this.canonical(owner)];
    for (let depth = 0; frontier.length > 0 && depth < 32; depth++) {
      const next: string[] = [];
      for (const cls of frontier) {
        const folded = this.fold(cls);
        if (seen.has(folded)) continue;
        seen.add(folded);
        const found = this.defs.get(this.fold(memberKey(cls, name, member)));
        if (found) return found.key;
        for (const s of this.supersOf(cls)) next.push(s);
      }
      frontier = next;
    }
    return undefined;
  }

  /** Direct ancestors of a class, canonical; names resolved once. */
  supersOf(cls: string): string[] {
    const folded = this.fold(cls);
    let out = this.resolvedSupers.get(folded);
    if (out) return out;
    // Set first: a cycle (`class A extends B`, `class B extends A`) sees no ancestors instead of recursing.
    this.resolvedSupers.set(folded, (out = []));
    for (const s of this.supers.get(folded) ?? []) {
      const key = typeof s === 'string' ? this.canonical(s) : this.resolve(s)[0];
      // An ancestor outside the index (`node::ObjectWrap`) stays, under its name: impls still finds its subclasses.
      if (key && this.fold(key) !== folded) out.push(key);
    }
    return out;
  }

  /** A name in its scopes, innermost first; then the only definition of it anywhere, when allowed. */
  private lexical(name: string, member: MemberKind, scopes: readonly string[], unique: boolean): string | undefined {
    for (const scope of scopes) {
      if (scope.endsWith('#')) {
        const found = this.findMember(scope, name, member);
        if (found) return found;
      } else {
        const d = this.defs.get(this.fold(memberKey(scope, name, member)));
        if (d) return d.key;
      }
    }
    if (!unique) return undefined;
    const all = this.byName.get(this.fold(`${name}${member === 'method' ? '().' : member === 'type' ? '#' : '.'}`));
    return all?.length === 1 ? all[0] : undefined;
  }

  receiverClass(r: Receiver, depth = 0): string | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if ('cls' in r) return this.canonical(r.cls);
    if ('typeName' in r) return this.lexical(r.typeName, 'type', r.scopes, true);
    const owner = this.receiverClass(r.of, depth + 1);
    if (!owner) return undefined;
    const member = this.findMember(owner, r.name, r.via === 'property' ? 'property' : 'method');
    const t = member && this.types.get(this.fold(member));
    return t ? this.receiverClass(t, depth + 1) : undefined;
  }

  /** Backing classes of a facade class, or undefined when it is none. */
  facadeBacking(cls: string): string[] | undefined {
    const facts = this.facades.get(this.fold(cls));
    if (facts) {
      const out: string[] = [];
      const a = facts.accessor;
      if (a?.kind === 'class') out.push(a.key);
      else if (a?.kind === 'string') {
        const bound = this.bindings.get(a.value) ?? this.options.builtins?.accessors.get(a.value);
        if (bound) out.push(bound.includes('\\') ? classKey(bound) : bound);
      }
      out.push(...facts.see);
      return [...new Set(out.map((k) => this.canonical(k)))];
    }
    // Only when no source defines the class: the app has no framework in vendor/.
    if (this.isDefined(cls)) return undefined;
    const builtin = this.options.builtins?.facadeClasses.get(keyToFqn(cls));
    return builtin?.map((fqn) => this.canonical(classKey(fqn)));
  }

  /** Every symbol key the reference counts for, the primary first. */
  resolve(target: Target): string[] {
    switch (target.type) {
      case 'symbol':
        return [this.canonical(target.key)];
      case 'first':
        return [this.canonical(target.candidates.find((c) => this.isDefined(c)) ?? target.candidates[target.candidates.length - 1]!)];
      case 'unresolved':
        return [unresolvedKey(target.name, target.member)];
      case 'lexical': {
        const found = this.lexical(target.name, target.member, target.scopes, target.unique ?? false);
        return found ? [found] : target.optional ? [] : [unresolvedKey(target.name, target.member)];
      }
      case 'member': {
        const owner = this.receiverClass(target.owner);
        if (!owner) return [unresolvedKey(target.name, target.member)];
        // Declared on an ancestor outside the index (a vendor class): the declared class's member.
        return [this.findMember(owner, target.name, target.member) ?? memberKey(owner, target.name, target.member)];
      }
      case 'oneOf': {
        const found = this.strictly(target);
        return found ? [found] : target.optional ? [] : [unresolvedKey(target.name, target.member)];
      }
      case 'static': {
        const owner = this.canonical(target.owner);
        const backing = this.facadeBacking(owner);
        if (!backing) return [this.findMember(owner, target.name, 'method') ?? memberKey(owner, target.name, 'method')];
        const own = memberKey(owner, target.name, 'method');
        for (const b of backing) {
          const found = this.findMember(b, target.name, 'method');
          if (found) return [own, found];
        }
        return backing[0] ? [own, memberKey(backing[0], target.name, 'method')] : [own];
      }
    }
  }

  /** The key a reading names when something defines it, else undefined (no phantom key, no unresolved one). */
  private strictly(target: Target): string | undefined {
    switch (target.type) {
      case 'symbol': {
        const key = this.canonical(target.key);
        return this.isDefined(key) ? key : undefined;
      }
      case 'member': {
        const owner = this.receiverClass(target.owner);
        return owner ? this.findMember(owner, target.name, target.member) : undefined;
      }
      case 'lexical':
        return this.lexical(target.name, target.member, target.scopes, target.unique ?? false);
      case 'oneOf':
        for (const option of target.options) {
          const found = this.strictly(option);
          if (found) return found;
        }
        return undefined;
      default:
        return undefined;
    }
  }
}

export const unresolvedKey = (name: string, member: MemberKind): string => memberKey('unresolved/', name, member);

/** The descriptor suffix a key ends with: `().`, `#`, `/` or `.`. */
function suffixOf(key: string): string {
  return key.endsWith('().') ? '().' : key.endsWith('#') ? '#' : key.endsWith('/') ? '/' : '.';
}

function keyToFqn(key: string): string {
  return key
    .replace(/#$/, '')
    .split('/')
    .map((p) => p.replace(/^`|`$/g, ''))
    .join('\\');
}
