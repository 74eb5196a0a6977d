// graph [--around ENTITY] [--depth N] [--limit N] [--cursor C]: nodes and
// edges for the memory-graph view, paged. Around an entity, nodes come in
// breadth-first order (its neighbours, then theirs), so the first page is
// the closest neighbourhood; without one, the most recently active entities.
// Each page carries the edges between its nodes and those of earlier pages,
// so a view that appends pages has every edge exactly once.
import type * as P from '../protocol';
import type { MemoryStore } from './store';
import { graphReads } from './store/queries/graph';
import { cursorOffset } from './inspect';
import { entityRef, isoTime, requireEntity } from './views';

const MAX_NODES = 10_000;
const MAX_EDGES_PER_PAGE = 5_000;

export function graph(store: MemoryStore, params: P.GraphParams): P.GraphResult {
  const started = performance.now();
  const limit = params.limit ?? 100;
  const offset = params.cursor !== undefined ? cursorOffset(params.cursor) : 0;
  const asOf = params.as_of !== undefined ? isoTime(params.as_of, 'as_of') : undefined;
  const g = graphReads(store, asOf);

  let order: Array<{ id: number; depth?: number }>;
  let total: number | undefined;
  let center: P.EntityRef | undefined;
  if (params.around !== undefined) {
    const start = requireEntity(store, params.around);
    center = entityRef(store, start);
    const maxDepth = params.depth ?? 2;
    const seen = new Map<number, number>([[start, 0]]);
    order = [{ id: start, depth: 0 }];
    let frontier = [start];
    for (let d = 1; d <= maxDepth && frontier.length > 0 && seen.size < MAX_NODES; d++) {
      const next = new Set<number>();
      for (const node of frontier) {
        for (const r of g.neighbours(node)) {
          if (!seen.has(r.other)) next.add(r.other);
        }
      }
      frontier = [...next].sort((a, b) => a - b).slice(0, MAX_NODES - seen.size);
      for (const id of frontier) {
        seen.set(id, d);
        order.push({ id, depth: d });
      }
    }
    total = order.length;
  } else {
    order = g.recent(offset + limit + 1).map((id) => ({ id }));
    total = g.entityCount();
  }

  const page = order.slice(offset, offset + limit);
  const known = new Set(order.slice(0, offset + page.length).map((n) => n.id));
  const nodes: P.GraphNode[] = page.flatMap((n) => {
    const e = g.node(n.id);
    return e
      ? [{ id: e.id, name: e.name, type: e.type, ...(n.depth !== undefined ? { depth: n.depth } : {}), facts: g.factCount(n.id), updated_at: e.updated_at }]
      : [];
  });

  // Edges touching this page whose other end is on this page or an earlier one; each edge is sent once, with the later of its two nodes.
  const pageIds = new Set(page.map((n) => n.id));
  const edges: P.GraphEdge[] = [];
  const sent = new Set<number>();
  for (const n of page) {
    for (const r of g.edgesTouching(n.id)) {
      if (sent.has(r.id) || edges.length >= MAX_EDGES_PER_PAGE) continue;
      const other = r.source_id === n.id ? r.target_id : r.source_id;
      if (!known.has(other)) continue;
      // An edge between two nodes of earlier pages was already sent; one with a node here is sent now.
      if (!pageIds.has(other) && !pageIds.has(n.id)) continue;
      sent.add(r.id);
      edges.push({
        id: r.id,
        source: r.source_id,
        target: r.target_id,
        relation: r.relation,
        text: r.text,
        ...(r.valid_from ? { valid_from: r.valid_from } : {}),
        confidence: r.confidence,
      });
    }
  }
  const hasMore = order.length > offset + page.length;
  return {
    ...(center ? { center } : {}),
    nodes,
    edges,
    page: {
      limit,
      returned: nodes.length,
      offset,
      has_more: hasMore,
      ...(hasMore ? { next_cursor: String(offset + page.length) } : {}),
      ...(total !== undefined ? { total } : {}),
    },
    elapsed_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}
