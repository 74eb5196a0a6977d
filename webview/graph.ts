// The cytoscape canvas: applies a pushed state as a diff (elements added,
// removed or updated in place), so positions survive live updates. Only new
// nodes are laid out; the nodes already drawn stay where they are (fcose's
// fixed-node constraint), which is what keeps a user's mental map.
import cytoscape, { type Core, type ElementDefinition, type NodeSingular, type StylesheetJson } from 'cytoscape';
import fcose, { type FcoseLayoutOptions } from 'cytoscape-fcose';
import type { GraphEdgeView, GraphNodeView } from './protocol';
import { readPalette, shapeOf, typeKey, type Palette } from './theme';

cytoscape.use(fcose);

export type Positions = Record<string, { x: number; y: number }>;

export interface GraphCallbacks {
  onSelect(id: number): void;
  onExpand(id: number): void;
}

export interface LayoutReport {
  nodes: number;
  ms: number;
  incremental: boolean;
}

/** Node labels' font size at zoom 1, in pixels. */
const LABEL_FONT = 11;
const nodeKey = (id: number): string => `n${id}`;
const edgeKey = (id: number): string => `e${id}`;

export class GraphCanvas {
  readonly cy: Core;
  private palette: Palette;
  /** The last layout, for the bench and the page's own status line. */
  lastLayout: LayoutReport | undefined;

  constructor(container: HTMLElement, callbacks: GraphCallbacks, positions?: Positions, viewport?: { zoom: number; pan: { x: number; y: number } }) {
    this.palette = readPalette();
    this.cy = cytoscape({
      container,
      style: this.stylesheet(),
      minZoom: 0.05,
      maxZoom: 4,
      // Cytoscape's own step: a third of it took a dozen wheel turns to get from the whole graph to a label.
      wheelSensitivity: 1,
      boxSelectionEnabled: false,
      selectionType: 'single',
    });
    this.restored = positions ?? {};
    if (viewport) this.cy.viewport(viewport);
    // A view fitted and not touched since stays fitted when its panel changes size (the editor opens a
    // view at one size, then lays out the panels around it: the fit it drew at first cut the graph off).
    const touched = (): void => {
      this.fitted = false;
    };
    container.addEventListener('wheel', touched, { passive: true });
    container.addEventListener('pointerdown', touched);
    new ResizeObserver(() => {
      this.cy.resize();
      if (this.fitted) this.cy.fit(undefined, 30);
    }).observe(container);
    this.cy.on('tap', 'node', (e) => callbacks.onSelect(Number((e.target as NodeSingular).data('entity'))));
    this.cy.on('dbltap', 'node', (e) => callbacks.onExpand(Number((e.target as NodeSingular).data('entity'))));
  }

  /** Whether the whole graph was fitted and the user has not panned or zoomed since. */
  private fitted = false;

  /** Positions remembered from before the page was hidden, used once per node. */
  private restored: Positions;

  restyle(): void {
    this.palette = readPalette();
    this.cy.style(this.stylesheet());
  }

  positions(): Positions {
    const out: Positions = {};
    this.cy.nodes().forEach((n) => {
      out[n.id()] = { ...n.position() };
    });
    return out;
  }

  /** Makes the drawn graph match `nodes` and `edges`; lays out only what is new. */
  apply(nodes: readonly GraphNodeView[], edges: readonly GraphEdgeView[]): void {
    const cy = this.cy;
    const wantNodes = new Map(nodes.map((n) => [nodeKey(n.id), n]));
    const present = new Set(nodes.map((n) => n.id));
    const wantEdges = new Map(edges.filter((e) => present.has(e.source) && present.has(e.target)).map((e) => [edgeKey(e.id), e]));
    const added: NodeSingular[] = [];
    const returned: NodeSingular[] = [];
    const grew: NodeSingular[] = [];
    cy.batch(() => {
      cy.nodes().forEach((n) => {
        if (!wantNodes.has(n.id())) n.remove();
      });
      cy.edges().forEach((e) => {
        if (!wantEdges.has(e.id())) e.remove();
      });
      const defs: ElementDefinition[] = [];
      for (const [key, n] of wantNodes) {
        const data = { id: key, entity: n.id, label: n.name, type: typeKey(n.type), weight: Math.min(n.facts, 30), expanded: n.expanded ? 1 : 0 };
        const el = cy.getElementById(key);
        if (el.nonempty()) {
          // A new label or more facts (a bigger node) can reach a neighbour: such a node is settled again.
          if (el.data('label') !== data.label || el.data('weight') !== data.weight) grew.push(el);
          el.data(data);
        } else defs.push({ group: 'nodes', data, position: this.restored[key] ?? this.placeNear(n.id, edges) });
      }
      for (const [key, e] of wantEdges) {
        const data = {
          id: key,
          source: nodeKey(e.source),
          target: nodeKey(e.target),
          label: e.relation,
          superseded: e.validTo ? 1 : 0,
          confidence: e.confidence,
        };
        const el = cy.getElementById(key);
        if (el.nonempty()) el.data(data);
        else defs.push({ group: 'edges', data });
      }
      const fresh = cy.add(defs);
      fresh.nodes().forEach((n) => {
        if (!this.restored[n.id()]) added.push(n);
        else returned.push(n);
      });
    });
    if (added.length > 0) this.layout(added);
    // A node put back where a saved view had it was not laid out, and a node that grew was laid out
    // smaller: either may now meet a neighbour, and moves off it if it does.
    const still = [...returned, ...grew.filter((n) => n.inside())];
    if (still.length > 0) settle(cy, still);
  }

