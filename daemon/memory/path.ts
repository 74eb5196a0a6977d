// path FROM TO: the shortest chain of current facts between two entities,
// found by a breadth-first search from both ends at once (facts are walked in
// either direction), each hop with its fact and its newest evidence. Bounded:
// at most max_depth hops and a cap on the entities visited.
import type * as P from '../protocol';
import type { MemoryStore } from './store';
import { graphReads } from './store/queries/graph';
import { factById } from './store/queries/inspect';
import { entityName, entityRef, factOut, latestEvidence, requireEntity } from './views';

const MAX_VISITED = 20_000;

interface Step {
  /** The entity this one was reached from, and the fact that links them. */
  prev: number;
  fact: number;
}

export function shortestPath(store: MemoryStore, params: P.PathParams): P.PathResult {
  const started = performance.now();
  const from = requireEntity(store, params.from);
  const to = requireEntity(store, params.to);
  const maxDepth = params.max_depth ?? 4;
  const { neighbours } = graphReads(store, undefined);

  const done = (hops: P.PathHop[], found: boolean, note?: string): P.PathResult => ({
    from: entityRef(store, from),
    to: entityRef(store, to),
    found,
    hops,
    ...(note ? { note } : {}),
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  });
  if (from === to) return done([], true, 'FROM and TO are the same entity');

  // Two frontiers; each side remembers how it reached every entity.
  const seenA = new Map<number, Step | null>([[from, null]]);
  const seenB = new Map<number, Step | null>([[to, null]]);
  let frontierA = [from];
  let frontierB = [to];
  let meet: number | undefined;
  let depth = 0;
  let capped = false;
  while (meet === undefined && depth < maxDepth && frontierA.length > 0 && frontierB.length > 0) {
    // Grow the smaller side: the search stays small around hubs.
    const growA = frontierA.length <= frontierB.length;
    const [seen, other] = growA ? [seenA, seenB] : [seenB, seenA];
    const next: number[] = [];
    for (const node of growA ? frontierA : frontierB) {
      for (const n of neighbours(node)) {
        if (seen.has(n.other)) continue;
        seen.set(n.other, { prev: node, fact: n.id });
        if (other.has(n.other)) {
          meet = n.other;
          break;
        }
        next.push(n.other);
      }
      if (meet !== undefined) break;
      if (seenA.size + seenB.size > MAX_VISITED) {
        capped = true;
        break;
      }
    }
    if (growA) frontierA = next;
    else frontierB = next;
    depth++;
    if (capped) break;
  }
  if (meet === undefined) {
    const why = capped
      ? `searched ${seenA.size + seenB.size} entities without meeting (the search is capped)`
      : `no chain of current facts of ${maxDepth} hops or fewer`;
    return done([], false, `${why}; try max_depth up to 6, or scry memory facts on either end`);
  }

  // from … meet, then meet … to.
  const chain: Array<{ a: number; b: number; fact: number }> = [];
  for (let n = meet; seenA.get(n);) {
    const s = seenA.get(n)!;
    chain.unshift({ a: s.prev, b: n, fact: s.fact });
    n = s.prev;
  }
  for (let n = meet; seenB.get(n);) {
    const s = seenB.get(n)!;
    chain.push({ a: n, b: s.prev, fact: s.fact });
    n = s.prev;
  }
  const hops = chain.map((h): P.PathHop => {
    const evidence = latestEvidence(store, h.fact);
    return { from: entityName(store, h.a), to: entityName(store, h.b), fact: factOut(store, factById(store, h.fact)!), ...(evidence ? { evidence } : {}) };
  });
  return done(hops, true);
}
