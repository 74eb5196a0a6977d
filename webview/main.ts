// The memory-graph page. It renders the state the host pushes and sends
// intents back (webview/protocol.ts); it never asks the daemon itself. What
// it keeps across hide/show (vscode.setState) is only its own view: node
// positions and the viewport; the host re-pushes the state on `ready`.
import { GraphCanvas, type Positions } from './graph';
import type { DetailState, EntityDetail, FactView, Filters, GraphState, HostMessage, PageMessage } from './protocol';
import { capacityOf, readableCount } from './readable';
import { LEGEND_TYPES, readPalette, shapeOf } from './theme';

interface VsCodeApi {
  postMessage(message: PageMessage): void;
  getState(): PageMemory | undefined;
  setState(state: PageMemory): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface PageMemory {
  positions: Positions;
  viewport?: { zoom: number; pan: { x: number; y: number } };
}

const vscode = acquireVsCodeApi();
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

const el = {
  search: $<HTMLInputElement>('search'),
  asOf: $<HTMLInputElement>('as-of'),
  superseded: $<HTMLInputElement>('superseded'),
  reset: $<HTMLButtonElement>('reset'),
  more: $<HTMLButtonElement>('more'),
  legend: $<HTMLElement>('legend'),
  summary: $<HTMLElement>('summary'),
  status: $<HTMLElement>('status'),
  graph: $<HTMLElement>('graph'),
  detail: $<HTMLElement>('detail'),
  nodes: $<HTMLElement>('node-list'),
  edges: $<HTMLElement>('edge-list'),
};

let state: GraphState | undefined;
const memory = vscode.getState();
const canvas = new GraphCanvas(
  el.graph,
  {
    onSelect: (id) => post({ type: 'select', id }),
    onExpand: (id) => post({ type: 'expand', id, depth: 1 }),
  },
  memory?.positions,
  memory?.viewport,
);

function post(m: PageMessage): void {
  vscode.postMessage(m);
}

function remember(): void {
  vscode.setState({ positions: canvas.positions(), viewport: { zoom: canvas.cy.zoom(), pan: { ...canvas.cy.pan() } } });
}
canvas.cy.on('layoutstop dragfree viewport', debounce(remember, 300));

/** A fitted view whose labels came out under 11 px asks the host for fewer nodes (it cuts only the opening view). */
function askIfUnreadable(): void {
  const n = canvas.cy.nodes().length;
  if (!canvas.isFitted() || n === 0 || el.graph.clientWidth === 0) return;
  const fewer = readableCount(n, canvas.labelPx());
  if (fewer !== undefined && fewer !== lastAsk) post({ type: 'capacity', nodes: (lastAsk = fewer) });
}
let lastAsk: number | undefined;
// The editor sizes the panel after it opens: a fit at the final size is the one to judge.
canvas.cy.on('viewport', debounce(askIfUnreadable, 400));

// ---- toolbar -------------------------------------------------------------

el.search.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') post({ type: 'search', query: el.search.value.trim() });
  if (e.key === 'Escape') {
    el.search.value = '';
    post({ type: 'reset' });
  }
});
el.asOf.addEventListener('change', () => sendFilters({ asOf: el.asOf.value || undefined }));
el.superseded.addEventListener('change', () => sendFilters({ showSuperseded: el.superseded.checked }));
el.reset.addEventListener('click', () => post({ type: 'reset' }));
el.more.addEventListener('click', () => post({ type: 'loadMore' }));

function sendFilters(change: Partial<Filters>): void {
  const current = state?.filters ?? { hiddenTypes: [], showSuperseded: false };
  const next: Filters = { ...current, ...change };
  if (next.asOf === undefined) delete next.asOf;
  post({ type: 'setFilters', filters: next });
}

function renderLegend(filters: Filters): void {
  const palette = readPalette();
  el.legend.replaceChildren(
    ...LEGEND_TYPES.map((type) => {
      const label = document.createElement('label');
      label.className = 'legend-item';
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = !filters.hiddenTypes.includes(type);
      box.setAttribute('aria-label', `Show ${type} entities`);
      box.addEventListener('change', () => {
        const hidden = new Set(state?.filters.hiddenTypes ?? []);
        if (box.checked) hidden.delete(type);
        else hidden.add(type);
        sendFilters({ hiddenTypes: [...hidden] });
      });
      const swatch = document.createElement('span');
      swatch.className = `swatch shape-${shapeOf(type)}`;
      swatch.style.backgroundColor = palette.types[type] ?? '';
      label.append(box, swatch, document.createTextNode(type));
      return label;
    }),
  );
}

