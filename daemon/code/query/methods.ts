// How each read-only query the protocol declares (CODE_QUERIES, the one
// list) maps its params onto the query function. The daemon's handlers
// (code/serving.ts) and the CLI's cold path (which answers from the index file
// while a daemon starts) both dispatch through this table; the compiler asks
// for a runner for every declared query.
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
import { isUnknownName, suggestNames } from './suggest';

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

type QueryDecl = (typeof P.CODE_QUERIES)[number];

/**
 * What an empty answer about a name looks like, for the queries about a name:
 * such an answer about a name no symbol has carries `suggestions` (maybe none),
 * so "no such symbol" reads apart from "no references" and names the next query.
 */
const noMatches = (a: object): boolean => {
  const r = a as { matches: unknown[]; offset?: number; rest?: unknown[] };
  return r.matches.length === 0 && !r.offset && !r.rest?.length;
};
const EMPTY: Partial<Record<QueryDecl['method'], (answer: object) => boolean>> = {
  [P.Refs.method]: noMatches,
  [P.Defs.method]: noMatches,
  [P.Callers.method]: noMatches,
  [P.Callees.method]: noMatches,
  [P.Impls.method]: noMatches,
  [P.Impact.method]: (a) => {
    const r = a as P.ImpactResult;
    return !r.offset && Object.values(r.counts).every((n) => n === 0);
  },
};

function withSuggestions(run: (ctx: QueryContext, p: unknown) => object, empty: (answer: object) => boolean): (ctx: QueryContext, p: unknown) => object {
  return (c, p) => {
    const answer = run(c, p);
    // Every name query's params hold `name`, checked at the socket.
    const name = String((p as { name: unknown }).name);
    return empty(answer) && isUnknownName(c.store, name) ? { ...answer, suggestions: suggestNames(c.store, name) } : answer;
  };
}

/** One function per declared query, keyed by its method: a query declared in protocol/code.ts without one here does not compile. */
type Runners = { readonly [D in QueryDecl as D['method']]: (ctx: QueryContext, p: ParamsOf<D>) => Answer<ResultOf<D>> };

const RUNNERS: Runners = {
  [P.Refs.method]: (c, p) => refs(c.store, p.name, { ...paging(p), lines: p.lines, merge: c.overlay?.refs(false) }),
  [P.Defs.method]: (c, p) => refs(c.store, p.name, { definitionsOnly: true, ...paging(p), merge: c.overlay?.refs(true) }),
  [P.Callers.method]: (c, p) =>
    callers(c.store, p.name, {
      allRefs: p.all_refs,
      includeExternal: p.include_external,
      ...paging(p),
      lines: p.lines,
      merge: c.overlay?.callers(p.all_refs ?? false),
    }),
  [P.Callees.method]: (c, p) =>
    callees(c.store, p.name, {
      allRefs: p.all_refs,
      includeExternal: p.include_external,
      ...paging(p),
      lines: p.lines,
      merge: c.overlay?.callees(p.all_refs ?? false),
    }),
  [P.Impls.method]: (c, p) => impls(c.store, p.name, paging(p)),
  [P.Search.method]: (c, p) => search(c.store, p.pattern, { kind: p.kind, ...paging(p) }),
  [P.Symbols.method]: (c, p) => outline(c.store, c.repo, p.file, paging(p)),
  [P.Impact.method]: (c, p) => impact(c.store, p.name, { depth: p.depth, ...paging(p) }),
};

/** In the order protocol/code.ts declares them (CODE_QUERIES), the one list. */
export const READ_QUERIES: readonly ReadQuery[] = P.CODE_QUERIES.map((decl): ReadQuery => {
  // params were checked against decl.params before they get here; the runner is the one filed under decl.method.
  const run = RUNNERS[decl.method] as (ctx: QueryContext, p: unknown) => object;
  const empty = EMPTY[decl.method];
  return { decl, method: decl.method, run: empty ? withSuggestions(run, empty) : run };
});

const paging = (p: { limit?: number; budget?: number; offset?: number }): Paging => ({ limit: p.limit, budget: p.budget, offset: p.offset });

export const readQuery = (method: string): ReadQuery | undefined => READ_QUERIES.find((q) => q.method === method);