  /** Centres on a node and marks it selected. */
  /** Selects the node and centres it; `inPlace` selects it only (a fitted view stays fitted). */
  focus(id: number | undefined, inPlace = false): void {
    this.cy.nodes(':selected').unselect();
    if (id === undefined) return;
    const n = this.cy.getElementById(nodeKey(id));
    if (n.empty()) return;
    n.select();
    if (inPlace) return;
    this.fitted = false;
    // Centred, at the user's zoom unless that is too far out to read the label.
    this.cy.animate({ center: { eles: n }, zoom: Math.max(this.cy.zoom(), 0.6) }, { duration: 200 });
  }

  fit(): void {
    // The container may have changed size since cytoscape last measured it (the editor sizes a new panel late).
    this.cy.resize();
    // A focus still animating would carry the viewport off the fit.
    this.cy.stop(true, false);
    this.cy.fit(undefined, 30);
    this.fitted = true;
  }

  /** Whether the whole graph is fitted and untouched since. */
  isFitted(): boolean {
    return this.fitted;
  }

  /** A node label's size on screen, in pixels, at the current zoom. */
  labelPx(): number {
    return LABEL_FONT * this.cy.zoom();
  }

  /** Drops every node and remembered position: the next apply lays the whole graph out afresh. */
  forget(): void {
    this.cy.elements().remove();
    this.restored = {};
  }