// ---- state ---------------------------------------------------------------

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
  const m = event.data;
  if (m?.type !== 'state' || (state && m.state.revision < state.revision)) return;
  render(m.state);
});

function render(next: GraphState): void {
  const previous = state;
  state = next;
  if (document.activeElement !== el.search) el.search.value = next.query;
  el.asOf.value = next.filters.asOf ?? '';
  el.superseded.checked = next.filters.showSuperseded;
  el.more.hidden = !next.hasMore;
  el.summary.textContent = next.summary;
  renderLegend(next.filters);
  renderStatus(next);

  const hidden = new Set(next.filters.hiddenTypes);
  const nodes = next.nodes.filter((n) => !hidden.has(LEGEND_TYPES.includes(n.type) ? n.type : 'other'));
  if (previous && next.relayout !== previous.relayout) canvas.forget();
  canvas.apply(nodes, next.edges);
  // Opening, Reset, More and another time show the whole graph, wherever the view was left (a pan far off read as a blank canvas).
  const fitting = next.fit !== previous?.fit && nodes.length > 0;
  if (fitting) {
    canvas.fit();
    askIfUnreadable();
  }
  // A view just fitted keeps the whole graph in view: the focused node stays selected, not centred (More grew a focused view).
  if (next.focus !== previous?.focus || (next.focus !== undefined && previous?.nodes.length !== next.nodes.length)) canvas.focus(next.focus, fitting);
  renderNodeList(next.focus);
  renderEdgeList();
  renderDetail(next.detail);
  document.body.dataset.revision = String(next.revision);
}

function renderStatus(s: GraphState): void {
  const st = s.status;
  el.status.hidden = st.kind === 'ready';
  el.status.className = `status status-${st.kind}`;
  el.status.setAttribute('role', st.kind === 'error' ? 'alert' : 'status');
  el.status.textContent = st.kind === 'ready' ? '' : st.message;
}

/** The drawn nodes as buttons: the graph, reachable by keyboard and screen readers. */
function renderNodeList(focus: number | undefined): void {
  const items = canvas.drawn().map((n) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.className = 'node-item';
    b.dataset.id = String(n.id);
    b.dataset.type = n.type;
    b.textContent = n.label;
    b.title = `${n.type}: select (Enter), expand (Shift+Enter)`;
    if (n.id === focus) b.setAttribute('aria-current', 'true');
    b.addEventListener('click', (e) => post(e.shiftKey ? { type: 'expand', id: n.id, depth: 1 } : { type: 'select', id: n.id }));
    b.addEventListener('keydown', (e) => {
      if (e.key !== 'Enter' || !e.shiftKey) return;
      e.preventDefault();
      post({ type: 'expand', id: n.id, depth: 1 });
    });
    li.append(b);
    return li;
  });
  el.nodes.replaceChildren(...items);
}

function renderEdgeList(): void {
  el.edges.replaceChildren(
    ...canvas.drawnEdges().map((e) => {
      const li = document.createElement('li');
      li.className = 'edge-item';
      li.dataset.edge = String(e.id);
      li.dataset.superseded = String(e.superseded);
      li.textContent = e.superseded ? `${e.text} (no longer holds)` : e.text;
      return li;
    }),
  );
}

function renderDetail(d: DetailState): void {
  el.detail.hidden = d.kind === 'none';
  switch (d.kind) {
    case 'none':
      el.detail.replaceChildren();
      return;
    case 'loading':
      el.detail.replaceChildren(heading(d.name), para(`Loading facts and episodes of ${d.name}…`));
      return;
    case 'error':
      el.detail.replaceChildren(heading(`#${d.id}`), para(d.message, 'error'));
      return;
    case 'ready':
      el.detail.replaceChildren(...entityDetail(d.entity));
      // Another entity (a search, a click in the graph): its facts at the top of the panel, not wherever the
      // node list was scrolled to.
      if (d.entity.id !== shownDetail) el.detail.parentElement?.scrollTo({ top: 0 });
      shownDetail = d.entity.id;
  }
}

