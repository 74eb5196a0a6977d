// The memory store on a real SQLite file: idempotent episodes, cursor and
// episodes in one transaction, FTS kept in sync, bi-temporal supersede,
// provenance for restated facts, and the resolution rules end to end.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { MemoryStore, type Cursor } from '../../../daemon/memory/store';
import type { Extraction } from '../../../daemon/memory/extract/schema';
import { tempDir } from '../../helpers';
import { draft } from '../extract/episodes';

function ent(name: string, type: Extraction['entities'][number]['type'], aliases?: string[]): Extraction['entities'][number] {
  return { name, type, ...(aliases ? { aliases } : {}) };
}
function fact(source: string, relation: string, target: string, text: string, extra: Partial<Extraction['facts'][number]> = {}): Extraction['facts'][number] {
  return { source, relation, target, fact: text, confidence: 0.9, ...extra };
}

describe('MemoryStore', () => {
  let dir: string;
  let store: MemoryStore;
  let clock: Date;

  beforeEach(() => {
    dir = tempDir('memstore');
    clock = new Date('2025-06-01T00:00:00.000Z');
    store = new MemoryStore(path.join(dir, 'memory', 'memory.db'), { now: () => clock });
  });
  afterEach(() => store.close());

  const fts = (table: string, query: string): number[] =>
    (store.db.prepare(`SELECT rowid FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid`).all(query) as Array<{ rowid: number }>).map((r) => r.rowid);

  it('stores an episode once and queues it in the same write', () => {
    const d = draft('user: hello\nassistant: hi');
    assert.equal(store.addEpisode(d), true);
    assert.equal(store.addEpisode(d), false);
    assert.equal(store.addEpisode({ ...d, text: 'changed' }), false, 'the id decides, not the text');
    const c = store.counts();
    assert.equal(c.episodes, 1);
    assert.equal(c.pending, 1);
    assert.equal(store.episode(d.id)?.text, 'user: hello\nassistant: hi');
    assert.equal(store.takeNext()?.episodeId, d.id);
  });

  it('reopens an existing file without migrating it again', () => {
    store.addEpisode(draft('user: keep me'));
    store.close();
    store = new MemoryStore(path.join(dir, 'memory', 'memory.db'), { now: () => clock });
    assert.equal(store.counts().episodes, 1);
    assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(store.db.pragma('foreign_keys', { simple: true }), 1);
  });

  it('commits episodes and their cursor together, or neither', () => {
    const file = '/home/ana/.claude/projects/x/s.jsonl';
    const a = draft('user: one', { sourcePath: file, lineStart: 1, lineEnd: 10 });
    const b = draft('user: two', { sourcePath: file, lineStart: 10, lineEnd: 20 });
    const cursor: Cursor = { path: file, source: 'claude', size: 2000, mtimeMs: 1, offset: 2000, lastLine: 20 };
    assert.deepEqual(store.commitEpisodes([a, b], cursor), { added: 2, existing: 0 });
    assert.equal(store.getCursor(file, 'claude')?.offset, 2000);

    // A failure in the middle of the batch (here: a cursor that cannot be written) rolls back the new episode too.
    const c = draft('user: three', { sourcePath: file, lineStart: 20, lineEnd: 30 });
    const broken = { ...cursor, offset: 3000, size: undefined } as unknown as Cursor;
    assert.throws(() => store.commitEpisodes([c], broken));
    assert.equal(store.episode(c.id), undefined);
    assert.equal(store.getCursor(file, 'claude')?.offset, 2000);

    // Re-reading from the old cursor after a crash creates nothing new.
    assert.deepEqual(store.commitEpisodes([b, c], { ...cursor, offset: 3000, size: 3000, lastLine: 30 }), { added: 1, existing: 1 });
    assert.equal(store.counts().episodes, 3);
    store.deleteCursor(file, 'claude');
    assert.equal(store.getCursor(file, 'claude'), undefined);
  });

  it('keeps FTS over names, aliases, fact text and summaries in sync', () => {
    const d = draft('user: where does hermes run', { summary: 'Checked the Hermes deployment' });
    store.addEpisode(d);
    assert.deepEqual(fts('episodes_fts', 'deployment'), [1]);
    store.applyExtraction(
      d.id,
      {
        entities: [ent('Hermes', 'service', ['hermes-api']), ent('web-1', 'machine')],
        facts: [fact('Hermes', 'hosted on', 'web-1', 'The Hermes API is hosted on the web-1 box')],
        summary: 'Moved Hermes onto a bigger instance',
      },
      'anthropic',
    );
    const hermes = store.findEntity('hermes-api', 'service')!;
    assert.ok(hermes);
    assert.deepEqual(fts('entities_fts', 'hermes'), [hermes.id]);
    assert.deepEqual(fts('entities_fts', '"hermes-api"'), [hermes.id], 'aliases are searchable');
    assert.equal(fts('facts_fts', 'box').length, 1);
    assert.deepEqual(fts('episodes_fts', 'deployment'), [], 'the old summary is gone from the index');
    assert.deepEqual(fts('episodes_fts', 'instance'), [1]);

    // A later alias reaches the index too.
    const d2 = draft('user: hermes again');
    store.addEpisode(d2);
    store.applyExtraction(d2.id, { entities: [ent('Hermes', 'service', ['Hermes gateway'])], facts: [] }, 'offline');
    assert.deepEqual(fts('entities_fts', 'gateway'), [hermes.id]);
    assert.equal(store.counts().done, 2);
    assert.equal(store.episode(d2.id)?.extraction, 'done');
  });

  it('closes a functional fact when a new target arrives, deleting nothing', () => {
    const jan = draft('user: deploy', { occurredAt: '2025-01-01T00:00:00.000Z' });
    const feb = draft('user: move', { occurredAt: '2025-02-01T00:00:00.000Z' });
    const dec = draft('user: old notes', { occurredAt: '2024-12-01T00:00:00.000Z' });
    for (const d of [jan, feb, dec]) store.addEpisode(d);
    const on = (machine: string): Extraction => ({
      entities: [ent('Hermes', 'service'), ent(machine, 'machine')],
      facts: [fact('Hermes', 'deployed_on', machine, `Hermes runs on ${machine}`)],
    });

    store.applyExtraction(jan.id, on('web-1'), 'anthropic');
    clock = new Date('2025-06-02T00:00:00.000Z');
    const r = store.applyExtraction(feb.id, on('web-2'), 'anthropic');
    assert.equal(r.factsSuperseded, 1);
    const hermes = store.findEntity('Hermes')!;
    const all = store.factsOf(hermes.id, { all: true });
    assert.equal(all.length, 2);
    const [old, cur] = all;
    assert.equal(old!.validTo, '2025-02-01T00:00:00.000Z');
    assert.equal(old!.expiredAt, '2025-06-02T00:00:00.000Z');
    assert.equal(old!.supersededBy, cur!.id);
    assert.equal(cur!.validTo, undefined);
    assert.deepEqual(
      store.factsOf(hermes.id).map((f) => f.id),
      [cur!.id],
    );

    // An older episode extracted late is recorded but closed by what came after it.
    const late = store.applyExtraction(dec.id, on('web-0'), 'anthropic');
    assert.equal(late.factsSuperseded, 0);
    const web0 = store.factsOf(hermes.id, { all: true }).find((f) => f.text.includes('web-0'))!;
    assert.equal(web0.validFrom, '2024-12-01T00:00:00.000Z');
    assert.equal(web0.validTo, '2025-01-01T00:00:00.000Z');
    assert.deepEqual(
      store.factsOf(hermes.id).map((f) => f.id),
      [cur!.id],
      'web-2 is still the current fact',
    );
  });

  it('supersedes a non-functional fact only when told which one', () => {
    const a = draft('a', { occurredAt: '2025-01-01T00:00:00.000Z' });
    const b = draft('b', { occurredAt: '2025-02-01T00:00:00.000Z' });
    const c = draft('c', { occurredAt: '2025-03-01T00:00:00.000Z' });
    for (const d of [a, b, c]) store.addEpisode(d);
    store.applyExtraction(
      a.id,
      { entities: [ent('billing', 'service'), ent('MySQL', 'tool')], facts: [fact('billing', 'uses', 'MySQL', 'billing stores data in MySQL')] },
      'x',
    );
    store.applyExtraction(
      b.id,
      { entities: [ent('billing', 'service'), ent('Redis', 'tool')], facts: [fact('billing', 'uses', 'Redis', 'billing caches in Redis')] },
      'x',
    );
    const billing = store.findEntity('billing')!;
    assert.equal(store.factsOf(billing.id).length, 2, 'uses is not functional: both hold');
    store.applyExtraction(
      c.id,
      {
        entities: [ent('billing', 'service'), ent('Postgres', 'tool')],
        facts: [fact('billing', 'uses', 'Postgres', 'billing moved to Postgres', { supersedes: 'mysql' })],
      },
      'x',
    );
    const current = store
      .factsOf(billing.id)
      .map((f) => f.text)
      .sort();
    assert.deepEqual(current, ['billing caches in Redis', 'billing moved to Postgres']);
    assert.equal(store.factsOf(billing.id, { all: true }).length, 3);
  });

  it('gives a restated fact provenance instead of a copy', () => {
    const a = draft('a');
    const b = draft('b', { occurredAt: '2025-04-01T00:00:00.000Z' });
    store.addEpisode(a);
    store.addEpisode(b);
    const x: Extraction = {
      entities: [ent('Hermes', 'project'), ent('Postgres', 'tool')],
      facts: [fact('Hermes', 'depends on', 'Postgres', 'Hermes needs Postgres', { confidence: 0.5 })],
    };
    store.applyExtraction(a.id, x, 'offline');
    const again = store.applyExtraction(
      b.id,
      { ...x, facts: [{ ...x.facts[0]!, relation: 'requires', fact: 'Hermes requires PostgreSQL 16', confidence: 0.8 }] },
      'anthropic',
    );
    assert.equal(again.factsRestated, 1);
    assert.equal(again.factsCreated, 0);
    const hermes = store.findEntity('Hermes', 'project')!;
    const facts = store.factsOf(hermes.id, { all: true });
    assert.equal(facts.length, 1);
    assert.equal(facts[0]!.relation, 'depends_on');
    assert.equal(facts[0]!.confidence, 0.8);
    assert.deepEqual(store.factEpisodes(facts[0]!.id).sort(), [a.id, b.id].sort());
    // Applying the same extraction again is a no-op.
    store.applyExtraction(b.id, x, 'anthropic');
    assert.equal(store.factsOf(hermes.id, { all: true }).length, 1);
    assert.equal(store.factEpisodes(facts[0]!.id).length, 2);
  });

  it('keeps failed episodes and retries them on request', () => {
    const d = draft('x');
    store.addEpisode(d);
    store.failExtraction(d.id, 'anthropic: HTTP 500', ['anthropic']);
    assert.equal(store.takeNext(), undefined);
    assert.equal(store.counts().failed, 1);
    assert.equal(store.episode(d.id)?.extraction, 'failed');
    assert.equal(store.retryFailed(), 1);
    const item = store.takeNext()!;
    assert.equal(item.episodeId, d.id);
    assert.equal(item.attempts, 1);
    assert.deepEqual(item.providersTried, ['anthropic']);
  });

  it('defers an episode until its time comes', () => {
    const d = draft('x');
    store.addEpisode(d);
    store.deferExtraction(d.id, new Date('2025-06-01T00:10:00.000Z'), 'cooling down');
    assert.equal(store.takeNext(), undefined);
    assert.equal(store.nextAttemptAt(), '2025-06-01T00:10:00.000Z');
    clock = new Date('2025-06-01T00:10:00.000Z');
    assert.equal(store.takeNext()?.episodeId, d.id);
  });
});

