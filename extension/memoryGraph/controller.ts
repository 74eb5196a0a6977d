// The memory graph's host-side state: it owns the GraphState, asks the
// daemon, and pushes every change whole. The view is never the whole graph:
// a base (the current repository's project, else the most recent and most
// connected entities, one page at a time) plus the entities the user grew it with
// (expand, search, recall, remember). A refresh re-asks exactly those, so a
// live update keeps what the user built. No vscode import: plain-Node tests.
import { ErrorCodes, ResponseError, type RequestParam, type RequestType } from 'vscode-jsonrpc/node';
import * as P from '../../daemon/protocol';
import { initialState, type Filters, type GraphState, type PageMessage } from '../../webview/protocol';
import { entityDetail, GraphUnion, linkedOpening, nodeView, pastEdges, viewTime } from './views';

export interface MemoryClient {
  request<Params, Result>(type: RequestType<Params, Result, void>, params: RequestParam<Params>): Promise<Result>;
}

/** Most nodes the view draws; beyond it the page says so and offers no more. */
export const MAX_VIEW_NODES = 500;
const BASE_PAGE = 60;
/** Fewest nodes an opening view is cut to for readable labels. */
const MIN_PAGE = 6;
const GROW_LIMIT = 150;
/** Nodes whose past facts are fetched for the superseded toggle. */
const PAST_FACTS_NODES = 120;

interface Growth {
  id: number;
  depth: number;
}

export class GraphController {
  private state: GraphState = initialState();
  private basePages = 1;
  /** Nodes per page of the base: what the page can draw with labels of 11 px or more (it says so), at most BASE_PAGE. */
  private pageSize = BASE_PAGE;
  /** The repository projects to open on, by name; tried in order. */
  private repoNames: string[] = [];
  private baseAround: string | undefined;
  /** The base is chosen when the view opens or resets, not on each refresh (a new project must not swap the view under the user). */
  private baseChosen = false;
  private readonly grown: Growth[] = [];
  private loadSeq = 0;
  private detailSeq = 0;

