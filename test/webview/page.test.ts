// The bundled memory-graph page in headless Chromium, fed states the way the
// host pushes them: it draws the nodes and edges it is given (and keeps the
// positions of those already drawn when more arrive), hides filtered types,
// shows the side panel, says what is wrong instead of spinning, and sends
// intents back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { initialState, type GraphState } from '../../webview/protocol';
import {
  labelBoxes,
  missingChromium,
  openStandalone,
  overlappingLabels,
  syntheticState,
  wholeGraphInView,
  type LabelBox,
  type StandalonePage,
} from './standalone';

const skip = missingChromium();

describe('the memory-graph page', { skip }, () => {
  let p: StandalonePage;
  before(async () => {
    p = await openStandalone();
  });
  after(async () => {
    await p?.close();
  });

  const names = (): Promise<string[]> => p.page.locator('#node-list .node-item').allInnerTexts();

  const labels = (): Promise<LabelBox[]> => labelBoxes(p.page.locator('body'));
  const overlapping = overlappingLabels;

  it('says it is loading, then why it is empty, with no spinner', async () => {
    // It says how many nodes its panel holds with labels of 11 px or more (issue 36).
    const ready = (await p.sent())[0] as { type: string; capacity?: number };
    assert.equal(ready.type, 'ready');
    const box = (await p.page.locator('#graph').boundingBox())!;
    assert.equal(ready.capacity, Math.floor((box.width * box.height) / 25_000));
    await p.push({ ...initialState(), revision: 1 });
    assert.match(await p.page.locator('#status').innerText(), /Connecting/);
    await p.push({ ...initialState(), revision: 2, status: { kind: 'empty', message: 'Memory is empty.' } });
    assert.equal(await p.page.locator('#status').innerText(), 'Memory is empty.');
  });

  it('draws the pushed nodes and edges, and keeps drawn positions when the graph grows', async () => {
    const s = syntheticState(20, 5, 3);
    await p.push(s);
    assert.equal((await names()).length, 20);
    assert.equal(await p.page.locator('#edge-list .edge-item').count(), s.edges.length);
    assert.equal(await p.page.locator('#status').isHidden(), true);
    const before = await p.page.evaluate(() =>
      (window as unknown as { scryGraph: { canvas: { positions(): Record<string, { x: number; y: number }> } } }).scryGraph.canvas.positions(),
    );
    const bigger = syntheticState(30, 5, 4);
    await p.push(bigger);
    assert.equal((await names()).length, 30);
    const afterPos = await p.page.evaluate(() =>
      (window as unknown as { scryGraph: { canvas: { positions(): Record<string, { x: number; y: number }> } } }).scryGraph.canvas.positions(),
    );
    for (const [id, pos] of Object.entries(before)) {
      assert.ok(Math.abs(afterPos[id]!.x - pos.x) < 0.5 && Math.abs(afterPos[id]!.y - pos.y) < 0.5, `${id} stayed where it was`);
    }
  });

  it('hides the entity types the filter leaves out, and sends the filter change as an intent', async () => {
    const s: GraphState = { ...syntheticState(16, 0, 5), filters: { hiddenTypes: ['tool'], showSuperseded: false } };
    await p.push(s);
    const drawn = await p.page.locator('#node-list .node-item').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.type));
    assert.equal(drawn.length, 14);
    assert.ok(!drawn.includes('tool'));
    await p.page.locator('.legend-item', { hasText: 'machine' }).locator('input').uncheck();
    const last = (await p.sent()).at(-1);
    assert.deepEqual(last, { type: 'setFilters', filters: { hiddenTypes: ['tool', 'machine'], showSuperseded: false } });
  });

  it('shows the side panel: type, aliases, current and past facts, episodes; clicks become intents', async () => {
    const s = syntheticState(5, 0, 6);
    await p.push({
      ...s,
      focus: 1,
      detail: {
        kind: 'ready',
        entity: {
          id: 1,
          name: 'hermes',
          type: 'service',
          aliases: ['the Hermes API'],
          facts: [
            { id: 7, relation: 'note', text: 'deployed on web-3', confidence: 0.9, validFrom: '2026-03-01T00:00:00Z', current: true },
            {
              id: 5,
              relation: 'note',
              text: 'deployed on web-2',
              confidence: 0.9,
              validFrom: '2026-01-05T00:00:00Z',
              validTo: '2026-03-01T00:00:00Z',
              current: false,
            },
          ],
          episodes: [
            {
              id: 'abc',
              source: 'manual',
              agent: 'remembered',
              occurredAt: '2026-03-01T00:00:00Z',
              summary: 'moved to web-3',
              path: '/tmp/x.jsonl',
              lineStart: 3,
              lineEnd: 9,
            },
          ],
          episodesTotal: 1,
        },
      },
    });
    const panel = p.page.locator('#detail');
    assert.equal(await panel.locator('h2').innerText(), 'hermes');
    assert.match(await panel.innerText(), /Also: the Hermes API/);
    assert.deepEqual(await panel.locator('.facts-current .fact-text').allInnerTexts(), ['deployed on web-3']);
    assert.deepEqual(await panel.locator('.facts-past .fact-text').allInnerTexts(), ['deployed on web-2']);
    assert.match(await panel.locator('.facts-past .fact-meta').innerText(), /confidence 0\.90 · valid 2026-01-05 – 2026-03-01/);
    // The episode is shown under the name of the agent whose session it is.
    assert.match(await panel.locator('.transcript-link').innerText(), /^remembered · 2026-03-01 · lines 3–9$/);
    await panel.locator('.episode-link').click();
    assert.deepEqual((await p.sent()).at(-1), { type: 'openEpisode', episodeId: 'abc' });
    await p.page.locator('#search').fill('hermes');
    await p.page.locator('#search').press('Enter');
    assert.deepEqual((await p.sent()).at(-1), { type: 'search', query: 'hermes' });
  });

  it('reports an error in words', async () => {
    await p.push({ ...initialState(), revision: 7, status: { kind: 'error', message: 'This Scry daemon does not answer memory/graph yet' } });
    assert.equal(await p.page.locator('#status').getAttribute('role'), 'alert');
    assert.match(await p.page.locator('#status').innerText(), /does not answer memory\/graph/);
  });
  it('shows a newly selected entity (a search, a click) at the top of the side panel, wherever the list was scrolled', async () => {
    const s = syntheticState(120, 0, 8);
    await p.push(s);
    const side = p.page.locator('aside.side');
    await side.evaluate((e) => e.scrollTo({ top: e.scrollHeight }));
    assert.ok((await side.evaluate((e) => e.scrollTop)) > 100, 'the node list scrolls');
    const entity = {
      id: 3,
      name: 'entity-3',
      type: 'machine',
      aliases: [],
      facts: [{ id: 1, relation: 'note', text: 'runs the queue', confidence: 0.9, validFrom: '2026-01-01T00:00:00Z', current: true }],
      episodes: [],
      episodesTotal: 0,
    };
    await p.push({ ...s, revision: 9, focus: 3, detail: { kind: 'ready', entity } });
    assert.equal(await side.evaluate((e) => e.scrollTop), 0);
    assert.ok(await p.page.locator('#detail .fact-text').isVisible());
  });

  it('lays out 120 entities, 50 of them with no fact, without two labels overlapping; a fit bump shows the whole graph', async () => {
    const connected = syntheticState(70, 20, 20);
    const lone = Array.from({ length: 50 }, (_, i) => ({
      id: 1000 + i,
      name: `lone-entity-with-a-long-name-${i}`,
      type: 'concept',
      facts: 0,
      updatedAt: '2026-01-01T00:00:00Z',
      expanded: false,
    }));
    const s: GraphState = { ...connected, revision: 20, nodes: [...connected.nodes, ...lone], fit: 1 };
    // A fresh canvas (what a newly opened view draws), not the one the tests above grew: a state with no
    // entity clears it. (Removing through cy in page.evaluate returned the removed collection, whose
    // serialisation back to the test took minutes with 120 nodes and crashed the tab.)
    await p.push({ ...initialState(), revision: 19, status: { kind: 'ready' } });
    assert.equal((await names()).length, 0);
    await p.push(s);
    const boxes = await labels();
    assert.equal(boxes.length, 120);
    const overlaps = overlapping(boxes);
    assert.deepEqual(overlaps, [], `${overlaps.length} pairs of labels overlap`);

    // Panned far off (what read as a blank canvas), then Reset's state: the whole graph in view.
    await p.page.evaluate(() =>
      (window as unknown as { scryGraph: { canvas: { cy: { pan(p: object): void } } } }).scryGraph.canvas.cy.pan({ x: -50000, y: -50000 }),
    );
    await p.push({ ...s, revision: 21, fit: 2 });
    const inView = await wholeGraphInView(p.page.locator('body'));
    assert.ok(inView, 'every node is inside the view after the fit');

    // The editor then lays out its panels around the view: a fitted graph stays whole at the new size;
    // once the user has zoomed, a resize leaves their viewport alone.
    const whole = (): Promise<boolean> => wholeGraphInView(p.page.locator('body'));
    const zoom = (): Promise<number> =>
      p.page.evaluate(() => (window as unknown as { scryGraph: { canvas: { cy: { zoom(): number } } } }).scryGraph.canvas.cy.zoom());
    await p.page.setViewportSize({ width: 1400, height: 480 });
    await p.page.waitForFunction(() => document.querySelector('#graph')!.getBoundingClientRect().height < 480);
    await p.page.waitForTimeout(100);
    assert.equal(await whole(), true, 'still whole after the view shrank');
    const fittedZoom = await zoom();
    const gbox = await p.page.locator('#graph').boundingBox();
    await p.page.mouse.move(gbox!.x + gbox!.width / 2, gbox!.y + gbox!.height / 2);
    for (let i = 0; i < 3; i++) await p.page.mouse.wheel(0, -400);
    await p.page.waitForFunction(
      (z) => (window as unknown as { scryGraph: { canvas: { cy: { zoom(): number } } } }).scryGraph.canvas.cy.zoom() > z * 1.05,
      fittedZoom,
    );
    const zoomed = await zoom();
    await p.page.setViewportSize({ width: 1400, height: 900 });
    await p.page.waitForFunction(() => document.querySelector('#graph')!.getBoundingClientRect().height > 480);
    await p.page.waitForTimeout(100);
    assert.equal(await zoom(), zoomed, 'a zoomed view keeps its zoom through a resize (a fit would change it)');
    await p.push({ ...s, revision: 22, fit: 3 });
    assert.equal(await whole(), true);
  });

  it('grows the 120-entity graph by 40 entities (live, or "More") without drawing one on top of another, the drawn ones staying put', async () => {
    const base = syntheticState(70, 20, 22);
    const lone = Array.from({ length: 50 }, (_, i) => ({
      id: 1000 + i,
      name: `lone-entity-with-a-long-name-${i}`,
      type: 'concept',
      facts: 0,
      updatedAt: '2026-01-01T00:00:00Z',
      expanded: false,
    }));
    const before = await p.page.evaluate(() =>
      (window as unknown as { scryGraph: { canvas: { positions(): Record<string, { x: number; y: number }> } } }).scryGraph.canvas.positions(),
    );
    assert.equal(Object.keys(before).length, 120, 'the graph the previous test drew');
    // New entities hang off drawn ones, as "More" on a node brings its neighbours.
    const grown = Array.from({ length: 40 }, (_, i) => ({
      id: 2000 + i,
      name: `new-neighbour-${i}`,
      type: 'service',
      facts: 2,
      updatedAt: '2026-01-02T00:00:00Z',
      expanded: false,
    }));
    const links = grown.map((n, i) => ({ id: 5000 + i, source: 1 + (i % 10), target: n.id, relation: 'uses', text: '', confidence: 0.8 }));
    await p.push({ ...base, revision: 23, nodes: [...base.nodes, ...lone, ...grown], edges: [...base.edges, ...links] });
    const boxes = await labels();
    assert.equal(boxes.length, 160);
    const overlaps = overlapping(boxes);
    assert.deepEqual(overlaps, [], `${overlaps.length} pairs of labels overlap after growing`);
    const afterPos = await p.page.evaluate(() =>
      (window as unknown as { scryGraph: { canvas: { positions(): Record<string, { x: number; y: number }> } } }).scryGraph.canvas.positions(),
    );
    for (const [id, pos] of Object.entries(before)) {
      assert.ok(Math.abs(afterPos[id]!.x - pos.x) < 0.5 && Math.abs(afterPos[id]!.y - pos.y) < 0.5, `${id} stayed where it was`);
    }
  });
  it('grows it again by 60 entities with no link to anything drawn (a "More" page of lone entities), each finding a free spot', async () => {
    const base = syntheticState(70, 20, 24);
    const lone = Array.from({ length: 50 }, (_, i) => ({
      id: 1000 + i,
      name: `lone-entity-with-a-long-name-${i}`,
      type: 'concept',
      facts: 0,
      updatedAt: '2026-01-01T00:00:00Z',
      expanded: false,
    }));
    const grown = Array.from({ length: 40 }, (_, i) => ({
      id: 2000 + i,
      name: `new-neighbour-${i}`,
      type: 'service',
      facts: 2,
      updatedAt: '2026-01-02T00:00:00Z',
      expanded: false,
    }));
    const links = grown.map((n, i) => ({ id: 5000 + i, source: 1 + (i % 10), target: n.id, relation: 'uses', text: '', confidence: 0.8 }));
    const isolated = Array.from({ length: 60 }, (_, i) => ({
      id: 3000 + i,
      name: `ledger-shard-worker-${i + 1}`,
      type: 'service',
      facts: 1,
      updatedAt: '2026-01-03T00:00:00Z',
      expanded: false,
    }));
    await p.push({ ...base, revision: 25, nodes: [...base.nodes, ...lone, ...grown, ...isolated], edges: [...base.edges, ...links] });
    const boxes = await labels();
    assert.equal(boxes.length, 220);
    const overlaps = overlapping(boxes);
    assert.deepEqual(overlaps, [], `${overlaps.length} pairs of labels overlap after adding lone entities`);
  });

  it('"More" on a view with a selected entity fits the whole grown graph and keeps the entity selected, not centred', async () => {
    const base = syntheticState(70, 20, 26);
    const extra = Array.from({ length: 30 }, (_, i) => ({
      id: 4000 + i,
      name: `more-entity-${i + 1}`,
      type: 'service',
      facts: 1,
      updatedAt: '2026-01-04T00:00:00Z',
      expanded: false,
    }));
    // Selected (a search or a click): centred at a readable zoom, so the graph is no longer whole in view.
    await p.push({ ...base, revision: 26, fit: 40 });
    await p.push({ ...base, revision: 27, focus: 5, fit: 40 });
    await p.page.waitForTimeout(400);
    assert.equal(await wholeGraphInView(p.page.locator('body')), false, 'centred on the selected entity');
    const selected = (): Promise<string[]> =>
      p.page.evaluate(() =>
        (
          window as unknown as { scryGraph: { canvas: { cy: { nodes(s: string): { map(f: (n: { id(): string }) => string): string[] } } } } }
        ).scryGraph.canvas.cy
          .nodes(':selected')
          .map((n) => n.id()),
      );
    // More: more nodes and a fit bump, the same focus; pushed while the focus may still be animating.
    await p.push({ ...base, revision: 28, focus: 5, fit: 41, nodes: [...base.nodes, ...extra] });
    await p.page.waitForTimeout(400);
    assert.equal(await wholeGraphInView(p.page.locator('body')), true, 'the grown graph is whole in view');
    assert.equal((await selected()).length, 1, 'the focused entity is still selected');
  });

  // Issue 36: readable labels at the fitted zoom, and every node in view after More and after another time.
  const labelPx = (): Promise<number> =>
    p.page.evaluate(() => (window as unknown as { scryGraph: { canvas: { labelPx(): number } } }).scryGraph.canvas.labelPx());
  const capacityAsks = async (): Promise<number[]> =>
    ((await p.sent()) as Array<{ type: string; nodes?: number }>).filter((m) => m.type === 'capacity').map((m) => m.nodes!);

  it('asks for fewer nodes when a fitted view would draw labels under 11 px, and not when they read', async () => {
    const asked = (await capacityAsks()).length;
    await p.push({ ...syntheticState(150, 30, 30), fit: 30 });
    const px = await labelPx();
    assert.ok(px < 11, `150 nodes fitted: labels ${px.toFixed(1)} px`);
    const asks = await capacityAsks();
    assert.equal(asks.length, asked + 1);
    assert.ok(asks[asks.length - 1]! < 150 && asks[asks.length - 1]! >= 1, String(asks));
    await p.push({ ...syntheticState(6, 1, 31), fit: 31, relayout: 31 });
    assert.ok((await labelPx()) >= 11, `6 nodes fitted: labels ${(await labelPx()).toFixed(1)} px`);
    assert.equal((await capacityAsks()).length, asked + 1, 'no ask when labels read');
  });

  it('after More (more nodes, fit bumped) and after another time (relayout bumped), every node is in view and no labels overlap', async () => {
    const small = syntheticState(20, 5, 32);
    await p.push({ ...small, fit: 32, relayout: 32 });
    const more = syntheticState(45, 10, 33);
    await p.push({ ...more, fit: 33, relayout: 32 });
    assert.ok(await wholeGraphInView(p.page.locator('body')), 'after More');
    assert.deepEqual(overlapping(await labels()), []);
    // Another time keeps a third of the nodes: a fresh layout, fitted, with no holes left by the others.
    const fewer = { ...more, revision: 34, nodes: more.nodes.slice(0, 15), fit: 34, relayout: 34 };
    await p.push(fewer);
    assert.ok(await wholeGraphInView(p.page.locator('body')), 'after as-of');
    assert.deepEqual(overlapping(await labels()), []);
    assert.ok(
      (await labelPx()) >= 11,
      `15 nodes, laid out afresh and fitted: labels ${(await labelPx()).toFixed(1)} px (the old layout's spread would shrink them)`,
    );
  });
});