// Resolution through the store: which spellings become one entity and which never become one.
describe('resolution in the graph', () => {
  let store: MemoryStore;
  beforeEach(() => {
    store = new MemoryStore(path.join(tempDir('resolve'), 'memory.db'));
  });
  afterEach(() => store.close());

  const apply = (entities: Extraction['entities'], facts: Extraction['facts'] = []): ReturnType<MemoryStore['applyExtraction']> => {
    const d = draft(`episode ${Math.random()}`);
    store.addEpisode(d);
    return store.applyExtraction(d.id, { entities, facts }, 'test');
  };
  const entityCount = (): number => store.counts().entities;

  const merges: Array<[string, Extraction['entities'], Extraction['entities']]> = [
    ['article and type word', [ent('Hermes', 'project')], [ent('the Hermes agent', 'project')]],
    ['case and quotes', [ent('Hermes', 'service')], [ent('`hermes`', 'service')]],
    ['an alias given earlier', [ent('Postgres', 'tool', ['PostgreSQL'])], [ent('postgresql', 'tool')]],
    ['an alias given later', [ent('k8s', 'tool')], [ent('Kubernetes', 'tool', ['k8s'])]],
    // Issue 36: one name is one entity, whatever types it was seen with.
    ['same name, different types', [ent('Hermes', 'project')], [ent('Hermes', 'service')]],
  ];
  for (const [why, first, second] of merges) {
    it(`merges: ${why}`, () => {
      apply(first);
      const r = apply(second);
      assert.equal(r.entitiesMerged, 1);
      assert.equal(entityCount(), 1);
    });
  }

  const separate: Array<[string, Extraction['entities'], Extraction['entities']]> = [['different names', [ent('web-1', 'machine')], [ent('web-2', 'machine')]]];
  for (const [why, first, second] of separate) {
    it(`does not merge: ${why}`, () => {
      apply(first);
      apply(second);
      assert.equal(entityCount(), 2);
    });
  }

  const dropped = [
    'server',
    'the app',
    'database',
    'project',
    'API',
    '/tmp/build-3f9c',
    '123e4567-e89b-12d3-a456-426614174000',
    '9f8e7d6c5b4a',
    ':8080',
    'localhost:3000',
    'main',
    'in-progress',
    '1.4.2',
    '42',
    'd744dd',
    'a0b611',
    'cmd1bmpn3004c1014jynp7m1a',
    'agent-xxx',
    'agent-abc123',
  ];
  for (const name of dropped) {
    it(`is never an entity: ${name}`, () => {
      const r = apply([ent(name, 'concept')]);
      assert.equal(entityCount(), 0);
      assert.equal(r.dropped.length, 1);
    });
  }

  it('keeps values and non-entities as a fact attribute', () => {
    apply(
      [ent('Hermes', 'project'), ent('main', 'concept')],
      [
        fact('Hermes', 'status', 'in-progress', 'Hermes migration is in progress'),
        fact('Hermes', 'version', '2.3.0', 'Hermes is at 2.3.0'),
        fact('Hermes', 'located_at', '/tmp/hermes-x', 'a temp checkout'),
        fact('server', 'uses', 'Hermes', 'generic source: dropped'),
      ],
    );
    const hermes = store.findEntity('Hermes')!;
    const facts = store.factsOf(hermes.id);
    assert.deepEqual(facts.map((f) => [f.relation, f.value, f.targetId]).sort(), [
      ['located_at', '/tmp/hermes-x', undefined],
      ['status', 'in-progress', undefined],
      ['version', '2.3.0', undefined],
    ]);
    assert.equal(entityCount(), 1);
  });

  it('closes a status value when a new one arrives', () => {
    apply([ent('Hermes', 'project')], [fact('Hermes', 'status', 'in-progress', 'started', { valid_from: '2025-01-01T00:00:00.000Z' })]);
    apply(
      [ent('Hermes', 'project')],
      [{ source: 'Hermes', relation: 'state', value: 'done', fact: 'finished', confidence: 1, valid_from: '2025-02-01T00:00:00.000Z' }],
    );
    const hermes = store.findEntity('Hermes')!;
    assert.deepEqual(
      store.factsOf(hermes.id).map((f) => f.value),
      ['done'],
    );
    assert.equal(store.factsOf(hermes.id, { all: true }).length, 2);
  });
});
