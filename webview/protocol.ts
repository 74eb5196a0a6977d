// The memory-graph webview's one protocol, shared by the host
// (extension/memoryGraph/) and the page (webview/). The host owns the state
// and pushes it whole; the page renders it and sends intents back. No DOM and
// no `vscode` here: both ends and plain-Node tests import it.

/** The entity types the daemon's vocabulary knows; anything else is drawn as `other`. */
export { ENTITY_TYPES, type EntityType } from '../daemon/protocol/vocabulary';

export interface GraphNodeView {
  /** The entity's id in memory.db. */
  id: number;
  name: string;
  /** One of ENTITY_TYPES, or a type the page draws as `other`. */
  type: string;
  /** Current facts it takes part in: the node's size. */
  facts: number;
  updatedAt: string;
  /** Hops from the entity the view was grown around, when known. */
  depth?: number;
  /** True once its neighbourhood was fetched (the page offers "expand" otherwise). */
  expanded: boolean;
}

export interface GraphEdgeView {
  /** The fact's id. */
  id: number;
  source: number;
  target: number;
  relation: string;
  /** The fact in plain words (the edge's tooltip). */
  text: string;
  confidence: number;
  validFrom?: string;
  /** Set when the fact stopped holding (superseded or invalidated). */
  validTo?: string;
}

export interface FactView {
  id: number;
  relation: string;
  text: string;
  confidence: number;
  validFrom?: string;
  validTo?: string;
  /** The other end when the fact links two entities. */
  other?: { id?: number; name: string };
  /** Holds at the view's time (now, or the as-of date). */
  current: boolean;
}

export interface EpisodeView {
  id: string;
  source: string;
  /** The agent whose session it is, by its name (`Copilot Chat`, `Cline`), shown instead of the source id. */
  agent: string;
  occurredAt: string;
  summary: string;
  /** The transcript file and its 1-based inclusive line span. */
  path: string;
  lineStart: number;
  lineEnd: number;
}

export interface EntityDetail {
  id: number;
  name: string;
  type: string;
  aliases: string[];
  description?: string;
  facts: FactView[];
  episodes: EpisodeView[];
  episodesTotal: number;
}

/** What the side panel shows. */
export type DetailState =
  { kind: 'none' } | { kind: 'loading'; id: number; name: string } | { kind: 'ready'; entity: EntityDetail } | { kind: 'error'; id: number; message: string };

/** What the graph area shows: never an endless spinner. */
export type ViewStatus =
  | { kind: 'loading'; message: string }
  | { kind: 'ready' }
  /** Nothing to draw; `message` says why and what to do. */
  | { kind: 'empty'; message: string }
  | { kind: 'error'; message: string };

export interface Filters {
  /** Entity types not drawn. */
  hiddenTypes: string[];
  /** ISO date (YYYY-MM-DD) the graph is shown as of; absent: now. */
  asOf?: string;
  /** Also draw facts that no longer hold (dashed). */
  showSuperseded: boolean;
}

export interface GraphState {
  /** Bumped on every push, so the page can ignore a stale one. */
  revision: number;
  status: ViewStatus;
  nodes: GraphNodeView[];
  edges: GraphEdgeView[];
  filters: Filters;
  /** The last search, echoed so the box survives hide/show. */
  query: string;
  /** The node the page centres on and highlights (after a search, a recall or a click). */
  focus?: number;
  detail: DetailState;
  /** One line under the toolbar: "42 of 310 entities; expand a node or search for more". */
  summary: string;
  /** More entities exist than are drawn. */
  hasMore: boolean;
  /** Bumped when the page should fit the whole graph into view: on opening, on Reset, after More and after an as-of change (the page also fits on its first state). */
  fit: number;
  /** Bumped when the page should lay the whole graph out afresh (an as-of change: the old layout would show holes). */
  relayout: number;
}

/** Page → host. */
export type PageMessage =
  /** The page loaded (again) and wants the state. */
  | { type: 'ready'; capacity?: number }
  /** The opening view fitted with labels under 11 px: the page can draw about this many nodes readably. */
  | { type: 'capacity'; nodes: number }
  | { type: 'search'; query: string }
  | { type: 'select'; id: number }
  | { type: 'expand'; id: number; depth: 1 | 2 | 3 }
  | { type: 'setFilters'; filters: Filters }
  | { type: 'openEpisode'; episodeId: string }
  | { type: 'openTranscript'; episode: EpisodeView }
  /** Back to the opening view (most connected and recent entities). */
  | { type: 'reset' }
  | { type: 'loadMore' };

/** Host → page. */
export type HostMessage = { type: 'state'; state: GraphState };

export function isPageMessage(m: unknown): m is PageMessage {
  if (typeof m !== 'object' || m === null) return false;
  const x = m as Record<string, unknown>;
  switch (x.type) {
    case 'ready':
      return x.capacity === undefined || (typeof x.capacity === 'number' && x.capacity > 0);
    case 'capacity':
      return typeof x.nodes === 'number' && x.nodes > 0;
    case 'reset':
    case 'loadMore':
      return true;
    case 'search':
      return typeof x.query === 'string';
    case 'select':
      return typeof x.id === 'number';
    case 'expand':
      return typeof x.id === 'number' && (x.depth === 1 || x.depth === 2 || x.depth === 3);
    case 'setFilters': {
      const f = x.filters as Record<string, unknown> | undefined;
      return !!f && Array.isArray(f.hiddenTypes) && typeof f.showSuperseded === 'boolean' && (f.asOf === undefined || typeof f.asOf === 'string');
    }
    case 'openEpisode':
      return typeof x.episodeId === 'string';
    case 'openTranscript':
      return typeof x.episode === 'object' && x.episode !== null;
    default:
      return false;
  }
}

export function initialState(): GraphState {
  return {
    revision: 0,
    status: { kind: 'loading', message: 'Connecting to the Scry daemon…' },
    nodes: [],
    edges: [],
    filters: { hiddenTypes: [], showSuperseded: false },
    query: '',
    detail: { kind: 'none' },
    summary: '',
    hasMore: false,
    fit: 0,
    relayout: 0,
  };
}
