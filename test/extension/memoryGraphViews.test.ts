// The host's pure parts of the memory graph: where a fact stands at the
// view's time, the side panel rows, the dashed past edges, the page union,
// the status lines, and the page's content security policy.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as P from '../../daemon/protocol';
import { contentSecurityPolicy, pageHtml } from '../../extension/memoryGraph/html';
import { entityDetail, factPhase, GraphUnion, openingNodes, pastEdges, viewTime } from '../../extension/memoryGraph/views';
import { memoryLines } from '../../extension/memoryStatus';
import { isPageMessage } from '../../webview/protocol';

const fact = (over: Partial<P.MemoryFact>): P.MemoryFact => ({
  id: 1,
  source: 'demo',
  source_id: 1,
  relation: 'uses',
  target: 'npm',
  target_id: 2,
  text: 'demo uses npm',
  confidence: 0.6,
  recorded_at: '2026-02-03T00:00:00Z',
  evidence: 1,
  ...over,
});

describe('factPhase', () => {
  const rows: Array<[string, Partial<P.MemoryFact>, string, string]> = [
    ['open fact', { valid_from: '2026-02-03T00:00:00Z' }, '2026-03-01T00:00:00Z', 'current'],
    ['not yet true', { valid_from: '2026-02-03T00:00:00Z' }, '2026-01-01T00:00:00Z', 'future'],
    ['closed before', { valid_from: '2026-02-03T00:00:00Z', valid_to: '2026-02-20T00:00:00Z' }, '2026-03-01T00:00:00Z', 'past'],
    ['closed after', { valid_from: '2026-02-03T00:00:00Z', valid_to: '2026-02-20T00:00:00Z' }, '2026-02-10T00:00:00Z', 'current'],
    ['closed at that instant', { valid_to: '2026-02-20T00:00:00Z' }, '2026-02-20T00:00:00Z', 'past'],
    ['retired without an end', { expired_at: '2026-02-20T00:00:00Z' }, '2026-03-01T00:00:00Z', 'past'],
    ['no dates', {}, '2026-03-01T00:00:00Z', 'current'],
  ];
  for (const [name, f, at, want] of rows) it(name, () => assert.equal(factPhase(fact(f), at), want));
  it('an as-of day counts until its end', () => assert.equal(viewTime('2026-02-10'), '2026-02-10T23:59:59.999Z'));
});

describe('entityDetail', () => {
  const facts: P.FactsResult = {
    entity: { id: 1, name: 'demo', type: 'project', aliases: ['the demo'] },
    facts: [
      fact({ id: 1, valid_from: '2026-02-03T00:00:00Z', valid_to: '2026-02-20T00:00:00Z' }),
      fact({ id: 2, target: 'pnpm', target_id: 3, text: 'demo uses pnpm', valid_from: '2026-02-20T00:00:00Z' }),
      fact({
        id: 3,
        source: 'ci',
        source_id: 4,
        target: 'demo',
        target_id: 1,
        relation: 'deploys',
        text: 'ci deploys demo',
        valid_from: '2026-01-01T00:00:00Z',
      }),
    ],
    total: 3,
    elapsed_ms: 0,
  };
  it('now: current first, past after; an incoming fact links to its source', () => {
    const d = entityDetail(facts, undefined, '2026-03-01T00:00:00Z');
    assert.deepEqual(
      d.facts.map((f) => [f.id, f.current]),
      [
        [2, true],
        [3, true],
        [1, false],
      ],
    );
    assert.deepEqual(d.facts.find((f) => f.id === 3)!.other, { id: 4, name: 'ci' });
    assert.deepEqual(d.aliases, ['the demo']);
  });
  it('as of before the change: the old fact is current and the new one is not shown', () => {
    const d = entityDetail(facts, undefined, '2026-02-10T00:00:00Z');
    assert.deepEqual(
      d.facts.map((f) => [f.id, f.current]),
      [
        [1, true],
        [3, true],
      ],
    );
  });
});

