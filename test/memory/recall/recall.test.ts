// Recall, episodes, path, remember and correction on a graph built by
// ingesting the written fixture sessions through the real distiller, chunker,
// store and extraction chain (a canned model for one session, offline for the
// rest). Expectations come from the fixture text, not from the code.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { episodesOf } from '../../../daemon/memory/episodes';
import { graph } from '../../../daemon/memory/graph';
import { factsOfEntity, forget, invalidateFact, listEntities } from '../../../daemon/memory/inspect';
import { shortestPath } from '../../../daemon/memory/path';
import { rankEntities, recall } from '../../../daemon/memory/recall';
import { remember } from '../../../daemon/memory/remember';
import { recallText } from '../../../daemon/protocol/memory-text';
import type { RecallResult } from '../../../daemon/protocol';
import { lineOf } from '../../helpers';
import { fixtureGraph, FIXTURES, type FixtureGraph } from './fixture-graph';

const NOW = new Date('2025-05-01T12:00:00.000Z');
/** The entities a query ranks first, before the answer spends its budget (passages first, issue 37). */
const ranked = (g: FixtureGraph, query: string): string[] =>
  rankEntities(g.store, { query }, NOW).ranked.map(
    (c) => g.store.db.prepare<[number], { name: string }>(`SELECT name FROM entities WHERE id = ?`).get(c.id)!.name,
  );
const factsOf = (r: RecallResult, name: string): string[] =>
  r.matches.find((m) => m.entity.name === name)?.facts.map((f) => `${f.relation} ${f.target ?? f.value}`) ?? [];

