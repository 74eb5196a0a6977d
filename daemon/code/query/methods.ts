// Every read-only query the daemon answers, once: method name, how its params
// map onto the query function. The daemon's handlers, CodeIndex and the CLI's
// cold path (which answers from the index file while a daemon starts) all
// dispatch through this table, so a new query is one line here.
import * as P from '../../protocol/code';
import type { MethodDecl, ParamsOf, ResultOf } from '../../protocol/method';
import type { CodeStore } from '../store/store';
import type { Answer } from './answer';
import { callees } from './callees';
import { callers } from './callers';
import { impact } from './impact';
import { impls } from './impls';
import type { Paging } from './limit';
import type { Merge } from './merge';
import { outline } from './outline';
import { refs } from './refs';
import { search } from './search';

export interface QueryContext {
  store: CodeStore;
  /** The repo's real path. */
  repo: string;
  /** The live overlay's merges, when the repo has files changed since its build. */
  overlay?: OverlayMerges;
}

/** Each rewrites a query's matches before its page is cut, swapping in syntactic occurrences for the changed files; each gets the name actually looked up (a compound's tail). */
export interface OverlayMerges {
  refs(definitionsOnly: boolean): Merge;
  callers(allRefs: boolean): Merge;
  callees(allRefs: boolean): Merge;
}

export interface ReadQuery {
  readonly decl: MethodDecl;
  readonly method: string;
  /** params were checked against decl.params at the socket (or by the cold path). */
  run(ctx: QueryContext, params: unknown): object;
}

function query<D extends MethodDecl>(decl: D, run: (ctx: QueryContext, p: ParamsOf<D>) => Answer<ResultOf<D>>): ReadQuery {
  return { decl, method: decl.method, run: (ctx, params) => run(ctx, params as ParamsOf<D>) as object };
}

export const READ_QUERIES: readonly ReadQuery[] = [
  query(P.Refs, (c, p) => refs(c.store, p.name, { ...paging(p), merge: c.overlay?.refs(false) })),
  query(P.Defs, (c, p) => refs(c.store, p.name, { definitionsOnly: true, ...paging(p), merge: c.overlay?.refs(true) })),
  query(P.Callers, (c, p) => callers(c.store, p.name, { allRefs: p.all_refs, ...paging(p), merge: c.overlay?.callers(p.all_refs ?? false) })),
  query(P.Callees, (c, p) => callees(c.store, p.name, { allRefs: p.all_refs, ...paging(p), merge: c.overlay?.callees(p.all_refs ?? false) })),
  query(P.Impls, (c, p) => impls(c.store, p.name, paging(p))),
  query(P.Search, (c, p) => search(c.store, p.pattern, { kind: p.kind, ...paging(p) })),
  query(P.Symbols, (c, p) => outline(c.store, c.repo, p.file, paging(p))),
  query(P.Impact, (c, p) => impact(c.store, p.name, { depth: p.depth, ...paging(p) })),
];

const paging = (p: { limit?: number; budget?: number; offset?: number }): Paging => ({ limit: p.limit, budget: p.budget, offset: p.offset });

export const readQuery = (method: string): ReadQuery | undefined => READ_QUERIES.find((q) => q.method === method);
