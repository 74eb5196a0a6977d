// A remembered fact is resolved offline at once and waits in the queue as a
// refine: skipped while no model is configured, taken by the worker once one
// is, and a model that fails leaves the offline facts and the episode as they
// were (the queue row is failed and retryable, never the episode).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ExtractionChain, ExtractionWorker, OfflineProvider, type ExtractReply } from '../../../daemon/memory/extract';
import { ingestFile } from '../../../daemon/memory/ingest';
import { remember } from '../../../daemon/memory/remember';
import { MemoryStore } from '../../../daemon/memory/store';
import Database from 'better-sqlite3';
import { ROOT, tempDir } from '../../helpers';
import { CannedModel } from '../canned-model';

const MODEL_REPLY: ExtractReply = {
  tokens: 50,
  extraction: {
    entities: [
      { name: 'hermes-api', type: 'service', aliases: ['the Hermes API'] },
      { name: 'web-2', type: 'machine' },
    ],
    facts: [{ source: 'hermes-api', relation: 'deployed on', target: 'web-2', fact: 'The Hermes API runs on web-2', confidence: 0.95 }],
  },
};
/** A model that answers every episode, or one that is down. */
const modelThat = (up: boolean): CannedModel => new CannedModel('model', () => (up ? structuredClone(MODEL_REPLY) : undefined));

describe('remember, then a model refines it from the queue', () => {
  let dir: string;
  let store: MemoryStore;
  beforeEach(() => {
    dir = tempDir('refine');
    store = new MemoryStore(path.join(dir, 'memory.db'));
  });
  afterEach(() => {
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('waits while only offline runs, and a model refines it: aliases and a typed entity join the offline facts', async () => {
    const r = remember(store, { text: 'The Hermes API runs on web-2 now.', entity: ['hermes-api'] }, { hasModel: false });
    assert.equal(store.queueItem(r.episode_id)?.purpose, 'refine');
    const offlineOnly = new ExtractionWorker(store, new ExtractionChain([new OfflineProvider()], store), { deadlineMs: 10_000 });
    assert.deepEqual(await offlineOnly.drain(), { extracted: 0, failed: 0, deferred: 0, empty: 1 }, 'offline already ran; nothing to take');

    const model = modelThat(true);
    const worker = new ExtractionWorker(store, new ExtractionChain([model, new OfflineProvider()], store), { deadlineMs: 10_000 });
    assert.equal((await worker.drain()).extracted, 1);
    assert.deepEqual(model.seen, [r.episode_id]);
    assert.equal(store.queueItem(r.episode_id)?.status, 'done');
    assert.equal(store.episode(r.episode_id)?.extractedBy, 'model');
    assert.ok(store.findEntity('the Hermes API'), 'the model gave an alias');
    const facts = store.factsOf(store.findEntity('hermes-api')!.id);
    assert.ok(
      facts.some((f) => f.relation === 'note'),
      'the offline note stays',
    );
    assert.ok(facts.some((f) => f.relation === 'deployed_on'));
  });

  it('a failing model leaves the offline facts and the episode done; the refine is failed and retryable', async () => {
    const r = remember(store, { text: 'Backups of ledger go to the NAS every night.', entity: ['ledger'] }, { hasModel: true });
    const factsBefore = store.counts().facts;
    const worker = new ExtractionWorker(store, new ExtractionChain([modelThat(false), new OfflineProvider()], store), { deadlineMs: 10_000 });
    const counts = await worker.drain();
    assert.equal(counts.failed, 1);
    assert.equal(store.episode(r.episode_id)?.extraction, 'done');
    assert.equal(store.queueItem(r.episode_id)?.status, 'failed');
    assert.equal(store.counts().facts, factsBefore);
    assert.equal(store.retryFailed(), 1);
    assert.equal(store.queueItem(r.episode_id)?.status, 'pending');
  });

  it('sessions read offline before a model was configured: those since the cut-off are queued for the model to refine, older ones are not', async () => {
    const real = path.join(ROOT, 'test', 'fixtures', 'memory', 'claude', 'real');
    for (const f of ['jnarowski-full-session-four.jsonl', 'd-kimuson-5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl', 'marot-subagent.jsonl']) {
      const r = await ingestFile(store, 'claude', path.join(real, f), { home: dir, extract: { refine: false } });
      assert.equal(r.outcome, 'ingested', `${f}: ${r.error ?? r.outcome}`);
    }
    const db = new Database(store.file, { readonly: true });
    const episodes = db.prepare('SELECT id, occurred_at AS at, extracted_by AS by FROM episodes ORDER BY occurred_at').all() as Array<{
      id: string;
      at: string;
      by: string;
    }>;
    db.close();
    assert.ok(episodes.length >= 3, `episodes: ${episodes.length}`);
    assert.deepEqual([...new Set(episodes.map((e) => e.by))], ['offline']);
    assert.equal(store.queueItem(episodes[0]!.id)?.status, 'done', 'done offline, nothing pending');
    // The cut-off falls inside the sessions' span: the later ones are refined.
    const cut = episodes[Math.floor(episodes.length / 2)]!.at;
    const want = episodes
      .filter((e) => e.at >= cut)
      .map((e) => e.id)
      .sort();
    assert.notEqual(want.length, episodes.length);
    assert.equal(store.refineOfflineSince(cut), want.length);
    const model = modelThat(true);
    const worker = new ExtractionWorker(store, new ExtractionChain([model, new OfflineProvider()], store), { deadlineMs: 10_000 });
    assert.equal((await worker.drain()).extracted, want.length);
    assert.deepEqual([...model.seen].sort(), want);
    for (const id of want) assert.equal(store.episode(id)?.extractedBy, 'model');
    // Refined once: a restart with the model queues nothing again.
    assert.equal(store.refineOfflineSince(cut), 0);
  });
});
