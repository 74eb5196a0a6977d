// What the syntactic indexer reads from one file before anything is resolved:
// the definitions it makes (with their full extents) and the names it uses,
// each with what syntax says it points at. Resolution across files happens
// later (resolve.ts), once every file's definitions are known.

/** [startLine, startCol, endLine, endCol], 0-based, columns in UTF-16 code units (as SCIP). */
export type Range = [number, number, number, number];

/** SCIP SymbolInformation.Kind numbers the syntactic indexer gives. */
export const Kind = {
  Class: 7,
  Constant: 8,
  Constructor: 9,
  Enum: 11,
  EnumMember: 12,
  Field: 15,
  File: 16,
  Function: 17,
  Interface: 21,
  Key: 22,
  Macro: 25,
  Method: 26,
  Module: 29,
  Namespace: 30,
  Property: 41,
  String: 48,
  Struct: 49,
  Trait: 53,
  Type: 54,
  TypeAlias: 55,
  Union: 59,
  Variable: 61,
} as const;

/** Where a name points, as far as syntax can tell. Keys are SCIP descriptor paths (`A/B#c().`). */
export type Target =
  /** Known exactly (a definition's own name, an imported class, a fully qualified name). */
  | { type: 'symbol'; key: string }
  /** A member of a class the receiver is declared to be: found on it or up its ancestors. */
  | { type: 'member'; owner: Receiver; name: string; member: MemberKind }
  /** The first candidate that some file defines, else the last (PHP's namespaced-then-global functions). */
  | { type: 'first'; candidates: string[] }
  /** A static call on a class that may be a facade: resolved to the facade's member and its backing class. */
  | { type: 'static'; owner: string; name: string }
  /** Nothing declares the receiver's type: recorded under the name alone, never bound to a class. */
  | { type: 'unresolved'; name: string; member: MemberKind }
  /**
   * A bare name looked up the way the language's scoping does: in each scope,
   * innermost first (a type scope `A#` through its ancestors too), then, with
   * `unique`, the one definition of that name in the whole index. `optional`
   * drops it when nothing matches (a Ruby identifier may be a local).
   */
  | { type: 'lexical'; name: string; member: MemberKind; scopes: string[]; unique?: boolean; optional?: boolean }
  /**
   * The first of these readings that names something defined (a Rust path
   * `a::b::f` is module a::b's function, or type a::b's associated function);
   * when none does, unresolved under `name` (or, `optional`, dropped), never a guess.
   */
  | { type: 'oneOf'; options: Target[]; name: string; member: MemberKind; optional?: boolean };

export type MemberKind = 'method' | 'property' | 'constant' | 'type';

/** How a receiver's class is known: directly (a class key), or as the declared type of a property or a method's return. */
export type Receiver =
  | { cls: string }
  | { of: Receiver; name: string; via: 'property' | 'method' }
  /** A type named in source, looked up like any lexical type name. */
  | { typeName: string; scopes: string[] };

export interface Definition {
  key: string;
  name: string;
  kind: number;
  range: Range;
  /** The whole definition, body included: what makes containing symbols, callers and callees work. */
  extent: Range;
  /** Classes extended, interfaces implemented, traits used: by key, or by a name still to resolve. */
  supers?: Array<string | Target>;
  /** Adds supers to a type defined elsewhere (Rust's `impl Trait for T`): no definition of its own. */
  phantom?: boolean;
}

export interface Reference {
  range: Range;
  target: Target;
  call: boolean;
  /** A `use` import (SCIP's Import role). */
  import?: boolean;
  /** This occurrence defines its target (a route's `->name('x')`, a config key): with what it makes of it. */
  defines?: { kind: number; name: string; extent: Range };
}

/** A facade class as its source declares it (Laravel): what it stands for. */
export interface FacadeFacts {
  key: string;
  /** getFacadeAccessor()'s return: a container key, or a class key when it returns X::class. */
  accessor?: { kind: 'string'; value: string } | { kind: 'class'; key: string };
  /** Classes named by `@see` in the class docblock, in order. */
  see: string[];
}

export interface FileFacts {
  path: string;
  /** The language the document is recorded as. */
  language: string;
  definitions: Definition[];
  references: Reference[];
  facades?: FacadeFacts[];
  /** Per definition key: the class its property type or method return type declares. */
  types?: Map<string, Receiver>;
  /** Container bindings `bind('key', X::class)`/`singleton(...)`: key -> class key. */
  bindings?: Array<[string, string]>;
  /**
   * Names a module makes for things defined elsewhere (Rust's `use
   * self::inner::f;`, `pub use`): [this key's stem, the stem it stands for],
   * stems being keys without their suffix (`crate/util/f` for `crate/util/f().`).
   */
  aliases?: Array<[string, string]>;
}

/** A descriptor name, backquoted when it is not a plain identifier (SCIP's escaping). */
export function descriptor(name: string): string {
  return /^[\w$+-]+$/.test(name) ? name : `\`${name.replace(/`/g, '``')}\``;
}

/** `A\B\C` -> `A/B/C#`: a class named by its namespace path (PHP's fully qualified names). */
export const classKey = (fqn: string): string =>
  `${fqn
    .split('\\')
    .filter((s) => s.length > 0)
    .map(descriptor)
    .join('/')}#`;
/** A member's key under its owner's: `A/B#` + `f` -> `A/B#f().` for a method, `#` for a type, `.` otherwise. */
export const memberKey = (owner: string, name: string, member: MemberKind): string =>
  `${owner}${descriptor(name)}${member === 'method' ? '().' : member === 'type' ? '#' : '.'}`;

/**
 * Names a framework makes known with no source to read them from: Laravel's
 * facades and global aliases when the app's vendor/ holds no framework. A
 * reader offers them (SyntacticReader.builtins); the resolver asks them last.
 */
export interface BuiltinNames {
  /** Lower-case global alias (`db`) -> its facade class's fully qualified name. */
  readonly aliases: ReadonlyMap<string, string>;
  /** A container accessor string (`'db'`) -> the class bound to it. */
  readonly accessors: ReadonlyMap<string, string>;
  /** A facade class's fully qualified name -> its backing classes, most specific first. */
  readonly facadeClasses: ReadonlyMap<string, readonly string[]>;
}