describe('pastEdges and GraphUnion', () => {
  it('only closed facts between drawn nodes become dashed edges', () => {
    const fs = [fact({ id: 1, valid_to: '2026-02-20T00:00:00Z' }), fact({ id: 2 }), fact({ id: 3, target_id: 9, valid_to: '2026-02-20T00:00:00Z' })];
    assert.deepEqual(
      pastEdges(fs, new Set([1, 2]), '2026-03-01T00:00:00Z').map((e) => [e.id, e.validTo]),
      [[1, '2026-02-20T00:00:00Z']],
    );
  });
  it('a node seen in two pages is kept once, at its nearest depth', () => {
    const u = new GraphUnion();
    const node = (id: number, depth?: number): P.GraphNode => ({
      id,
      name: `n${id}`,
      type: 'tool',
      facts: 1,
      updated_at: '',
      ...(depth !== undefined ? { depth } : {}),
    });
    u.add({ nodes: [node(1, 2), node(2, 0)], edges: [{ id: 5, source: 1, target: 2, relation: 'uses', text: '', confidence: 1 }] });
    u.add({ nodes: [node(1, 0)], edges: [{ id: 5, source: 1, target: 2, relation: 'uses', text: '', confidence: 1 }] });
    assert.equal(u.nodes.size, 2);
    assert.equal(u.nodes.get(1)!.depth, 0);
    assert.equal(u.edges.size, 1);
  });
});

describe('openingNodes', () => {
  const node = (id: number, facts: number): P.GraphNode => ({ id, name: `n${id}`, type: 'tool', facts, updated_at: '' });
  // Daemon order: most recent first.
  const recent = [node(1, 0), node(2, 1), node(3, 0), node(4, 9), node(5, 2), node(6, 9), node(7, 5)];
  const rows: Array<[string, number, number[]]> = [
    ['fewer than asked: all of them', 10, [1, 2, 3, 4, 5, 6, 7]],
    ['half recent, half most connected, in recency order', 4, [1, 2, 4, 6]],
    ['odd count: the recent half rounds up', 5, [1, 2, 3, 4, 6]],
    ['one', 1, [1]],
  ];
  for (const [name, n, want] of rows)
    it(name, () =>
      assert.deepEqual(
        openingNodes(recent, n).map((x) => x.id),
        want,
      ),
    );
});

describe('memoryLines', () => {
  const base: P.MemoryStatus = {
    db: '',
    episodes: 6,
    entities: 8,
    facts: 4,
    current_facts: 4,
    sources_tracked: 6,
    queue: { pending: 0, done: 6, failed: 0, running: false },
    providers: [{ name: 'offline', type: 'offline', successes: 6, failures: 0, cooling_down: false }],
    budget: { day: '2026-12-01', episodes: 0, tokens: 0, over: false },
    config: { file: '/h/config.yaml' },
    sweep: { enabled: false, interval_minutes: 15, running: false },
  };
  it('offline only asks for a model', () => {
    const l = memoryLines(base);
    assert.equal(l.counts, 'Memory: 6 episodes · 8 entities · 4 facts');
    assert.equal(l.queue, 'Extraction queue: empty');
    assert.equal(l.provider, 'offline only: configure a model');
    assert.equal(l.needsConfig, true);
  });
  it('a queue and a failing model are named', () => {
    const l = memoryLines({
      ...base,
      queue: { pending: 3, done: 1, failed: 1, running: true, current: 'ep1' },
      providers: [{ name: 'claude', type: 'claude-cli', successes: 0, failures: 2, last_error: 'not logged in', cooling_down: false }, base.providers[0]!],
    });
    assert.equal(l.queue, 'Extraction queue: 3 pending, 1 failed (extracting ep1)');
    assert.equal(l.provider, 'Providers: claude failing (not logged in)');
    assert.equal(l.needsConfig, true);
  });
});

describe('the page: CSP and messages', () => {
  it('scripts run only with the nonce; nothing loads from elsewhere', () => {
    const csp = contentSecurityPolicy('https://x.vscode-cdn.net', 'abc');
    assert.match(csp, /^default-src 'none'; script-src 'nonce-abc'; /);
    assert.doesNotMatch(csp, /https?:\/\/(?!x\.vscode-cdn\.net)/);
    const html = pageHtml({ cspSource: 'https://x.vscode-cdn.net', script: 'https://x.vscode-cdn.net/a.js', style: 'https://x.vscode-cdn.net/a.css' }, 'abc');
    assert.equal((html.match(/<script /g) ?? []).length, 1);
    assert.match(html, /<script nonce="abc" src="https:\/\/x\.vscode-cdn\.net\/a\.js"><\/script>/);
  });
  it('rejects messages that are not intents', () => {
    assert.equal(isPageMessage({ type: 'expand', id: 1, depth: 2 }), true);
    assert.equal(isPageMessage({ type: 'expand', id: 1, depth: 4 }), false);
    assert.equal(isPageMessage({ type: 'select', id: '1' }), false);
    assert.equal(isPageMessage({ type: 'eval' }), false);
    assert.equal(isPageMessage(null), false);
  });
});
