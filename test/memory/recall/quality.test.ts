// The recall-quality check as a test: every question that names its entity
// finds it in the first five, and most that do not still find it through fact
// text and episode summaries. `npm run bench` prints the same figures.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { QUESTIONS, recallQuality } from '../../bench/recall-quality';
import { fixtureGraph, type FixtureGraph } from './fixture-graph';

const NOW = new Date('2025-05-01T12:00:00.000Z');

describe('recall quality on the fixture questions', () => {
  let g: FixtureGraph;
  before(async () => {
    g = await fixtureGraph(() => NOW);
  });
  after(() => g.close());

  it('has at least 30 questions, each labelled by whether it names its entity, each entity in the graph', () => {
    assert.ok(QUESTIONS.length >= 30);
    for (const q of QUESTIONS) {
      assert.ok(
        g.store.findEntity(q.expect) !== undefined || g.store.db.prepare(`SELECT 1 FROM entities WHERE name = ?`).get(q.expect) !== undefined,
        `'${q.expect}' is an entity of the fixture graph`,
      );
      const spellings = [q.expect, ...(g.store.findEntity(q.expect)?.aliases ?? [])].map((s) => s.toLowerCase());
      assert.equal(
        spellings.some((s) => q.q.toLowerCase().includes(s)),
        q.names,
        `"${q.q}" ${q.names ? 'names' : 'does not name'} ${q.expect}`,
      );
    }
  });

  it('recall@5: every named entity, and at least 80% of the unnamed ones', () => {
    const r = recallQuality(g.store, NOW);
    assert.equal(r.named.hits, r.named.total, JSON.stringify(r.misses));
    assert.ok(r.unnamed.hits / r.unnamed.total >= 0.8, JSON.stringify(r.misses));
  });
});
