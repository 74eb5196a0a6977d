// Daemon answers → what the page draws. Pure functions, table-tested under
// plain Node: which facts hold at the view's time, which are past, how a
// daemon fact becomes a side-panel row or a dashed edge.
import type * as P from '../../daemon/protocol';
import { agentName } from '../../daemon/protocol/memory-editors';
import type { EntityDetail, EpisodeView, FactView, GraphEdgeView, GraphNodeView } from '../../webview/protocol';

/** The view's time as an ISO instant: the end of the as-of day (a fact recorded that day counts), or now. */
export function viewTime(asOf: string | undefined, now = new Date()): string {
  if (!asOf) return now.toISOString();
  return /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? `${asOf}T23:59:59.999Z` : new Date(asOf).toISOString();
}

export type FactPhase = 'current' | 'past' | 'future';

/**
 * Where a fact stands at `at`: current (valid then), past (closed by then:
 * superseded or invalidated) or future (not yet true; the as-of view hides it).
 */
export function factPhase(f: Pick<P.MemoryFact, 'valid_from' | 'valid_to' | 'expired_at'>, at: string): FactPhase {
  const t = Date.parse(at);
  if (f.valid_from && Date.parse(f.valid_from) > t) return 'future';
  if (f.valid_to && Date.parse(f.valid_to) <= t) return 'past';
  // Retired without a validity end (a correction recorded later): past once it was recorded as expired.
  if (!f.valid_to && f.expired_at && Date.parse(f.expired_at) <= t) return 'past';
  return 'current';
}

export function factView(f: P.MemoryFact, entityId: number, at: string): FactView {
  const outgoing = f.source_id === entityId;
  const other = outgoing ? (f.target !== undefined ? { id: f.target_id, name: f.target } : undefined) : { id: f.source_id, name: f.source };
  return {
    id: f.id,
    relation: outgoing ? f.relation : `${f.relation} (from)`,
    text: f.text,
    confidence: f.confidence,
    ...(f.valid_from ? { validFrom: f.valid_from } : {}),
    ...(f.valid_to ? { validTo: f.valid_to } : {}),
    ...(other ? { other: other.id !== undefined ? { id: other.id, name: other.name } : { name: other.name } } : {}),
    current: factPhase(f, at) === 'current',
  };
}

export function episodeView(e: P.EpisodeRef): EpisodeView {
  return {
    id: e.id,
    source: e.source,
    agent: agentName(e.source),
    occurredAt: e.occurred_at,
    summary: e.summary,
    path: e.path,
    lineStart: e.line_start,
    lineEnd: e.line_end,
  };
}

/** The side panel: facts valid at the view's time, then past ones; facts not yet true are left out. */
export function entityDetail(facts: P.FactsResult, episodes: P.EpisodesResult | undefined, at: string): EntityDetail {
  const e = facts.entity;
  const rows = facts.facts.filter((f) => factPhase(f, at) !== 'future').map((f) => factView(f, e.id, at));
  rows.sort((a, b) => Number(b.current) - Number(a.current) || (b.validFrom ?? '').localeCompare(a.validFrom ?? ''));
  return {
    id: e.id,
    name: e.name,
    type: e.type,
    aliases: e.aliases ?? [],
    ...(e.description ? { description: e.description } : {}),
    facts: rows,
    episodes: (episodes?.episodes ?? []).map(episodeView),
    episodesTotal: episodes?.total ?? 0,
  };
}

export function nodeView(n: P.GraphNode, expanded: boolean): GraphNodeView {
  return { id: n.id, name: n.name, type: n.type, facts: n.facts, updatedAt: n.updated_at, ...(n.depth !== undefined ? { depth: n.depth } : {}), expanded };
}

export function edgeView(e: P.GraphEdge): GraphEdgeView {
  return {
    id: e.id,
    source: e.source,
    target: e.target,
    relation: e.relation,
    text: e.text,
    confidence: e.confidence,
    ...(e.valid_from ? { validFrom: e.valid_from } : {}),
  };
}

/** Facts between drawn nodes that no longer hold at `at`: the dashed edges of the superseded toggle. */
export function pastEdges(facts: readonly P.MemoryFact[], drawn: ReadonlySet<number>, at: string): GraphEdgeView[] {
  const out: GraphEdgeView[] = [];
  for (const f of facts) {
    if (f.target_id === undefined || !drawn.has(f.source_id) || !drawn.has(f.target_id)) continue;
    if (factPhase(f, at) !== 'past') continue;
    out.push({
      id: f.id,
      source: f.source_id,
      target: f.target_id,
      relation: f.relation,
      text: f.text,
      confidence: f.confidence,
      ...(f.valid_from ? { validFrom: f.valid_from } : {}),
      validTo: f.valid_to ?? f.expired_at ?? at,
    });
  }
  return out;
}

/** Adds graph pages into one node and edge set, each once; a node seen again keeps its nearest depth. */
export class GraphUnion {
  readonly nodes = new Map<number, P.GraphNode>();
  readonly edges = new Map<number, GraphEdgeView>();

  add(page: Pick<P.GraphResult, 'nodes' | 'edges'>): void {
    for (const n of page.nodes) {
      const had = this.nodes.get(n.id);
      if (!had || (n.depth ?? Infinity) < (had.depth ?? Infinity)) this.nodes.set(n.id, n);
    }
    for (const e of page.edges) if (!this.edges.has(e.id)) this.edges.set(e.id, edgeView(e));
  }
}

/**
 * The opening view without a project to centre on: half the most recently
 * active entities, the rest the most connected of the others (ties: newer
 * first), `n` in all, in the daemon's recency order.
 */
export function openingNodes(recentFirst: readonly P.GraphNode[], n: number): P.GraphNode[] {
  if (recentFirst.length <= n) return [...recentFirst];
  const recent = recentFirst.slice(0, Math.ceil(n / 2));
  const rank = new Map(recentFirst.map((node, i) => [node.id, i]));
  const connected = recentFirst
    .slice(recent.length)
    .sort((a, b) => b.facts - a.facts || rank.get(a.id)! - rank.get(b.id)!)
    .slice(0, n - recent.length);
  return [...recent, ...connected].sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}
