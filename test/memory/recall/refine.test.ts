// A remembered fact is resolved offline at once and waits in the queue as a
// refine: skipped while no model is configured, taken by the worker once one
// is, and a model that fails leaves the offline facts and the episode as they
// were (the queue row is failed and retryable, never the episode).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { ExtractionChain, ExtractionWorker, OfflineProvider, ProviderFailedError, type ExtractReply, type ExtractRequest, type Provider } from '../../../daemon/memory/extract';
import { remember } from '../../../daemon/memory/remember';
import { MemoryStore } from '../../../daemon/memory/store';
import { tempDir } from '../../helpers';

class Model implements Provider {
  readonly name = 'model';
  readonly type = 'openai' as const;
  readonly usesModel = true;
  readonly timeoutMs = 10_000;
  readonly cooldownMs = 0;
  seen: string[] = [];
  constructor(private readonly ok: boolean) {}
  extract(req: ExtractRequest): Promise<ExtractReply> {
    this.seen.push(req.episode.id);
    if (!this.ok) return Promise.reject(new ProviderFailedError(this.name, 'model is down'));
    return Promise.resolve({
      tokens: 50,
      extraction: {
        entities: [{ name: 'hermes-api', type: 'service', aliases: ['the Hermes API'] }, { name: 'web-2', type: 'machine' }],
        facts: [{ source: 'hermes-api', relation: 'deployed on', target: 'web-2', fact: 'The Hermes API runs on web-2', confidence: 0.95 }],
      },
    });
  }
}

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

    const model = new Model(true);
    const worker = new ExtractionWorker(store, new ExtractionChain([model, new OfflineProvider()], store), { deadlineMs: 10_000 });
    assert.equal((await worker.drain()).extracted, 1);
    assert.deepEqual(model.seen, [r.episode_id]);
    assert.equal(store.queueItem(r.episode_id)?.status, 'done');
    assert.equal(store.episode(r.episode_id)?.extractedBy, 'model');
    assert.ok(store.findEntity('the Hermes API'), 'the model gave an alias');
    const facts = store.factsOf(store.findEntity('hermes-api')!.id);
    assert.ok(facts.some((f) => f.relation === 'note'), 'the offline note stays');
    assert.ok(facts.some((f) => f.relation === 'deployed_on'));
  });

  it('a failing model leaves the offline facts and the episode done; the refine is failed and retryable', async () => {
    const r = remember(store, { text: 'Backups of ledger go to the NAS every night.', entity: ['ledger'] }, { hasModel: true });
    const factsBefore = store.counts().facts;
    const worker = new ExtractionWorker(store, new ExtractionChain([new Model(false), new OfflineProvider()], store), { deadlineMs: 10_000 });
    const counts = await worker.drain();
    assert.equal(counts.failed, 1);
    assert.equal(store.episode(r.episode_id)?.extraction, 'done');
    assert.equal(store.queueItem(r.episode_id)?.status, 'failed');
    assert.equal(store.counts().facts, factsBefore);
    assert.equal(store.retryFailed(), 1);
    assert.equal(store.queueItem(r.episode_id)?.status, 'pending');
  });
});