describe('memory recall on the fixture graph', () => {
  let g: FixtureGraph;
  before(async () => {
    g = await fixtureGraph(() => NOW);
  });
  after(() => g.close());

  it('finds an entity by its name first, then by an alias a model gave it', () => {
    const byName = recall(g.store, { query: 'hermes-api' }, NOW);
    assert.equal(byName.matches[0]?.entity.name, 'hermes-api');
    assert.equal(byName.matches[0]?.match, 'name');
    assert.equal(byName.matches[0]?.entity.type, 'service');

    const byAlias = recall(g.store, { query: 'the deploy box' }, NOW);
    assert.equal(byAlias.matches[0]?.entity.name, 'web-1');
    assert.equal(byAlias.matches[0]?.match, 'alias');
    const api = recall(g.store, { query: 'Hermes API' }, NOW);
    assert.equal(api.matches[0]?.entity.name, 'hermes-api', 'an alias that is also two words of full text still wins as an alias');
    assert.equal(api.matches[0]?.match, 'alias');
  });

  it('finds what a question does not name through fact text, with the current fact', () => {
    assert.ok(ranked(g, 'where do we deploy the API?').slice(0, 3).includes('hermes-api'), ranked(g, 'where do we deploy the API?').join(', '));
    const r = recall(g.store, { query: 'where do we deploy the API?' }, NOW);
    // Said once: by the passage of the session that said it, or by the fact when no passage shown says it.
    assert.match(recallText(r), /hermes-api is now deployed on web-2/);
    assert.ok(!factsOf(r, 'hermes-api').includes('deployed_on web-1'), 'the superseded fact is not current');
    const named = recall(g.store, { query: 'hermes-api' }, NOW);
    assert.ok(factsOf(named, 'hermes-api').includes('deployed_on web-2'), factsOf(named, 'hermes-api').join('; '));
    assert.ok(ranked(g, 'what runs the invoice queue?').slice(0, 5).includes('RQ'), ranked(g, 'what runs the invoice queue?').join(', '));
  });

  it('spends budget on an entity the question does not name only for facts no passage shown says, each sentence once (issue 37)', () => {
    for (const query of ['where do we deploy the API?', 'what runs the invoice queue?', 'which test runner is fast?', 'where does Postgres run?']) {
      const r = recall(g.store, { query }, NOW);
      assert.ok((r.passages ?? []).length > 0, query);
      const shown = (r.passages ?? []).map((p) => p.snippet.toLowerCase()).join('\n');
      const facts = r.matches.flatMap((m) => m.facts.map((f) => f.text.toLowerCase()));
      for (const m of r.matches) {
        if (m.match !== 'text' || query.toLowerCase().includes(m.entity.name.toLowerCase())) continue;
        assert.ok(m.facts.length > 0, `${query}: ${m.entity.name} shown without a fact of its own`);
        for (const f of m.facts)
          assert.ok(
            !shown.includes(f.text.toLowerCase().replace(/\s+/g, ' ').trim()),
            `${query}: "${f.text}" is in a passage shown and again under ${m.entity.name}`,
          );
      }
      assert.equal(new Set(facts).size, facts.length, `${query}: a fact sentence shown twice`);
      const sentences = shown.split(/(?<=[.!?])\s+/).filter((x) => x.length >= 30);
      assert.equal(new Set(sentences).size, sentences.length, `${query}: a sentence shown twice among the passages`);
    }
  });

  it('answers as of a time before a fact was superseded', () => {
    const then = recall(g.store, { query: 'hermes-api', as_of: '2025-02-01' }, NOW);
    assert.deepEqual(
      factsOf(then, 'hermes-api').filter((f) => f.startsWith('deployed_on')),
      ['deployed_on web-1'],
    );
    const now = recall(g.store, { query: 'hermes-api' }, NOW);
    assert.deepEqual(
      factsOf(now, 'hermes-api').filter((f) => f.startsWith('deployed_on')),
      ['deployed_on web-2'],
    );
    const closed = factsOfEntity(g.store, { entity: 'hermes-api', all: true }).facts.find((f) => f.relation === 'deployed_on' && f.target === 'web-1')!;
    assert.equal(closed.valid_to?.slice(0, 10), '2025-03-05', 'web-1 held until the session that moved the API');
    assert.ok(closed.superseded_by !== undefined);
  });

  it('is bounded: limit, facts per entity and a token budget, with a note on what was left out', () => {
    const wide = recall(g.store, { query: 'deploy web-2 hermes pnpm' }, NOW);
    assert.ok(wide.matches.length <= 5);
    const small = recall(g.store, { query: 'deploy web-2 hermes pnpm', limit: 2, facts: 1, budget: 120 }, NOW);
    assert.ok(small.matches.length <= 2);
    for (const m of small.matches) assert.ok(m.facts.length <= 1);
    assert.ok(small.omitted.entities + small.omitted.facts > 0);
    assert.match(small.note ?? '', /left out/);
    assert.ok(small.total >= small.matches.length + small.omitted.entities);
    const text = recallText(small);
    assert.match(text, /left out/);
    assert.ok(!text.trimStart().startsWith('{'), 'the compact form is text, not JSON');
  });

  it('says plainly when nothing matches', () => {
    const r = recall(g.store, { query: 'kubernetes helm charts' }, NOW);
    assert.equal(r.matches.length, 0);
    assert.match(recallText(r), /Memory has nothing on "kubernetes helm charts"/);
  });

  it('lists the episodes of an entity newest first, each pointing at its transcript lines', () => {
    const r = episodesOf(g.store, { entity: 'web-2' });
    assert.ok(r.episodes.length >= 3);
    const times = r.episodes.map((e) => e.occurred_at);
    assert.deepEqual(times, [...times].sort().reverse());
    const atlas = r.episodes.find((e) => e.path.includes('55555555'))!;
    assert.equal(atlas.source, 'claude');
    assert.equal(atlas.line_start, 1);
    assert.ok(atlas.line_end >= lineOf(atlas.path, /deploy@web-2:\/srv\/atlas/));
    assert.ok(fs.existsSync(atlas.path));
  });

  it('finds the shortest chain of current facts, three hops from ledger to pnpm', () => {
    const r = shortestPath(g.store, { from: 'ledger', to: 'pnpm' });
    assert.equal(r.found, true, r.note);
    assert.equal(r.hops.length, 3, r.hops.map((h) => `${h.from}-${h.fact.relation}-${h.to}`).join(' '));
    assert.equal(r.hops[0]!.from, 'ledger');
    assert.equal(r.hops[0]!.to, 'web-2');
    assert.equal(r.hops[2]!.to, 'pnpm');
    for (const h of r.hops) {
      assert.equal(h.fact.valid_to, undefined, 'only current facts');
      assert.ok(h.evidence && fs.existsSync(h.evidence.path), 'each hop has its evidence');
    }
    const none = shortestPath(g.store, { from: 'ledger', to: 'pnpm', max_depth: 2 });
    assert.equal(none.found, false);
    assert.match(none.note ?? '', /2 hops or fewer/);
  });

  it('remembers a fact at once, finds it by recall, and keeps one fact when told twice', () => {
    const before = g.store.counts();
    const first = remember(
      g.store,
      { text: 'The staging database is running on db-2.', entity: ['machine:db-2', 'staging database'], at: '2025-04-25' },
      { hasModel: false, now: NOW },
    );
    assert.equal(first.created, true);
    assert.equal(first.refine, 'offline-only');
    assert.ok(first.facts.length >= 1);
    const after1 = g.store.counts();
    assert.equal(after1.episodes, before.episodes + 1);

    const again = remember(g.store, { text: 'the staging database is running on db-2', entity: ['db-2'] }, { hasModel: false, now: NOW });
    assert.equal(again.created, false);
    assert.equal(again.episode_id, first.episode_id);
    assert.deepEqual(g.store.counts(), after1, 'nothing new: same episode, same facts');

    const r = recall(g.store, { query: 'which database does staging use?' }, NOW);
    assert.ok(ranked(g, 'which database does staging use?').includes('staging database'), ranked(g, 'which database does staging use?').join(', '));
    assert.match(JSON.stringify(r), /The staging database is running on db-2/);
    const item = g.store.queueItem(first.episode_id);
    assert.equal(item?.purpose, 'refine', 'queued for a model to refine');
    assert.equal(g.store.takeNext({ refine: false }), undefined, 'but never taken while no model is configured');
  });

  it('redacts a secret in a remembered fact before anything is stored', () => {
    const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const r = remember(g.store, { text: `The CI bot token for hermes is ${token}`, entity: ['hermes'] }, { hasModel: true, now: NOW });
    assert.equal(r.refine, 'queued');
    const raw = g.store.db.prepare(`SELECT text, summary FROM episodes WHERE id = ?`).get(r.episode_id) as { text: string; summary: string };
    assert.ok(!raw.text.includes(token) && !raw.summary.includes(token));
    assert.ok(!JSON.stringify(g.store.db.prepare(`SELECT text, value FROM facts`).all()).includes(token));
  });

  it('lists entities by type, shows a fact history, invalidates a fact and forgets an entity', () => {
    const machines = listEntities(g.store, { type: 'machine' });
    assert.deepEqual(machines.entities.map((e) => e.name).sort(), ['db-1', 'db-2', 'web-1', 'web-2']);
    const page = listEntities(g.store, { limit: 3 });
    assert.equal(page.entities.length, 3);
    const next = listEntities(g.store, { limit: 3, cursor: page.next_cursor! });
    assert.equal(
      next.entities.some((e) => page.entities.some((p) => p.id === e.id)),
      false,
    );

    const postgres = factsOfEntity(g.store, { entity: 'Postgres' }).facts.find((f) => f.relation === 'runs_on')!;
    assert.equal(postgres.target, 'db-1');
    const inv = invalidateFact(g.store, { fact: String(postgres.id), at: '2025-04-30' }, NOW);
    assert.equal(inv.changed, true);
    assert.equal(
      factsOfEntity(g.store, { entity: 'Postgres' }).facts.some((f) => f.id === postgres.id),
      false,
      'no longer current',
    );
    assert.ok(
      factsOfEntity(g.store, { entity: 'Postgres', all: true }).facts.some((f) => f.id === postgres.id),
      'kept in history',
    );
    assert.deepEqual(factsOf(recall(g.store, { query: 'Postgres', as_of: '2025-04-01' }, NOW), 'Postgres'), ['runs_on db-1'], 'and still true back then');

    const webpack = g.store.findEntity('webpack')!;
    const gone = forget(g.store, { entity: 'webpack' });
    assert.equal(gone.entities, 1);
    assert.ok(gone.facts >= 1);
    assert.equal(g.store.findEntity('webpack'), undefined);
    assert.equal(
      (g.store.db.prepare(`SELECT count(*) AS n FROM facts WHERE source_id = ? OR target_id = ?`).get(webpack.id, webpack.id) as { n: number }).n,
      0,
    );
    assert.equal(
      recall(g.store, { query: 'webpack' }, NOW).matches.some((m) => m.entity.name === 'webpack'),
      false,
      'nor found by full text',
    );
    assert.throws(() => factsOfEntity(g.store, { entity: 'webpack' }), /no entity 'webpack' in memory/);
  });

  it('forgets an episode, and on request the facts only it supports', () => {
    const r = remember(g.store, { text: 'Ana prefers squash merges on hermes.', entity: ['person:Ana'] }, { hasModel: false, now: NOW });
    const factIds = r.facts.map((f) => f.id);
    assert.ok(factIds.length > 0);
    const out = forget(g.store, { episode: r.episode_id.slice(0, 10), with_facts: true });
    assert.equal(out.episodes, 1);
    assert.equal(out.facts, factIds.length);
    for (const id of factIds) assert.equal(g.store.db.prepare(`SELECT id FROM facts WHERE id = ?`).get(id), undefined);
  });

  it('pages the graph around an entity: nodes breadth first, each edge once, between nodes already sent', () => {
    const whole = graph(g.store, { around: 'hermes', depth: 2, limit: 1000 });
    assert.equal(whole.nodes[0]!.name, 'hermes');
    assert.equal(whole.nodes[0]!.depth, 0);
    assert.equal(whole.page.has_more, false);
    const depths = whole.nodes.map((n) => n.depth!);
    assert.deepEqual(
      depths,
      [...depths].sort((a, b) => a - b),
    );

    const seen = new Set<number>();
    const edges = new Set<number>();
    let cursor: string | undefined;
    let pages = 0;
    do {
      const p = graph(g.store, { around: 'hermes', depth: 2, limit: 4, ...(cursor ? { cursor } : {}) });
      pages++;
      assert.ok(p.nodes.length <= 4);
      for (const n of p.nodes) seen.add(n.id);
      for (const e of p.edges) {
        assert.ok(!edges.has(e.id), `edge ${e.id} sent twice`);
        edges.add(e.id);
        assert.ok(seen.has(e.source) && seen.has(e.target), 'an edge joins nodes the view already has');
      }
      cursor = p.page.next_cursor;
    } while (cursor);
    assert.ok(pages > 1);
    assert.deepEqual([...seen].sort(), whole.nodes.map((n) => n.id).sort());
    assert.deepEqual([...edges].sort(), whole.edges.map((e) => e.id).sort());

    const recent = graph(g.store, { limit: 5 });
    assert.equal(recent.nodes.length, 5);
    assert.equal(recent.center, undefined);
  });

  it('draws the graph as of a time: nothing before the first session, then only what sessions up to then mentioned', () => {
    const all = graph(g.store, { limit: 1000 });
    assert.ok(all.nodes.length > 5);
    const before = graph(g.store, { limit: 1000, as_of: '2020-01-01' });
    assert.deepEqual(before.nodes, [], 'no entity existed in 2020');
    assert.equal(before.page.total, 0);
    // After the first hermes session (2025-01-10) and before the next (2025-02-03): hermes, not atlas (2025-04-20).
    const early = graph(g.store, { limit: 1000, as_of: '2025-01-20' });
    const names = early.nodes.map((n) => n.name);
    assert.ok(names.includes('hermes'), names.join(', '));
    assert.ok(!names.includes('atlas'), names.join(', '));
    assert.ok(early.nodes.length < all.nodes.length);
    assert.equal(early.page.total, early.nodes.length);
  });

  it('the fixtures are the ones described in SOURCES.md', () => {
    assert.ok(fs.readFileSync(`${FIXTURES}/../SOURCES.md`, 'utf8').includes('recall/'));
  });
});
