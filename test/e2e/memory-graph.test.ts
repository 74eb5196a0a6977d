// The memory side of the extension end to end: the packaged VSIX in real
// VS Code (code-server), driven through headless Chromium, on a memory
// ingested from the fixture transcripts by the CLI (`scry memory ingest`)
// into the test's own SCRY_HOME. What the view must show comes from the
// CLI's answers on the same memory, never from hard-coded lists. The
// webview is an iframe inside an iframe of the workbench: frame locators.
// Screenshots land in test-artifacts/e2e-memory/.
// One code-server and Chromium at a time (lock=editor), beside one other test file, not alone.
// scry-test: lock=editor
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import type { EpisodesResult, EpisodeResult, FactsResult, GraphResult, MemoryStatus, RecallResult } from '../../daemon/protocol';
import { ROOT, scryJson, stopDaemon, tempDir } from '../helpers';
import { AGENT_TOOLS } from '../memory/agent-tools';
import * as h from './harness';
import { labelBoxes, overlappingLabels, wholeGraphInView } from '../webview/standalone';

const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'e2e-memory');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');
const skip = h.missingPrerequisite();
if (skip) process.stderr.write(`# e2e: SKIPPED: ${skip}\n`);

const t0 = Date.now();
const mark = (what: string): void => void process.stderr.write(`# e2e memory: ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

/** The superseded fact: "demo uses npm" from the written Codex session, closed on this day by `scry memory invalidate`. */
const CLOSED_AT = '2026-02-20T00:00:00.000Z';

const MCP_TOOL_ID = /^(mcp__)?[\w.-]+__[\w.-]+$|^[\w-]+\.[a-z]+_[a-z_]+$/;

describe('the memory graph in code-server', { skip }, () => {
  const home = tempDir('e2e-memory-home');
  let workspace = '';
  let server: h.CodeServer | undefined;
  let page: Page | undefined;
  let view: FrameLocator;
  let graph: GraphResult;
  let closedFact: { id: number; text: string };
  /** How the graph spells the demo project: the real fixtures hold a "Demo" project too, and one spelling names both. */
  let demoName = 'demo';

  before(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    const vsix = await h.packagedVsix();
    mark('VSIX ready');
    // The memory: every fixture source, through the CLI and its daemon (the editor adopts it).
    const env = { SCRY_MEMORY_SWEEP: '0' };
    for (const source of ['claude', 'codex', 'run', 'seed']) {
      await scryJson(['memory', 'ingest', '--source', source, '--path', path.join(FIXTURES, source)], { home, env });
    }
    const demo = await scryJson<FactsResult>(['memory', 'facts', 'demo', '--all'], { home });
    const npm = demo.facts.find((f) => f.target === 'npm');
    assert.ok(npm, `the fixtures give demo a fact about npm: ${demo.facts.map((f) => f.text).join('; ')}`);
    await scryJson(['memory', 'invalidate', String(npm.id), '--at', CLOSED_AT], { home });
    closedFact = { id: npm.id, text: npm.text };
    demoName = demo.entity.name;
    graph = await scryJson<GraphResult>(['memory', 'graph', '--limit', '1000'], { home });
    assert.ok(graph.nodes.length > 3, 'the fixtures give a graph worth drawing');
    mark(`memory ingested: ${graph.nodes.length} entities`);

    workspace = fs.realpathSync(tempDir('e2e-memory-ws'));
    fs.writeFileSync(path.join(workspace, 'README.md'), '# memory e2e\n');
    server = await h.startCodeServer({ vsix, workspace, settings: { 'scry.home': home }, env: { SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0' } });
    page = await h.openWorkbench(server.url);
    mark('workbench visible');
  });

  after(async () => {
    if (page) await h.screenshot(page, ARTIFACTS, 'zz-last-state').catch(() => undefined);
    await h.closeWorkbench(page);
    await server?.stop();
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
    if (workspace) fs.rmSync(workspace, { recursive: true, force: true });
    mark('done');
  });

  const drawnNames = async (): Promise<string[]> => (await view.locator('#node-list .node-item').allInnerTexts()).map((s) => s.trim()).sort();
  const drawnEdges = async (): Promise<string[]> => (await view.locator('#edge-list .edge-item').allTextContents()).map((s) => s.trim());
  const selectNode = async (name: string): Promise<void> => {
    // The opening view holds what reads (issue 36): a node not drawn is found through the search box.
    if ((await view.locator('#node-list .node-item', { hasText: new RegExp(`^${name}$`) }).count()) === 0) {
      await view.locator('#search').fill(name);
      await view.locator('#search').press('Enter');
    }
    await view.locator('#node-list .node-item', { hasText: new RegExp(`^${name}$`) }).click();
    await view.locator('#detail h2', { hasText: new RegExp(`^${name}$`) }).waitFor();
  };
  const edgeText = (e: { source: number; target: number; relation: string }): string => {
    const name = (id: number): string => graph.nodes.find((n) => n.id === id)!.name;
    return `${name(e.source)} ${e.relation} ${name(e.target)}`;
  };

  it('Show Memory Graph draws the entities and facts the daemon has', async () => {
    await h.waitForStatus(page!, /Scry/);
    await h.runCommand(page!, 'Scry: Show Memory Graph');
    view = page!.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    // Issue 36: the opening view holds as many entities as read at the fitted zoom, and says how many of all.
    const all = new Set(graph.nodes.map((n) => n.name));
    const got = await h.waitFor('the drawn entities', async () => {
      const names = await drawnNames().catch(() => []);
      const said = Number(
        /^(\d+)/.exec(
          await view
            .locator('#summary')
            .innerText()
            .catch(() => ''),
        )?.[1] ?? 0,
      );
      return names.length > 0 && names.length === said ? names : undefined;
    });
    assert.deepEqual(
      got.filter((n) => !all.has(n)),
      [],
      'every drawn entity is one the daemon has',
    );
    const want = got;
    // What the user sees is what the sessions talk about, not the agent's tool traffic.
    const tools = got.filter((n) => AGENT_TOOLS.has(n.toLowerCase()) || MCP_TOOL_ID.test(n));
    assert.deepEqual(tools, [], `drawn nodes that are agent tools: ${tools.join(', ')}`);
    const drawnSet = new Set(got);
    assert.deepEqual(
      (await drawnEdges()).sort(),
      graph.edges
        .filter((e) => [e.source, e.target].every((id) => drawnSet.has(graph.nodes.find((n) => n.id === id)!.name)))
        .map(edgeText)
        .sort(),
    );
    assert.ok(!(await drawnEdges()).some((e) => e.startsWith(`${demoName} uses npm`)), 'the invalidated fact is not drawn now');
    assert.match(
      await view.locator('#summary').innerText(),
      new RegExp(`^${want.length}( of ${graph.nodes.length})? entities, ${(await drawnEdges()).length} links`),
    );
    // The canvas is really drawn: cytoscape's layers exist and have a size.
    const box = await view.locator('#graph canvas').first().boundingBox();
    assert.ok(box && box.width > 100 && box.height > 100);
    await h.screenshot(page!, ARTIFACTS, '01-graph');
  });

  it('the search box focuses the entity it finds, and the side panel shows its facts', async () => {
    const recall = await scryJson<RecallResult>(['memory', 'recall', 'npm'], { home });
    const top = recall.matches[0]!.entity.name;
    await view.locator('#search').fill('npm');
    await view.locator('#search').press('Enter');
    await view.locator('#node-list .node-item[aria-current="true"]', { hasText: new RegExp(`^${top}$`) }).waitFor();
    await view.locator('#detail h2', { hasText: new RegExp(`^${top}$`) }).waitFor();
    assert.match(await view.locator('#summary').innerText(), /match/);

    await selectNode(demoName);
    const facts = await scryJson<FactsResult>(['memory', 'facts', 'demo', '--all'], { home });
    const current = facts.facts
      .filter((f) => !f.valid_to)
      .map((f) => f.text)
      .sort();
    const past = facts.facts
      .filter((f) => f.valid_to)
      .map((f) => f.text)
      .sort();
    assert.deepEqual((await view.locator('#detail .facts-current .fact-text').allInnerTexts()).sort(), current);
    assert.deepEqual((await view.locator('#detail .facts-past .fact-text').allInnerTexts()).sort(), past);
    assert.ok(past.includes(closedFact.text));
    assert.match(await view.locator('#detail .facts-past li').first().innerText(), /confidence \d\.\d\d · valid \d{4}-\d\d-\d\d – 2026-02-20/);
    assert.equal(await view.locator('#detail .entity-type').textContent(), 'project');
    await h.screenshot(page!, ARTIFACTS, '02-side-panel');
  });

  it('the as-of control shows the graph as it was: the superseded fact appears, then hides again', async () => {
    await view.locator('#as-of').fill('2026-02-10');
    await h.waitFor('the npm edge as of 2026-02-10', async () => (await drawnEdges()).some((e) => e === `${demoName} uses npm`));
    await h.waitFor('the fact current as of 2026-02-10', async () =>
      (await view.locator('#detail .facts-current .fact-text').allInnerTexts()).includes(closedFact.text),
    );
    await h.screenshot(page!, ARTIFACTS, '03-as-of-before');
    await view.locator('#as-of').fill('2026-03-01');
    await h.waitFor(
      'the npm edge hidden as of 2026-03-01',
      async () =>
        !(await drawnEdges()).some((e) => e.startsWith(`${demoName} uses npm`)) && (await view.locator('#summary').innerText()).includes('as of 2026-03-01'),
    );
    // The side panel follows the summary: wait for it, not for the summary alone (a loaded machine drew it later).
    await h.waitFor('the closed fact among the past ones as of 2026-03-01', async () =>
      (await view.locator('#detail .facts-past .fact-text').allInnerTexts()).includes(closedFact.text),
    );
    // The toggle brings superseded facts back, dashed and marked.
    await view.locator('#superseded').check();
    await h.waitFor('the superseded edge shown by the toggle', async () => (await drawnEdges()).includes(`${demoName} uses npm (no longer holds)`));
    await view.locator('#superseded').uncheck();
    await view.locator('#as-of').fill('');
    await h.waitFor('back to now', async () => !(await view.locator('#summary').innerText()).includes('as of'));
  });

  it('opening an episode shows its text in a read-only editor', async () => {
    const eps = await scryJson<EpisodesResult>(['memory', 'episodes', 'demo'], { home });
    const first = eps.episodes[0]!;
    // The distilled text the daemon serves for it (memory/episode), whose first line the editor must show.
    const full = await scryJson<EpisodeResult>(['memory', 'episode', first.id], { home });
    const textLine = full.text
      .split('\n')
      .find((l) => l.trim().length > 12)!
      .trim()
      .slice(0, 30);
    await selectNode(demoName);
    await view.locator('#detail .episode-link').first().click();
    await page!.locator('.tabs-container .tab.active', { hasText: `${first.id.slice(0, 12)}.md` }).waitFor();
    const text = await h.waitFor('the episode text', async () => {
      // Monaco draws spaces as no-break spaces.
      const t = (await page!.locator('.editor-group-container.active .view-lines').innerText()).replace(/\u00a0/g, ' ');
      return t.includes(first.summary.slice(0, 30)) && t.includes(textLine) ? t : undefined;
    });
    assert.match(text, new RegExp(`lines ${first.line_start}.${first.line_end}`));
    await h.screenshot(page!, ARTIFACTS, '04-episode');
    // Typing does nothing: the document is read-only.
    await page!.locator('.editor-group-container.active .view-lines').click();
    await page!.keyboard.type('zzz');
    assert.ok(!(await page!.locator('.editor-group-container.active .view-lines').innerText()).includes('zzz'));
  });

  it('a remember from the palette appears in the open graph, and Recall from the palette finds it', async () => {
    // From the episode's editor: the command brings the open graph forward with what it remembered.
    await h.runCommand(page!, 'Scry: Remember…');
    await fillInput(page!, 'the payments API is deployed on web-7');
    await fillInput(page!, 'service:payments, machine:web-7');
    await h.waitFor('payments and web-7 in the graph', async () => {
      const names = await drawnNames();
      return names.includes('payments') && names.includes('web-7');
    });
    await view.locator('#detail h2', { hasText: /^payments$/ }).waitFor();
    await h.waitFor('the remembered fact in the side panel', async () =>
      (await view.locator('#detail .facts-current .fact-text').allInnerTexts()).includes('the payments API is deployed on web-7'),
    );
    await h.screenshot(page!, ARTIFACTS, '05-remembered');

    await leaveWebview(page!);
    await h.runCommand(page!, 'Scry: Recall…');
    await fillInput(page!, 'payments');
    await h.waitForQuickPick(page!, /Recall “payments”/);
    const labels = await h.quickPickLabels(page!);
    assert.ok(labels.includes('payments'), labels.join(' | '));
    assert.ok(labels.includes('the payments API is deployed on web-7'), labels.join(' | '));
    await h.pickQuickPickRow(page!, 'payments');
    await view.locator('#node-list .node-item[aria-current="true"]', { hasText: /^payments$/ }).waitFor();
  });

  it('a change made outside the editor (the CLI) shows up live, and what was drawn stays where it was', async () => {
    type Pos = Record<string, { x: number; y: number }>;
    const positions = (): Promise<Pos> =>
      view.locator('body').evaluate(() => (window as unknown as { scryGraph: { canvas: { positions(): Pos } } }).scryGraph.canvas.positions());
    const before = await positions();
    await scryJson(['memory', 'remember', 'kubectl applies the manifests of the payments service', '--entity', 'tool:kubectl', '--entity', 'payments'], {
      home,
    });
    await h.waitFor('kubectl drawn after memory/changed', async () => (await drawnNames()).includes('kubectl'));
    const after = await positions();
    const moved = Object.keys(before).filter((id) => after[id] && (Math.abs(after[id].x - before[id]!.x) > 0.5 || Math.abs(after[id].y - before[id]!.y) > 0.5));
    assert.deepEqual(moved, [], 'no node already drawn moved');
    // The opening view holds as many nodes as read at the fitted zoom (issue 36): a new one may take an older one's place.
    assert.ok(
      Object.keys(after).some((id) => !(id in before)),
      'a node not drawn before is drawn now',
    );
  });

  it('the status bar menu shows memory counts, the queue and the provider state, with config.yaml a click away', async () => {
    // The counts follow memory/changed: they are the CLI's own, after the remembers above.
    const status = await scryJson<MemoryStatus>(['memory', 'status'], { home });
    const counts = `Memory: ${status.episodes} episodes · ${status.entities} entities · ${status.current_facts} facts`;
    const labels = await h.waitFor(`"${counts}" in the status bar menu`, async () => {
      await leaveWebview(page!);
      await h.clickStatus(page!, /Scry/);
      await h.waitForQuickPick(page!, /^Scry: running/);
      const l = await h.quickPickLabels(page!);
      if (l.includes(counts)) return l;
      await page!.keyboard.press('Escape');
      return undefined;
    });
    assert.ok(labels.includes('offline only: configure a model'), labels.join(' | '));
    await h.screenshot(page!, ARTIFACTS, '06-status-menu');
    await h.pickQuickPickRow(page!, 'offline only: configure a model');
    await page!.locator('.tabs-container .tab.active', { hasText: 'config.yaml' }).waitFor();
  });

  it('follows the theme: light and dark screenshots', async () => {
    await page!.locator('.tabs-container .tab', { hasText: 'Scry Memory' }).click();
    const bodyClass = async (): Promise<string> =>
      (await view
        .locator('body')
        .getAttribute('class')
        .catch(() => null)) ?? '';
    const themeOf = (c: string): string | undefined => /\bvscode-(light|dark|high-contrast-light|high-contrast)\b/.exec(c)?.[1];
    const start = await h.waitFor('the page showing a theme', async () => themeOf(await bodyClass()));
    let theme = start;
    for (let i = 0; i < 2; i++) {
      await leaveWebview(page!);
      await h.runCommand(page!, 'Preferences: Toggle between Light/Dark Themes');
      const previous = theme;
      theme = await h.waitFor(`the page leaving ${previous}`, async () => {
        const t = themeOf(await bodyClass());
        return t && t !== previous ? t : undefined;
      });
      // The page's colours are the editor's: the background follows the theme.
      const bg = await view.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
      assert.equal(isLight(bg), theme === 'light' || theme === 'high-contrast-light', `${theme}: background ${bg}`);
      await page!.waitForTimeout(300);
      await h.screenshot(page!, ARTIFACTS, `0${7 + i}-graph-${theme}`);
    }
    assert.deepEqual(new Set([start, theme]).size, 1, 'two toggles come back to the first theme');
  });

  it('the status menu starts the MCP server the extension publishes (Stopped until a chat uses it), and VS Code discovers its tools, memory tools included', async () => {
    await leaveWebview(page!);
    // Where a user looks: the status menu says the server waits for a chat and opens the server list to start it.
    await h.clickStatus(page!, /Scry/);
    await h.waitForQuickPick(page!, /^Scry: running/);
    await h.pickQuickPickRow(page!, "MCP server 'Scry' for chat agents: start it now");
    await h.waitFor('Scry in the MCP server list', async () => (await h.quickPickLabels(page!)).some((l) => l.startsWith('Scry')));
    await h.pickQuickPickRow(page!, 'Scry');
    await h.waitFor('the server options', async () => (await h.quickPickLabels(page!)).some((l) => /Start Server/.test(l)));
    await page!.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Start Server' }).first().click();
    // VS Code's own output channel for the server says how many tools it found.
    const expected = await mcpToolNames(home);
    assert.ok(expected.includes('scry_recall') && expected.includes('scry_remember'), expected.join(', '));
    await h.runCommand(page!, 'MCP: List Servers');
    const running = await h.waitFor('Scry running', async () => {
      const rows = await page!.locator('.quick-input-widget .quick-input-list .monaco-list-row').allInnerTexts();
      return rows.find((r) => r.startsWith('Scry') && /Running/i.test(r));
    });
    mark(`MCP list: ${running.replace(/\s+/g, ' ')}`);
    await h.screenshot(page!, ARTIFACTS, '09-mcp-running');
    await h.pickQuickPickRow(page!, 'Scry');
    await page!.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Show Output' }).first().click();
    const log = await h.waitFor('"Discovered N tools" in the server output', async () => {
      const t = (
        await page!
          .locator('[id="workbench.parts.panel"] .view-lines')
          .innerText()
          .catch(() => '')
      ).replace(/\u00a0/g, ' ');
      return /Discovered \d+ tools/.test(t) ? t : undefined;
    });
    await h.screenshot(page!, ARTIFACTS, '10-mcp-output');
    assert.equal(Number(/Discovered (\d+) tools/.exec(log)![1]), expected.length, log);
  });

  it('on 100+ entities: no two labels overlap, live growth included; Reset shows the whole graph; reopened, the whole graph is fitted again', async () => {
    // 120 more entities through the CLI, as sessions would add them: each remember names a batch.
    for (let b = 0; b < 4; b++) {
      const names = Array.from({ length: 30 }, (_, i) => ['--entity', `service:ledger-shard-worker-${b * 30 + i + 1}`]).flat();
      await scryJson(['memory', 'remember', `The ledger shard workers of batch ${b + 1} drain one queue each`, ...names], { home });
    }
    const total = (await scryJson<MemoryStatus>(['memory', 'status'], { home })).entities;
    assert.ok(total >= 140, `memory holds the fixtures' entities and 120 more: ${total}`);
    const body = (): Locator => view.locator('body');
    const wholeInView = (): Promise<boolean> => wholeGraphInView(body());

    // Live: the open view follows memory/changed; "More" then grows it past 100 entities, the drawn ones staying put.
    await page!.locator('.tabs-container .tab', { hasText: 'Scry Memory' }).click();
    // The new entities are counted (linked ones open the view first, issue 36; these stand alone).
    const opening = await h.waitFor('the opening page counting the new entities', async () => {
      const summary = await view
        .locator('#summary')
        .innerText()
        .catch(() => '');
      const of = Number(/ of (\d+) entities/.exec(summary)?.[1] ?? 0);
      return of >= total ? (await drawnNames().catch(() => [])).length : undefined;
    });
    await view.locator('#more').click();
    const grown = await h.waitFor('the graph grown by More', async () => {
      const n = (await drawnNames().catch(() => [])).length;
      return n > opening ? n : undefined;
    });
    await h.waitFor('the grown graph fitted', async () => ((await wholeInView()) ? true : undefined));
    const liveBoxes = await labelBoxes(body());
    const live = overlappingLabels(liveBoxes);
    const show = (pairs: string[], boxes: Array<{ id: string }>): string =>
      pairs
        .map((pair) =>
          pair
            .split('/')
            .map((id) => JSON.stringify(boxes.find((b) => b.id === id)))
            .join(' over '),
        )
        .join('; ');
    assert.deepEqual(live, [], `${live.length} pairs of labels overlap among ${grown} entities after More: ${show(live, liveBoxes)}`);

    // Panned far off, Reset brings the whole graph back into view.
    await view
      .locator('body')
      .evaluate(() => (window as unknown as { scryGraph: { canvas: { cy: { pan(p: object): void } } } }).scryGraph.canvas.cy.pan({ x: -50000, y: -50000 }));
    assert.equal(await wholeInView(), false, 'panned off');
    await view.locator('#reset').click();
    await h.waitFor('the whole graph in view after Reset', async () => ((await wholeInView()) ? true : undefined));
    await h.screenshot(page!, ARTIFACTS, '11-graph-100-reset');

    // Closed and reopened: a fresh layout of the same entities, fitted, with no overlap.
    await leaveWebview(page!);
    // A middle click closes an editor tab in VS Code.
    await page!.locator('.tabs-container .tab', { hasText: 'Scry Memory' }).click({ button: 'middle' });
    await page!.locator('.tabs-container .tab', { hasText: 'Scry Memory' }).waitFor({ state: 'detached' });
    await h.runCommand(page!, 'Scry: Show Memory Graph');
    view = page!.frameLocator('iframe.webview').frameLocator('iframe#active-frame');
    // Drawn: every entity the summary counts ("60 of 153 entities, …").
    await h.waitFor('the reopened graph drawn whole', async () => {
      const said = Number(
        /^(\d+)/.exec(
          await view
            .locator('#summary')
            .innerText()
            .catch(() => ''),
        )?.[1] ?? 0,
      );
      return said > 0 && (await drawnNames().catch(() => [])).length === said ? true : undefined;
    });
    await h.waitFor('the reopened graph fitted', async () => ((await wholeInView().catch(() => false)) ? true : undefined));
    const freshBoxes = await labelBoxes(body());
    const fresh = overlappingLabels(freshBoxes);
    assert.deepEqual(fresh, [], `${fresh.length} pairs of labels overlap in the reopened graph: ${show(fresh, freshBoxes)}`);
    await h.screenshot(page!, ARTIFACTS, '12-graph-100-reopened');
  });
});

function isLight(rgb: string): boolean {
  const [r, g, b] = (rgb.match(/\d+/g) ?? ['0', '0', '0']).map(Number);
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 128;
}

/** Keys typed while the webview has focus stay in its iframe: hand focus back to the workbench for F1. */
async function leaveWebview(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Types into the open input box and accepts it. */
async function fillInput(page: Page, text: string): Promise<void> {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await input.waitFor({ state: 'visible' });
  await input.fill(text);
  await page.keyboard.press('Enter');
  // The next box (or none) replaces this one.
  await page.waitForFunction((t) => {
    const w = document.querySelector<HTMLElement>('.quick-input-widget');
    const input = w?.querySelector<HTMLInputElement>('.quick-input-box input');
    return !w || w.style.display === 'none' || input?.value !== t;
  }, text);
}

/** The tools `scry mcp` lists, asked over its own stdio with the MCP SDK's client: what VS Code should discover. */
async function mcpToolNames(home: string): Promise<string[]> {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client({ name: 'e2e', version: '0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(ROOT, 'bin', 'scry'), 'mcp'],
      env: { ...process.env, SCRY_HOME: home } as Record<string, string>,
    }),
  );
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}