  /** Labels of the drawn nodes, in a stable order (the page's keyboard list mirrors this). */
  drawn(): Array<{ id: number; label: string; type: string }> {
    return this.cy
      .nodes()
      .map((n) => ({ id: Number(n.data('entity')), label: String(n.data('label')), type: String(n.data('type')) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }

  /** The drawn edges as words, for the page's list (a canvas says nothing to a screen reader). */
  drawnEdges(): Array<{ id: number; text: string; superseded: boolean }> {
    return this.cy
      .edges()
      .map((e) => ({
        id: Number(e.id().slice(1)),
        text: `${String(e.source().data('label'))} ${String(e.data('label'))} ${String(e.target().data('label'))}`,
        superseded: e.data('superseded') === 1,
      }))
      .sort((a, b) => a.text.localeCompare(b.text));
  }

  destroy(): void {
    this.cy.destroy();
  }

  private placeNear(id: number, edges: readonly GraphEdgeView[]): { x: number; y: number } {
    for (const e of edges) {
      const other = e.source === id ? e.target : e.target === id ? e.source : undefined;
      if (other === undefined) continue;
      const n = this.cy.nodes().getElementById(nodeKey(other));
      if (n.nonempty()) {
        const p = n.position();
        const a = (id * 2.399963) % (2 * Math.PI);
        return { x: p.x + 80 * Math.cos(a), y: p.y + 80 * Math.sin(a) };
      }
    }
    const ext = this.cy.extent();
    return { x: (ext.x1 + ext.x2) / 2 + ((id * 37) % 200) - 100, y: (ext.y1 + ext.y2) / 2 + ((id * 53) % 200) - 100 };
  }

  private layout(added: NodeSingular[]): void {
    const cy = this.cy;
    const addedIds = new Set(added.map((n) => n.id()));
    const fixed: Array<{ nodeId: string; position: { x: number; y: number } }> = [];
    cy.nodes().forEach((n) => {
      if (!addedIds.has(n.id())) fixed.push({ nodeId: n.id(), position: { ...n.position() } });
    });
    const incremental = fixed.length > 0;
    const options: FcoseLayoutOptions = {
      name: 'fcose',
      quality: incremental ? 'proof' : 'default',
      randomize: !incremental,
      animate: false,
      fit: !incremental,
      padding: 30,
      // Labels are wider than their nodes: counted, they keep apart, also in the grid fcose tiles
      // disconnected (fact-less) entities into, which gets label-wide gaps. Not when growing: with
      // the drawn nodes fixed, fcose then moves them (the page keeps drawn nodes where they are).
      nodeDimensionsIncludeLabels: !incremental,
      tilingPaddingHorizontal: 24,
      tilingPaddingVertical: 16,
      idealEdgeLength: () => 90,
      nodeRepulsion: () => 6000,
      numIter: 2500,
      ...(incremental ? { fixedNodeConstraint: fixed } : {}),
    };
    const started = performance.now();
    cy.layout(options).run();
    // Growing, fcose places the new nodes among fixed ones without counting labels: each new node whose label
    // box meets one already drawn moves outward, on a spiral from where fcose put it, to the first free spot.
    // A fresh layout counts labels, but fcose's tiling and forces are heuristics: the same pass, over every
    // node, makes "no label on another" hold by construction (the first stays, later ones move if they must).
    settle(cy, incremental ? added : cy.nodes().toArray());
    this.lastLayout = { nodes: cy.nodes().length, ms: performance.now() - started, incremental };
    if (!incremental) this.fit();
  }

  private stylesheet(): StylesheetJson {
    const p = this.palette;
    const border = p.highContrast ? 3 : 1;
    const types = Object.entries(p.types).map(([type, colour]) => ({
      selector: `node[type = "${type}"]`,
      style: { 'background-color': colour, shape: shapeOf(type) },
    }));
    return [
      {
        selector: 'node',
        style: {
          label: 'data(label)',
          color: p.foreground,
          'font-family': p.font,
          'font-size': LABEL_FONT,
          'text-valign': 'bottom',
          'text-margin-y': 4,
          'min-zoomed-font-size': 7,
          width: 'mapData(weight, 0, 30, 18, 44)',
          height: 'mapData(weight, 0, 30, 18, 44)',
          'border-width': border,
          'border-color': p.foreground,
          'border-opacity': p.highContrast ? 1 : 0.35,
        },
      },
      ...types,
      { selector: 'node[expanded = 0]', style: { 'border-style': 'dashed' } },
      {
        selector: 'node:selected',
        style: {
          'border-width': 4,
          'border-color': p.focus,
          'border-opacity': 1,
          'underlay-color': p.selection,
          'underlay-opacity': 0.6,
          'underlay-padding': 6,
        },
      },
      {
        selector: 'edge',
        style: {
          width: p.highContrast ? 2 : 1.2,
          'line-color': p.edge,
          'target-arrow-color': p.edge,
          'target-arrow-shape': 'triangle',
          'arrow-scale': 0.8,
          'curve-style': 'bezier',
          label: 'data(label)',
          'font-size': 9,
          'font-family': p.font,
          color: p.foreground,
          'text-rotation': 'autorotate',
          'text-background-color': p.background,
          'text-background-opacity': 0.85,
          'text-background-padding': '1px',
          'min-zoomed-font-size': 8,
          opacity: p.highContrast ? 1 : 0.85,
        },
      },
      { selector: 'edge[superseded = 1]', style: { 'line-style': 'dashed', opacity: 0.5 } },
    ];
  }
}

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

const LABEL_BOX = { includeLabels: true, includeOverlays: false } as const;
const GAP = 6;
const meets = (a: Box, b: Box, dx: number, dy: number): boolean =>
  a.x1 + dx < b.x2 + GAP && b.x1 - GAP < a.x2 + dx && a.y1 + dy < b.y2 + GAP && b.y1 - GAP < a.y2 + dy;

/** Moves each of `movable` off every node (with its label) drawn before it, in order; the others do not move. */
function settle(cy: Core, movable: readonly NodeSingular[]): void {
  const moving = new Set(movable.map((n) => n.id()));
  const taken: Box[] = [];
  cy.nodes().forEach((n) => {
    if (!moving.has(n.id())) taken.push(n.boundingBox(LABEL_BOX));
  });
  for (const n of movable) {
    const box = n.boundingBox(LABEL_BOX);
    let dx = 0;
    let dy = 0;
    if (taken.some((t) => meets(box, t, 0, 0))) {
      // A golden-angle spiral: steps grow with the square root, so the first free spot found is near the start.
      // Past the far corner of everything taken (plus this box) every spot is free, so the search ends there.
      const far = reach(box, taken);
      for (let k = 1; ; k++) {
        const r = 14 * Math.sqrt(k);
        dx = r * Math.cos(k * 2.399963);
        dy = r * Math.sin(k * 2.399963);
        if (r > far || !taken.some((t) => meets(box, t, dx, dy))) break;
      }
      const p = n.position();
      n.position({ x: p.x + dx, y: p.y + dy });
    }
    taken.push({ x1: box.x1 + dx, y1: box.y1 + dy, x2: box.x2 + dx, y2: box.y2 + dy });
  }
}

/** A distance from `box` beyond which, in any direction, it meets none of `taken`. */
function reach(box: Box, taken: readonly Box[]): number {
  let far = 0;
  const cx = (box.x1 + box.x2) / 2;
  const cy = (box.y1 + box.y2) / 2;
  for (const t of taken)
    far = Math.max(far, Math.hypot(Math.max(Math.abs(t.x1 - cx), Math.abs(t.x2 - cx)), Math.max(Math.abs(t.y1 - cy), Math.abs(t.y2 - cy))));
  return far + Math.hypot(box.x2 - box.x1, box.y2 - box.y1) + 2 * GAP;
}
