// The memory graph's host state against a real daemon: the Supervisor's real
// socket, a memory ingested from the fixture transcripts by the CLI. What
// the state must hold comes from the CLI's answers on the same memory.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as P from '../../daemon/protocol';
import { GraphController } from '../../extension/memoryGraph/controller';
import { findNode } from '../../extension/nodeDiscovery';
import { Supervisor } from '../../extension/supervisor';
import type { GraphState } from '../../webview/protocol';
import { ROOT, scryJson, stopDaemon, tempDir } from '../helpers';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');

describe('GraphController on a real daemon', () => {
  const home = tempDir('graph-ctl');
  let sup: Supervisor;
  let pushed: GraphState[] = [];
  let ctl: GraphController;
  let graph: P.GraphResult;

  before(async () => {
    for (const source of ['claude', 'codex', 'run', 'seed'])
      await scryJson(['memory', 'ingest', '--source', source, '--path', path.join(FIXTURES, source)], { home });
    graph = await scryJson<P.GraphResult>(['memory', 'graph'], { home });
    sup = new Supervisor({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js'), resolveNode: () => findNode() });
    await sup.start();
    ctl = new GraphController(sup, (s) => pushed.push(s));
  });
  after(async () => {
    sup?.dispose();
    await stopDaemon(home);
  });

  const last = (): GraphState => pushed.at(-1)!;

  it('says it is loading, then opens on the recent entities with the edges between them', async () => {
    await ctl.handle({ type: 'ready' });
    assert.equal(pushed[0]!.status.kind, 'loading');
    // Memory holds more than the opening view (file nodes too): it opens on linked ones among the most recent the CLI lists.
    const candidates = await scryJson<P.GraphResult>(['memory', 'graph', '--limit', '120'], { home });
    const drawn = new Set(last().nodes.map((n) => n.id));
    assert.ok(drawn.size > 0 && drawn.size <= 60, `${drawn.size} nodes`);
    assert.deepEqual(
      [...drawn].filter((id) => !candidates.nodes.some((n) => n.id === id)),
      [],
      'every node drawn is one of the recent ones',
    );
    assert.deepEqual(
      last()
        .edges.map((e) => e.id)
        .sort(),
      candidates.edges
        .filter((e) => drawn.has(e.source) && drawn.has(e.target))
        .map((e) => e.id)
        .sort(),
    );
    assert.ok(graph.nodes.length > 0);
    assert.equal(last().status.kind, 'ready');
    assert.ok(
      pushed.every((s, i) => i === 0 || s.revision > pushed[i - 1]!.revision),
      'revisions only grow',
    );
  });

  it('select fills the side panel with the facts and episodes the CLI reports', async () => {
    // Found by name: with every real fixture ingested, demo need not be among the most recent entities drawn.
    const facts = await scryJson<P.FactsResult>(['memory', 'facts', 'demo', '--all'], { home });
    const demo = facts.entity;
    await ctl.handle({ type: 'select', id: demo.id });
    const d = last().detail;
    assert.equal(d.kind, 'ready');
    if (d.kind !== 'ready') return;
    const eps = await scryJson<P.EpisodesResult>(['memory', 'episodes', 'demo', '--limit', '30'], { home });
    assert.deepEqual(d.entity.facts.map((f) => f.id).sort(), facts.facts.map((f) => f.id).sort());
    // One row per session: every episode the CLI lists is a row or folded into one.
    assert.ok(d.entity.episodes.every((e) => eps.episodes.some((x) => x.id === e.id)));
    assert.equal(
      d.entity.episodes.reduce((n, e) => n + 1 + (e.folded ?? 0), 0),
      eps.episodes.length,
    );
    assert.equal(last().focus, demo.id);
  });

  it('an invalidated fact leaves the graph now, is there as of before, and comes back dashed with the toggle', async () => {
    const demo = await scryJson<P.FactsResult>(['memory', 'facts', 'demo'], { home });
    // A link the view draws (memory holds more than it opens on) between two nodes it links otherwise too:
    // the view opens on linked nodes only, so one whose only link is closed leaves it.
    const degree = new Map<number, number>();
    for (const e of last().edges) for (const id of [e.source, e.target]) degree.set(id, (degree.get(id) ?? 0) + 1);
    const fact = demo.facts.find((f) => f.target_id !== undefined && (degree.get(f.source_id) ?? 0) >= 2 && (degree.get(f.target_id) ?? 0) >= 2)!;
    assert.ok(fact, 'the view draws a link of demo');
    await scryJson(['memory', 'invalidate', String(fact.id), '--at', '2026-02-20T00:00:00Z'], { home });
    await ctl.refresh();
    assert.ok(!last().edges.some((e) => e.id === fact.id));
    await ctl.handle({ type: 'setFilters', filters: { hiddenTypes: [], showSuperseded: false, asOf: '2026-02-10' } });
    assert.ok(last().edges.some((e) => e.id === fact.id && !e.validTo));
    await ctl.handle({ type: 'setFilters', filters: { hiddenTypes: [], showSuperseded: true } });
    assert.equal(last().edges.find((e) => e.id === fact.id)?.validTo, '2026-02-20T00:00:00.000Z');
    await ctl.handle({ type: 'setFilters', filters: { hiddenTypes: [], showSuperseded: false } });
  });

  it('a remembered entity joins the view it is shown in, and search focuses an entity', async () => {
    const r = await scryJson<P.RememberResult>(['memory', 'remember', 'the payments API is deployed on web-7', '--entity', 'service:payments'], { home });
    await ctl.show(r.entities.map((e) => e.id));
    assert.ok(last().nodes.some((n) => n.name === 'payments'));
    await ctl.handle({ type: 'search', query: 'npm' });
    const npm = last().nodes.find((n) => n.name === 'npm')!;
    assert.equal(last().focus, npm.id);
    assert.match(last().summary, /match/);
  });

  it('memory/changed reaches every subscriber (the status bar and the graph panel both listen)', async () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    const subs = [sup.onNotification(P.MemoryChanged.type, (p) => a.push(p)), sup.onNotification(P.MemoryChanged.type, (p) => b.push(p))];
    try {
      const r = await scryJson<P.RememberResult>(['memory', 'remember', 'the ledger service keeps its state in postgres', '--entity', 'service:ledger'], {
        home,
      });
      const deadline = Date.now() + 30_000;
      while ((a.length === 0 || b.length === 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      assert.ok(a.length > 0 && b.length > 0, `both got it: ${a.length}, ${b.length}`);
      assert.deepEqual(a, b);
      // It names the entities the remember touched; the panel draws them, linked or not, and the focus stays.
      const ledger = r.entities.find((e) => e.name === 'ledger')!;
      const named = (a as Array<{ entities?: number[] }>).flatMap((p) => p.entities ?? []);
      assert.ok(named.includes(ledger.id), `memory/changed names ledger: ${JSON.stringify(a)}`);
      const focus = last().focus;
      await ctl.include(named);
      assert.ok(
        last().nodes.some((n) => n.id === ledger.id),
        'ledger is drawn',
      );
      assert.equal(last().focus, focus);
    } finally {
      for (const s of subs) s.dispose();
    }
  });

  it("opens on the recent entities, fitted, when the repository's project has no fact around it yet (a Remember just made it)", async () => {
    await scryJson(['memory', 'remember', 'lonely-proj was created today', '--entity', 'project:lonely-proj'], { home });
    const around = await scryJson<P.GraphResult>(['memory', 'graph', '--around', 'lonely-proj'], { home });
    assert.equal(around.edges.length, 0, 'the project stands alone');
    const states: GraphState[] = [];
    const fresh = new GraphController(sup, (s) => states.push(s));
    fresh.setRepoNames(['lonely-proj']);
    await fresh.handle({ type: 'ready' });
    const opened = states.at(-1)!;
    assert.ok(opened.nodes.length > 1, `opened on ${opened.nodes.map((n) => n.name).join(', ')}`);
    assert.doesNotMatch(opened.summary, /around lonely-proj/);
    assert.equal(opened.fit, 1, 'the page fits the opening view');
    await fresh.handle({ type: 'reset' });
    assert.equal(states.at(-1)!.fit, 2, 'and fits again on Reset');
    assert.deepEqual(
      states
        .at(-1)!
        .nodes.map((n) => n.id)
        .sort(),
      opened.nodes.map((n) => n.id).sort(),
    );
  });

  it('opens on as many entities as the page reads (issue 36), counts the rest, and fits again after More and another time', async () => {
    const states: GraphState[] = [];
    const fresh = new GraphController(sup, (s) => states.push(s));
    await fresh.handle({ type: 'ready', capacity: 8 });
    const opened = states.at(-1)!;
    assert.equal(opened.nodes.length, 8);
    const total = (await scryJson<P.GraphResult>(['memory', 'graph'], { home })).page.total;
    assert.match(opened.summary, new RegExp(`^8 of ${total} entities`));
    // The ones that open the view are linked: no node with no edge while linked ones wait.
    const linked = new Set(opened.edges.flatMap((e) => [e.source, e.target]));
    assert.deepEqual(
      opened.nodes.filter((n) => !linked.has(n.id)).map((n) => n.name),
      [],
    );
    // Labels still too small at 8: the page asks for 6, and the opening view is cut to that.
    await fresh.handle({ type: 'capacity', nodes: 6 });
    assert.equal(states.at(-1)!.nodes.length, 6);
    assert.equal(states.at(-1)!.fit, opened.fit + 1);
    assert.equal(states.at(-1)!.relayout, opened.relayout + 1, 'the fewer nodes are laid out afresh');
    await fresh.handle({ type: 'loadMore' });
    const more = states.at(-1)!;
    assert.equal(more.nodes.length, 12);
    assert.equal(more.fit, opened.fit + 2, 'More fits again');
    // After More the user asked for those nodes: a capacity ask no longer cuts them.
    await fresh.handle({ type: 'capacity', nodes: 3 });
    assert.equal(states.at(-1)!.nodes.length, 12);
    await fresh.handle({ type: 'setFilters', filters: { ...more.filters, asOf: '2026-01-01' } });
    assert.equal(states.at(-1)!.relayout, more.relayout + 1, 'another time lays out afresh');
    assert.equal(states.at(-1)!.fit, more.fit + 1, 'and fits');
  });

  it('an error is a state with a message, not a spinner', async () => {
    const broken = new GraphController({ request: () => Promise.reject(new Error('the Scry daemon is not running (stopped)')) }, (s) => pushed.push(s));
    pushed = [];
    await broken.handle({ type: 'ready' });
    assert.deepEqual(last().status, { kind: 'error', message: 'the Scry daemon is not running (stopped). The view reloads when the daemon is back.' });
  });
});
