// What PHP's walk (php.ts) shows the reading of references beside it
// (php-references.ts): the scope it stands in, and the names it resolves.
// Its own file, so both import it and not each other.
import type { Node } from 'web-tree-sitter';
import type { FacadeFacts, FileFacts, Receiver, Target } from '../syntactic/facts';
import type { LaravelWalk } from './laravel';

export interface Scope {
  /** Variable name (without `$`) -> its declared class receiver. */
  vars: Map<string, Receiver>;
}

export interface ClassFrame {
  key: string;
  parent: string | undefined;
}

export type PhpFacts = FileFacts & { types: Map<string, Receiver>; facades: FacadeFacts[]; bindings: Array<[string, string]> };

export interface PhpWalk {
  readonly out: PhpFacts;
  readonly namespace: string;
  /** Functions imported by `use function`: short name -> fully qualified. */
  readonly functions: ReadonlyMap<string, string>;
  readonly scope: Scope;
  readonly currentClass: ClassFrame | undefined;
  /** Laravel's strings, facades and bindings, read at the calls and classes that carry them. */
  readonly laravel: LaravelWalk;
  visit(n: Node): void;
  /** Walks children; the handlers visit what they do not consume themselves. */
  visitChildren(n: Node): void;
  resolveClassName(text: string): string | undefined;
  qualify(text: string): string;
  classKeyOf(text: string): string | undefined;
  ref(node: Node, target: Target, call: boolean, isImport?: boolean): void;
}