  constructor(
    private readonly client: MemoryClient,
    private readonly push: (state: GraphState) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get current(): GraphState {
    return this.state;
  }

  /** Opens on the first of these projects memory knows, else on the recent entities. */
  setRepoNames(names: string[]): void {
    this.repoNames = names;
  }

  async handle(m: PageMessage): Promise<void> {
    switch (m.type) {
      case 'ready':
        if (m.capacity !== undefined) this.pageSize = Math.max(MIN_PAGE, Math.min(BASE_PAGE, Math.floor(m.capacity)));
        // A reloaded page gets the state at once, then a fresh one.
        this.emit({});
        return this.state.revision <= 1 || this.state.status.kind !== 'ready' ? this.load(true) : undefined;
      case 'search':
        return this.search(m.query);
      case 'select':
        return this.select(m.id);
      case 'expand':
        return this.grow(m.id, m.depth);
      case 'setFilters':
        return this.setFilters(m.filters);
      case 'reset':
        this.grown.length = 0;
        this.basePages = 1;
        this.baseChosen = false;
        this.emit({ query: '', focus: undefined, detail: { kind: 'none' } });
        return this.load(true);
      case 'loadMore':
        this.basePages++;
        return this.load(true);
      case 'capacity': {
        // Only the opening view is cut to what reads: after More or an expand the user asked for those nodes.
        const size = Math.max(MIN_PAGE, Math.min(this.pageSize - 1, Math.floor(m.nodes)));
        if (this.basePages !== 1 || this.grown.length > 0 || size >= this.pageSize) return;
        this.pageSize = size;
        // Fewer nodes are laid out afresh: the ones kept would otherwise stay spread where the larger view had them.
        this.emit({ relayout: this.state.relayout + 1 });
        return this.load(true);
      }
      case 'openEpisode':
      case 'openTranscript':
        // The panel handles these: they open editors.
        return;
    }
  }

  /** Adds entities to the view (a recall pick, a remember's entities) and focuses the first. */
  async show(ids: number[], focus = ids[0]): Promise<void> {
    for (const id of ids) if (!this.grown.some((g) => g.id === id)) this.grown.push({ id, depth: 1 });
    await this.load();
    if (focus !== undefined) await this.select(focus);
  }

  /** Adds entities a change named (a remember from anywhere) to the view, where the view is, without moving the focus. */
  async include(ids: number[]): Promise<void> {
    for (const id of ids) if (!this.grown.some((g) => g.id === id)) this.grown.push({ id, depth: 1 });
    await this.refresh();
  }

  /** Re-asks the daemon for the same view (after memory/changed or a reconnect). */
  async refresh(): Promise<void> {
    await this.load();
    const d = this.state.detail;
    if (d.kind === 'ready' || d.kind === 'error') await this.select(d.kind === 'ready' ? d.entity.id : d.id, false);
  }

  private emit(change: Partial<GraphState>): void {
    this.state = { ...this.state, ...change, revision: this.state.revision + 1 };
    this.push(this.state);
  }

  private async search(query: string): Promise<void> {
    if (!query) return this.handle({ type: 'reset' });
    this.emit({ query, status: this.state.nodes.length ? this.state.status : { kind: 'loading', message: `Searching memory for “${query}”…` } });
    try {
      const r = await this.client.request(P.MemoryRecall.type, { query, limit: 5, facts: 1, ...this.asOfParam() });
      if (r.matches.length === 0) {
        this.emit({ summary: `Nothing in memory matches “${query}”.` });
        return;
      }
      await this.show(r.matches.map((m) => m.entity.id));
      this.emit({
        summary: `${r.total} match${r.total === 1 ? '' : 'es'} for “${query}”; showing ${r.matches.map((m) => m.entity.name).join(', ')}. ${this.summaryLine()}`,
      });
    } catch (err) {
      this.emit({ summary: `Search failed: ${explain(err, 'memory/recall')}` });
    }
  }

  private async grow(id: number, depth: number): Promise<void> {
    const g = this.grown.find((x) => x.id === id);
    if (g) g.depth = Math.max(g.depth, depth);
    else this.grown.push({ id, depth });
    await this.load();
    this.emit({ focus: id });
  }

  private async setFilters(filters: Filters): Promise<void> {
    const timeChanged = filters.asOf !== this.state.filters.asOf || filters.showSuperseded !== this.state.filters.showSuperseded;
    this.emit({ filters });
    if (!timeChanged) return;
    // Another time is another graph: laid out afresh and fitted, not the old layout with holes.
    this.emit({ relayout: this.state.relayout + 1 });
    await this.load(true);
    const d = this.state.detail;
    if (d.kind === 'ready' || d.kind === 'error') await this.select(d.kind === 'ready' ? d.entity.id : d.id, false);
  }

  private asOfParam(): { as_of?: string } {
    return this.state.filters.asOf ? { as_of: viewTime(this.state.filters.asOf, this.now()) } : {};
  }

  /** fit: the page fits the whole graph into view once it is drawn (opening, Reset, More, another time). */
  private async load(fit = false): Promise<void> {
    const seq = ++this.loadSeq;
    if (this.state.nodes.length === 0) this.emit({ status: { kind: 'loading', message: 'Loading the memory graph…' } });
    const asOf = this.asOfParam();
    const at = viewTime(this.state.filters.asOf, this.now());
    try {
      const union = new GraphUnion();
      let total: number | undefined;
      let hasMore = false;
      const base = await this.base(asOf);
      union.add(base);
      total = this.baseAround ? undefined : base.page.total;
      hasMore = base.page.has_more;
      const expanded = new Set<number>(base.center ? [base.center.id] : []);
      for (const g of this.grown) {
        if (union.nodes.size >= MAX_VIEW_NODES) {
          hasMore = true;
          break;
        }
        try {
          const r = await this.client.request(P.MemoryGraph.type, { around: `#${g.id}`, depth: g.depth, limit: GROW_LIMIT, ...asOf });
          union.add(r);
          expanded.add(g.id);
          hasMore ||= r.page.has_more;
        } catch (err) {
          // A forgotten entity drops out of the view; anything else is the view's error.
          if (!(err instanceof ResponseError && err.code === P.ErrorCode.EntityNotFound)) throw err;
          this.grown.splice(this.grown.indexOf(g), 1);
        }
      }
      if (seq !== this.loadSeq) return;
      const nodes = [...union.nodes.values()].slice(0, MAX_VIEW_NODES);
      const drawn = new Set(nodes.map((n) => n.id));
      const edges = [...union.edges.values()].filter((e) => drawn.has(e.source) && drawn.has(e.target));
      if (this.state.filters.showSuperseded) {
        const have = new Set(edges.map((e) => e.id));
        for (const n of nodes.slice(0, PAST_FACTS_NODES)) {
          const f = await this.client.request(P.MemoryFacts.type, { entity: `#${n.id}`, all: true, limit: 100 });
          for (const e of pastEdges(f.facts, drawn, at)) if (!have.has(e.id)) (have.add(e.id), edges.push(e));
        }
        if (seq !== this.loadSeq) return;
      }
      const views = nodes.map((n) => nodeView(n, expanded.has(n.id)));
      this.emit({
        nodes: views,
        edges,
        hasMore: hasMore && nodes.length < MAX_VIEW_NODES,
        fit: fit ? this.state.fit + 1 : this.state.fit,
        status:
          nodes.length > 0
            ? { kind: 'ready' }
            : {
                kind: 'empty',
                message: this.state.filters.asOf
                  ? `Memory knew no entities on ${this.state.filters.asOf}.`
                  : 'Memory is empty. Run “Scry: Ingest Agent Sessions Now”, or keep a fact with “Scry: Remember…”.',
              },
        summary: '',
      });
      this.emit({ summary: this.summaryLine(total) });
    } catch (err) {
      if (seq !== this.loadSeq) return;
      this.emit({ status: { kind: 'error', message: explain(err, 'memory/graph') } });
    }
  }

  private async base(asOf: { as_of?: string }): Promise<P.GraphResult> {
    const limit = this.pageSize * this.basePages;
    if (this.baseChosen) {
      if (!this.baseAround) return this.recent(limit, asOf);
      try {
        return await this.client.request(P.MemoryGraph.type, { around: this.baseAround, depth: 2, limit, ...asOf });
      } catch (err) {
        if (!(err instanceof ResponseError && err.code === P.ErrorCode.EntityNotFound)) throw err;
        // The project was forgotten (or did not exist yet as of that date): the recent entities instead.
        return this.recent(limit, asOf);
      }
    }
    this.baseAround = undefined;
    for (const name of this.repoNames) {
      try {
        const r = await this.client.request(P.MemoryGraph.type, { around: name, depth: 2, limit, ...asOf });
        // A project with no fact around it yet (a Remember just created it) is one lone node: not a view to open on.
        if (r.center?.type === 'project' && r.edges.length > 0) {
          this.baseAround = name;
          this.baseChosen = true;
          return r;
        }
      } catch (err) {
        if (!(err instanceof ResponseError && err.code === P.ErrorCode.EntityNotFound)) throw err;
      }
    }
    this.baseChosen = true;
    return this.recent(limit, asOf);
  }

  /** The recent entities, read twice as deep so the most connected of them can join the most recent. */
  private async recent(limit: number, asOf: { as_of?: string }): Promise<P.GraphResult> {
    const r = await this.client.request(P.MemoryGraph.type, { limit: limit * 2, ...asOf });
    const nodes = linkedOpening(r.nodes, r.edges, limit);
    const kept = new Set(nodes.map((n) => n.id));
    return {
      ...r,
      nodes,
      edges: r.edges.filter((e) => kept.has(e.source) && kept.has(e.target)),
      page: { ...r.page, has_more: r.page.has_more || nodes.length < r.nodes.length },
    };
  }

  private summaryLine(total?: number): string {
    const n = this.state.nodes.length;
    const e = this.state.edges.length;
    const around = this.baseAround ? ` around ${this.baseAround}` : '';
    const of = total !== undefined && total > n ? ` of ${total}` : '';
    const more = this.state.hasMore ? '; “More” loads the next page, or expand a node (double-click) or search' : '';
    const when = this.state.filters.asOf ? ` as of ${this.state.filters.asOf}` : '';
    // Links: the facts that join two drawn entities (the menu's count is every current fact, values included).
    return `${n}${of} entities, ${e} links${around}${when}${more}`;
  }

  private async select(id: number, showLoading = true): Promise<void> {
    const seq = ++this.detailSeq;
    const name = this.state.nodes.find((n) => n.id === id)?.name ?? `#${id}`;
    if (showLoading) this.emit({ focus: id, detail: { kind: 'loading', id, name } });
    try {
      const [facts, episodes] = await Promise.all([
        this.client.request(P.MemoryFacts.type, { entity: `#${id}`, all: true, limit: 100 }),
        // More than the panel lists: a session's episodes fold into one row (fold.ts).
        this.client.request(P.MemoryEpisodes.type, { entity: `#${id}`, limit: 30 }),
      ]);
      if (seq !== this.detailSeq) return;
      this.emit({ focus: id, detail: { kind: 'ready', entity: entityDetail(facts, episodes, viewTime(this.state.filters.asOf, this.now())) } });
    } catch (err) {
      if (seq !== this.detailSeq) return;
      this.emit({ detail: { kind: 'error', id, message: explain(err, 'memory/facts') } });
    }
  }
}

/** One line for the page: what failed and what to do. */
export function explain(err: unknown, method: string): string {
  if (err instanceof ResponseError && err.code === ErrorCodes.MethodNotFound) {
    return `This Scry daemon does not answer ${method} yet: update Scry and run “Scry: Restart Daemon”.`;
  }
  const message = err instanceof Error ? err.message : String(err);
  return /not running/.test(message) ? `${message}. The view reloads when the daemon is back.` : message;
}
