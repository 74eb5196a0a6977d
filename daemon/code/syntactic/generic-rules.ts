// The rules a language gives the generic walker (generic.ts): which nodes
// define what and inside which container, which are calls and on what
// receiver, how imports bring names in. Each language's rules are written
// beside its reader in readers/.
import type { Node } from 'web-tree-sitter';
import type { MemberKind, Receiver, Target } from './facts';

export interface DefinitionRule {
  kind: number | ((n: Node) => number);
  /** The name node; default: the `name` field. */
  name?: (n: Node) => Node | null | undefined;
  /** Several names in one node (a field declaration with many declarators). */
  names?: (n: Node) => Node[];
  /** Opens a container: members of a type go under `Name#`, of a namespace under `Name/`. */
  container?: 'type' | 'namespace';
  /** Nodes naming what it extends, implements or mixes in. */
  supers?: (n: Node) => Node[];
  /**
   * The node is no definition but adds members (and supers) to a type named
   * elsewhere: Rust's `impl [Trait for] Type`, C++'s `void Type::method()`.
   */
  ownerType?: (n: Node) => Node | null | undefined;
  /** Variables it declares with their types: a function's typed parameters, a Go receiver. */
  typedParameters?: (n: Node) => Array<[string, Node]>;
  /** A qualified name (`A::B::f`, `a.b`): the containers before the last part. */
  qualifier?: (n: Node) => string[];
  /** No name of its own: its body adds to `ownerType` (Rust's impl). */
  impl?: boolean;
  /** Only outside function bodies (Go's var/const specs; inside they are locals). */
  outsideFunctions?: boolean;
  /** When false the node is no definition here (a C `struct x` without a body is a reference). */
  when?: (n: Node) => boolean;
  /** The declared type of what it defines (a field's type), so `a.field.m()` is typed. */
  typeOf?: (n: Node) => Node | null | undefined;
}

export interface Callee {
  name: Node;
  receiver?: Node;
  /** What the name is looked up as (default a method): `new Foo()` names a type. */
  member?: MemberKind;
}

export interface GenericRules {
  language: string;
  definitions: Readonly<Record<string, DefinitionRule>>;
  /** Call node type -> the callee's name and receiver. */
  calls: Readonly<Record<string, (n: Node) => Callee | undefined>>;
  /** Node types that name a type where they appear (references, unless they are a definition's name). */
  typeNames: ReadonlySet<string>;
  /** Nodes that are the current instance: `this`, `self`. */
  selfTypes: ReadonlySet<string>;
  /** Identifiers that name the current instance by convention (Python's `self`). */
  selfNames?: ReadonlySet<string>;
  /** A local declaration -> [variable, declared type node or undefined, value or undefined]. */
  variables?: Readonly<Record<string, (n: Node) => Array<[string, Node | undefined, Node | undefined]>>>;
  /** The type a value constructs, when it visibly does: `new X()`, `X::new()`, `X.new`, `X{}`, `&X{}`. */
  constructed?: (value: Node) => Node | undefined;
  /** A node that makes a name usable short: an import. What it binds, else undefined for any other node. `scope`: where it sits. */
  imports?: (n: Node, context: ImportContext, scope: () => PathScope) => Imported[] | undefined;
  /**
   * A call through a path (`crate::a::f()`, `super::f()`, `m::f()`): its
   * target, for a language that resolves paths itself (Rust); undefined
   * leaves the receiver to the rules above.
   */
  pathCall?: (receiver: Node, name: Node, scope: PathScope) => Target | undefined;
  /** A type named by a path (`crate::shapes::Circle`): its class, when the language resolves paths itself. */
  typePath?: (type: Node, scope: PathScope) => Receiver | undefined;
  /** Namespaces a file opens for type lookup (`using X.Y;`): container keys. */
  opens?: (n: Node) => string[] | undefined;
  /** The package of the file as containers, from its path or a declaration. */
  packageOf?: (root: Node, file: string, context: ImportContext) => string[];
  /** Identifiers that may be calls without parentheses (Ruby): counted only when they resolve. */
  bareCalls?: ReadonlySet<string>;
  /** The name node of a type reference node (a `generic_type`'s base, a `scoped_type_identifier`'s last part). */
  typeNameOf?: (n: Node) => Node | undefined;
  /** Nodes the walker does not enter (comments, strings). */
  skip?: ReadonlySet<string>;
  /** Member access node type -> [object, member name]: `a.b` as a receiver is b's declared type on a's. */
  members?: Readonly<Record<string, (n: Node) => [Node | null, Node | null]>>;
  /**
   * A name read as a value (`x` in `f(x)`, `extends Base`): looked up as
   * anything its scopes define, and dropped when nothing does (a local).
   */
  valueName?: (n: Node) => boolean;
}

export interface Imported {
  /** The short name in this file. */
  name: string;
  /** The container it comes from: `java/util/` for java.util.List, the package itself for a Go import. */
  container: string;
  /** A Go package: `name.F()` calls F in `container`. Otherwise a type `name` in `container`. */
  isPackage?: boolean;
  /** Also a function, constant or module of that name (Rust's `use a::f`): a bare `f()` looks in `container` first. */
  values?: boolean;
  /** Every name of `container` (Rust's `use a::*`): looked in after the file's own scopes. */
  glob?: boolean;
  /** The node naming it in the import: an import reference to whichever of those `container` defines. */
  node?: Node;
  /** The importing module names it too (Rust: `use inner::f;` in m makes `m::f`, for other files' paths). */
  reexports?: boolean;
}

/** Where a name is read, for a language's own path rules. */
export interface PathScope {
  /** The file being read, repo-relative. */
  file: string;
  /** The innermost module (or package, namespace) key: `crate/a/b/`. */
  module: string;
  /** The enclosing type's key, inside an impl or a class. */
  selfType?: string;
  /** What the file imported under this short name. */
  imported(name: string): Imported | undefined;
  /** Scopes for a bare name, innermost first. */
  scopes: string[];
}

export interface ImportContext {
  file: string;
  /** For Go: the module path from go.mod, so imports inside the module map to folders. */
  module?: string;
}
