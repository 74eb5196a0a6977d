// Every read-only query the daemon answers, once: method name, how its params
// map onto the query function. The daemon's handlers, CodeIndex and the CLI's
// cold path (which answers from the index file while a daemon starts) all
// dispatch through this table, so a new query is one line here.
import * as P from '../../protocol';
import type { SymbolMatch } from '../../protocol';
import type { CodeStore } from '../store/store';
import type { Answer } from './answer';
import { callees } from './callees';
import { callers } from './callers';
import { impact } from './impact';
import { impls } from './impls';
import { outline } from './outline';
import { refs } from './refs';
import { search } from './search';

export interface QueryContext {
  store: CodeStore;
  /** The repo's real path. */
  repo: string;
  /** The live overlay's merge for refs/defs, when the repo has changed files. */
  overlay?: (definitionsOnly: boolean) => ((name: string, matches: SymbolMatch[]) => SymbolMatch[]) | undefined;
}

export interface ReadQuery {
  method: string;
  /** params come off the wire; each entry was typed by its RequestType when declared. */
  run(ctx: QueryContext, params: unknown): object;
}

function query<Params extends P.RepoParams, Result>(type: { method: string; _: [Params, Result, ...unknown[]] | undefined }, run: (ctx: QueryContext, p: Params) => Answer<Result>): ReadQuery {
  return { method: type.method, run: (ctx, params) => run(ctx, params as Params) as object };
}

export const READ_QUERIES: readonly ReadQuery[] = [
  query(P.Refs.type, (c, p) => refs(c.store, p.name, { limit: p.limit, merge: c.overlay?.(false) })),
  query(P.Defs.type, (c, p) => refs(c.store, p.name, { definitionsOnly: true, limit: p.limit, merge: c.overlay?.(true) })),
  query(P.Callers.type, (c, p) => callers(c.store, p.name, { allRefs: p.all_refs, limit: p.limit })),
  query(P.Callees.type, (c, p) => callees(c.store, p.name, { allRefs: p.all_refs, limit: p.limit })),
  query(P.Impls.type, (c, p) => impls(c.store, p.name, { limit: p.limit })),
  query(P.Search.type, (c, p) => search(c.store, p.pattern, { kind: p.kind, limit: p.limit })),
  query(P.Symbols.type, (c, p) => outline(c.store, c.repo, p.file)),
  query(P.Impact.type, (c, p) => impact(c.store, p.name, { depth: p.depth, limit: p.limit })),
];

export const readQuery = (method: string): ReadQuery | undefined => READ_QUERIES.find((q) => q.method === method);
