// The graph the recall tests ask: the written sessions under
// test/fixtures/memory/recall ingested in the order they happened, each
// drained through the real extraction chain before the next (so later
// sessions see the earlier ones' names in their glossary, as in a daemon).
// The chain is a model at the edge of the machine, answering one session
// with a canned reply (the aliases and types a model would give; offline
// never invents aliases), then the real offline extractor for every other.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ingestFile } from '../../../daemon/memory/ingest';
import { ExtractionChain, ExtractionWorker, OfflineProvider } from '../../../daemon/memory/extract';
import type { Extraction } from '../../../daemon/memory/extract/schema';
import { MemoryStore } from '../../../daemon/memory/store';
import { ROOT, tempDir } from '../../helpers';
import { CannedModel } from '../canned-model';

export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory', 'recall');

/** What a model answers for the first hermes session (2025-01-10). */
export const MODEL_REPLY: Extraction = {
  entities: [
    { name: 'hermes', type: 'project' },
    {
      name: 'hermes-api',
      type: 'service',
      aliases: ['Hermes API', 'the hermes service'],
      description: 'The HTTP API of the hermes project, a systemd unit behind nginx',
    },
    { name: 'web-1', type: 'machine', aliases: ['the deploy box'] },
    { name: 'nginx', type: 'tool' },
    { name: 'keep the API on web-1 until the Postgres migration is done', type: 'decision' },
  ],
  facts: [
    { source: 'hermes-api', relation: 'hosted on', target: 'web-1', fact: 'The Hermes API (hermes-api) is deployed on web-1 behind nginx', confidence: 0.9 },
    {
      source: 'hermes-api',
      relation: 'uses',
      target: 'nginx',
      fact: 'hermes-api is served through nginx, which needs a reload after a release',
      confidence: 0.8,
    },
    { source: 'hermes', relation: 'contains', target: 'hermes-api', fact: 'The hermes project ships the hermes-api service', confidence: 0.9 },
    {
      source: 'hermes',
      relation: 'decided',
      target: 'keep the API on web-1 until the Postgres migration is done',
      fact: 'We decided to keep the API on web-1 until the Postgres migration is done',
      confidence: 0.9,
    },
  ],
  summary: 'Hermes API 502s: nginx on web-1 had a stale upstream; reloaded. The API stays on web-1 until the Postgres migration.',
};

/** Every fixture source in the order it happened (the session's first line, a seed's date). */
export function fixtureFiles(): Array<{ kind: 'claude' | 'seed'; path: string; at: string }> {
  const out: Array<{ kind: 'claude' | 'seed'; path: string; at: string }> = [];
  const claude = path.join(FIXTURES, 'claude');
  for (const dir of fs.readdirSync(claude)) {
    for (const f of fs.readdirSync(path.join(claude, dir))) {
      const file = path.join(claude, dir, f);
      const first = JSON.parse(fs.readFileSync(file, 'utf8').split('\n')[0]!) as { timestamp: string };
      out.push({ kind: 'claude', path: file, at: first.timestamp });
    }
  }
  for (const f of fs.readdirSync(path.join(FIXTURES, 'seed'))) {
    const file = path.join(FIXTURES, 'seed', f);
    const date = /^date: (\S+)$/m.exec(fs.readFileSync(file, 'utf8'))![1]!;
    out.push({ kind: 'seed', path: file, at: new Date(date).toISOString() });
  }
  return out.sort((a, b) => a.at.localeCompare(b.at));
}

export interface FixtureGraph {
  store: MemoryStore;
  home: string;
  close(): void;
}

/** `now` is a clock the test controls (recall's recency and remember's time read it). */
export async function fixtureGraph(now: () => Date = () => new Date('2025-05-01T12:00:00.000Z')): Promise<FixtureGraph> {
  const home = tempDir('recall');
  const store = new MemoryStore(path.join(home, 'memory', 'memory.db'), { now });
  const chain = new ExtractionChain(
    [
      new CannedModel('canned-model', (req) =>
        req.episode.sessionId === '11111111-aaaa-4000-8000-000000000001' ? { extraction: structuredClone(MODEL_REPLY), tokens: 500 } : undefined,
      ),
      new OfflineProvider(),
    ],
    store,
    { now },
  );
  const worker = new ExtractionWorker(store, chain, { deadlineMs: 30_000, now });
  for (const f of fixtureFiles()) {
    const r = await ingestFile(store, f.kind, f.path, { home });
    if (r.outcome !== 'ingested') throw new Error(`fixture ${f.path} was not ingested: ${r.outcome} ${r.error ?? ''}`);
    await worker.drain();
  }
  return {
    store,
    home,
    close: () => {
      store.close();
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
