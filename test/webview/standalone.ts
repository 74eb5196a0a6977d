/// <reference lib="dom" />
// The bundled memory-graph page outside VS Code: the real dist/webview bundle
// and stylesheet in headless Chromium, with a recording stand-in for
// acquireVsCodeApi. States are pushed the way the host pushes them (a window
// message), so the page runs exactly its production path.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import type { GraphEdgeView, GraphNodeView, GraphState, PageMessage } from '../../webview/protocol';
import { initialState } from '../../webview/protocol';
import { pageHtml } from '../../extension/memoryGraph/html';
import { ROOT } from '../helpers';

export const CHROMIUM = process.env.SCRY_E2E_CHROMIUM || '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface StandalonePage {
  page: Page;
  browser: Browser;
  push(state: GraphState): Promise<void>;
  /** Intents the page sent, in order. */
  sent(): Promise<PageMessage[]>;
  close(): Promise<void>;
}

export function missingChromium(): string | undefined {
  if (!fs.existsSync(CHROMIUM)) return `Chromium is not installed at ${CHROMIUM}`;
  if (!fs.existsSync(path.join(ROOT, 'dist', 'webview', 'memoryGraph.js'))) return 'dist/webview/memoryGraph.js is not built (npm run build)';
  return undefined;
}

export async function openStandalone(theme: 'vscode-dark' | 'vscode-light' = 'vscode-dark'): Promise<StandalonePage> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-webview-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache') },
  });
  browser.on('disconnected', () => fs.rmSync(home, { recursive: true, force: true }));
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  // The host's own HTML, less what needs a webview origin (the CSP, the asset URIs): added below from disk.
  const html = pageHtml({ cspSource: 'none', script: '', style: '' })
    .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
    .replace(/<link rel="stylesheet"[^>]*>/, '')
    .replace(/<script [^>]*><\/script>/, '')
    .replace('<body>', `<body class="${theme}">`);
  await page.setContent(html, { waitUntil: 'load' });
  // A string, not a function: tsx's keepNames would put its __name helper into the page.
  await page.addScriptTag({
    content: `window.__sent = []; window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__sent.push(m), getState: () => window.__state, setState: (s) => { window.__state = s; } });`,
  });
  await page.addStyleTag({ path: path.join(ROOT, 'media', 'memoryGraph.css') });
  await page.addScriptTag({ path: path.join(ROOT, 'dist', 'webview', 'memoryGraph.js') });
  return {
    page,
    browser,
    push: async (state) => {
      await page.evaluate((s) => window.postMessage({ type: 'state', state: s }, '*'), state);
      await page.waitForFunction((rev) => document.body.dataset.revision === String(rev), state.revision);
    },
    sent: () => page.evaluate(() => (window as unknown as { __sent: PageMessage[] }).__sent),
    close: () => browser.close(),
  };
}

const TYPES = ['project', 'service', 'machine', 'tool', 'person', 'decision', 'runbook', 'concept'];

/** A connected synthetic graph: a random spanning tree plus extra edges, seeded so runs compare. */
export function syntheticState(nodes: number, extraEdges: number, revision = 1): GraphState {
  let seed = 42;
  const rand = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const ns: GraphNodeView[] = Array.from({ length: nodes }, (_, i) => ({
    id: i + 1,
    name: `entity-${i + 1}`,
    type: TYPES[i % TYPES.length]!,
    facts: 1 + Math.floor(rand() * 20),
    updatedAt: '2026-01-01T00:00:00Z',
    expanded: i % 3 === 0,
  }));
  const es: GraphEdgeView[] = [];
  for (let i = 1; i < nodes; i++)
    es.push({
      id: i,
      source: Math.floor(rand() * i) + 1,
      target: i + 1,
      relation: ['uses', 'runs_on', 'depends_on', 'owns'][i % 4]!,
      text: '',
      confidence: 0.8,
    });
  for (let j = 0; j < extraEdges; j++) {
    const a = Math.floor(rand() * nodes) + 1;
    const b = Math.floor(rand() * nodes) + 1;
    if (a !== b) es.push({ id: nodes + j, source: a, target: b, relation: 'related_to', text: '', confidence: 0.5 });
  }
  return { ...initialState(), revision, status: { kind: 'ready' }, nodes: ns, edges: es, summary: `${nodes} entities` };
}

export interface LabelBox {
  id: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

type Canvas = {
  scryGraph: {
    canvas: {
      cy: {
        extent(): Omit<LabelBox, 'id'>;
        nodes(): Array<{ id(): string; boundingBox(o?: object): Omit<LabelBox, 'id'> }> & { boundingBox(): Omit<LabelBox, 'id'> };
      };
    };
  };
};

/** The label box of every drawn node, read from the page's canvas; `body` is the page's (or the webview frame's) body. */
export function labelBoxes(body: Locator): Promise<LabelBox[]> {
  return body.evaluate(() =>
    (window as unknown as Canvas).scryGraph.canvas.cy
      .nodes()
      .map((n) => ({ id: n.id(), ...n.boundingBox({ includeLabels: true, includeNodes: false, includeOverlays: false }) })),
  );
}

/** Pairs of label boxes that overlap, as "a/b". */
export function overlappingLabels(boxes: readonly LabelBox[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      if (a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2) out.push(`${a.id}/${b.id}`);
    }
  }
  return out;
}

/** Whether every drawn node is inside the visible extent. */
export function wholeGraphInView(body: Locator): Promise<boolean> {
  return body.evaluate(() => {
    const cy = (window as unknown as Canvas).scryGraph.canvas.cy;
    const e = cy.extent();
    const b = cy.nodes().boundingBox();
    return b.x1 >= e.x1 - 1 && b.y1 >= e.y1 - 1 && b.x2 <= e.x2 + 1 && b.y2 <= e.y2 + 1;
  });
}