/** The entity the side panel last showed, so a refresh of the same one keeps the reader's scroll. */
let shownDetail: number | undefined;

function entityDetail(e: EntityDetail): HTMLElement[] {
  const out: HTMLElement[] = [heading(e.name)];
  const meta = para(e.type, 'entity-type');
  out.push(meta);
  if (e.aliases.length > 0) out.push(para(`Also: ${e.aliases.join(', ')}`, 'aliases'));
  if (e.description) out.push(para(e.description, 'description'));

  const expand = document.createElement('div');
  expand.className = 'expand';
  const depth = document.createElement('select');
  depth.setAttribute('aria-label', 'Neighbourhood depth');
  for (const n of [1, 2, 3]) depth.append(new Option(`depth ${n}`, String(n)));
  const go = button('Expand', () => post({ type: 'expand', id: e.id, depth: Number(depth.value) as 1 | 2 | 3 }));
  expand.append(go, depth);
  out.push(expand);

  const current = e.facts.filter((f) => f.current);
  const past = e.facts.filter((f) => !f.current);
  out.push(subheading(`Facts (${current.length})`), factList(current, 'facts-current'));
  if (past.length > 0) out.push(subheading(`Past facts (${past.length})`), factList(past, 'facts-past'));

  out.push(subheading(`Episodes (${e.episodesTotal})`));
  const ul = document.createElement('ul');
  ul.className = 'episodes';
  for (const ep of e.episodes) {
    const li = document.createElement('li');
    const open = button(ep.summary || ep.id, () => post({ type: 'openEpisode', episodeId: ep.id }));
    open.className = 'link episode-link';
    open.dataset.episode = ep.id;
    const src = button(`${ep.agent} · ${ep.occurredAt.slice(0, 10)} · lines ${ep.lineStart}–${ep.lineEnd}`, () =>
      post({ type: 'openTranscript', episode: ep }),
    );
    src.className = 'link transcript-link';
    src.dataset.agent = ep.agent;
    li.append(open, src);
    ul.append(li);
  }
  out.push(ul);
  return out;
}

function factList(facts: FactView[], cls: string): HTMLElement {
  const ul = document.createElement('ul');
  ul.className = `facts ${cls}`;
  for (const f of facts) {
    const li = document.createElement('li');
    li.dataset.fact = String(f.id);
    const text = document.createElement('span');
    text.className = 'fact-text';
    text.textContent = f.text;
    const meta = document.createElement('span');
    meta.className = 'fact-meta';
    meta.textContent = `${f.relation} · confidence ${f.confidence.toFixed(2)} · ${validity(f)}`;
    li.append(text, meta);
    if (f.other?.id !== undefined) {
      const id = f.other.id;
      li.append(button(`→ ${f.other.name}`, () => post({ type: 'select', id }), 'link'));
    }
    ul.append(li);
  }
  return ul;
}

function validity(f: FactView): string {
  const from = f.validFrom ? f.validFrom.slice(0, 10) : '?';
  return f.validTo ? `valid ${from} – ${f.validTo.slice(0, 10)}` : `valid since ${from}`;
}

// ---- small DOM helpers ---------------------------------------------------

function heading(text: string): HTMLElement {
  const h = document.createElement('h2');
  h.textContent = text;
  return h;
}
function subheading(text: string): HTMLElement {
  const h = document.createElement('h3');
  h.textContent = text;
  return h;
}
function para(text: string, cls?: string): HTMLElement {
  const p = document.createElement('p');
  p.textContent = text;
  if (cls) p.className = cls;
  return p;
}
function button(text: string, onClick: () => void, cls?: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = text;
  if (cls) b.className = cls;
  b.addEventListener('click', onClick);
  return b;
}
function debounce(fn: () => void, ms: number): () => void {
  let t: ReturnType<typeof setTimeout> | undefined;
  return () => {
    if (t) clearTimeout(t);
    t = setTimeout(fn, ms);
  };
}

// VS Code swaps the body's theme class; cytoscape needs its colours re-read.
new MutationObserver(() => {
  canvas.restyle();
  if (state) renderLegend(state.filters);
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });

// For the bench and for debugging in the webview's devtools: the last layout's cost.
(window as unknown as { scryGraph: unknown }).scryGraph = { canvas, layout: () => canvas.lastLayout };

post({ type: 'ready', capacity: capacityOf(el.graph) });
