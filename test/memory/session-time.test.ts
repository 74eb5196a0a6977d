// Time that is true: real public transcripts from 2025 and 2026, ingested
// into a real store whose clock says years later, keep the sessions' own
// time in every place memory says "when": episodes, entities, facts,
// orientation, the graph view and as-of. Ingest time is bookkeeping only.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ExtractionChain, ExtractionWorker, OfflineProvider, type Extraction } from '../../daemon/memory/extract';
import { graph } from '../../daemon/memory/graph';
import { ingestFile } from '../../daemon/memory/ingest';
import { orient } from '../../daemon/memory/orient';
import { recall } from '../../daemon/memory/recall';
import { MemoryStore } from '../../daemon/memory/store';
import { MIGRATIONS, SCHEMA_VERSION } from '../../daemon/memory/store/schema';
import { openDatabase } from '../../daemon/sqlite';
import { tempDir } from '../helpers';
import { CannedModel } from './canned-model';
const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'memory');

/** The store's clock: long after every session. */
const LATER = new Date('2031-03-01T09:00:00.000Z');

interface Session {
  kind: 'claude' | 'codex';
  fixture: string;
  /** The cwd the transcript records, pointed at a real git folder of this name so orientation finds the repository. */
  cwd: string;
  project: string;
  /** The session's first turn, as the transcript times it. */
  at: string;
}

// Ingested newest first, so an older session extracted later must not move anything's time forward or back.
const SESSIONS: Session[] = [
  {
    kind: 'codex',
    fixture: 'codex/real/daaain-rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl',
    cwd: '/workspace/synthetic-project',
    project: 'charlie',
    at: '2026-01-02T03:04:07.000Z',
  },
  { kind: 'claude', fixture: 'claude/real/simonw-sample_session.jsonl', cwd: '/project', project: 'greeter', at: '2025-12-24T10:00:00.000Z' },
  { kind: 'claude', fixture: 'claude/real/daaain-edge_cases.jsonl', cwd: '/tmp', project: 'bravo', at: '2025-06-14T11:00:00.000Z' },
  // A long Codex session: two episodes, one session.
  {
    kind: 'codex',
    fixture: 'codex/real/jnarowski-rollout-2025-09-24T19-22-20-01997e76-d124-7592-9cac-2ec05abbca08.jsonl',
    cwd: '/Users/jnarowski/Dev/spectora/src/spectora-labs-monorepo-v2',
    project: 'spectora',
    at: '2025-09-25T01:22:20.068Z',
  },
];

/** What a model answers for the two Claude sessions (the Codex one goes to the offline extractor). */
function reply(project: string): Extraction | undefined {
  if (project === 'greeter') {
    return {
      entities: [
        { name: 'greeter', type: 'project' },
        { name: 'git', type: 'tool' },
      ],
      facts: [
        { source: 'greeter', relation: 'uses', target: 'git', fact: 'greeter commits its work with git', confidence: 0.8 },
        // A model's own time in another form: stored in the one form, so it compares with the session's.
        {
          source: 'greeter',
          relation: 'status',
          value: 'hello function committed',
          fact: 'The hello function is committed',
          confidence: 0.8,
          valid_from: '2025-12-24T11:00:00+01:00',
        },
      ],
    };
  }
  if (project === 'bravo') {
    return {
      entities: [
        { name: 'bravo', type: 'project' },
        { name: 'git', type: 'tool' },
        { name: 'CSS', type: 'tool' },
      ],
      facts: [
        { source: 'bravo', relation: 'uses', target: 'CSS', fact: 'bravo wraps long text with CSS', confidence: 0.8 },
        { source: 'bravo', relation: 'uses', target: 'git', fact: 'bravo is kept in git', confidence: 0.7 },
      ],
    };
  }
  return undefined;
}

describe('session time, not ingest time, on real transcripts', () => {
  const home = tempDir('session-time');
  const repos = new Map<string, string>();
  let store: MemoryStore;

  before(async () => {
    store = new MemoryStore(path.join(home, 'memory', 'memory.db'), { now: () => LATER });
    const model = new CannedModel('canned-model', (req) => {
      const x = reply([...repos].find(([, r]) => r === req.episode.repoRoot)?.[0] ?? '');
      return x ? { extraction: x, tokens: 100 } : undefined;
    });
    const chain = new ExtractionChain([model, new OfflineProvider()], store, { now: () => LATER });
    const worker = new ExtractionWorker(store, chain, { deadlineMs: 30_000, now: () => LATER });
    for (const s of SESSIONS) {
      const repo = path.join(tempDir('session-time-repo'), s.project);
      fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
      repos.set(s.project, repo);
      // The real transcript, with only its cwd pointed at a folder that exists here.
      const text = fs.readFileSync(path.join(FIXTURES, s.fixture), 'utf8').replace(new RegExp(`"cwd": ?"${s.cwd}"`, 'g'), `"cwd":${JSON.stringify(repo)}`);
      const file = path.join(repo, path.basename(s.fixture));
      fs.writeFileSync(file, text);
      const r = await ingestFile(store, s.kind, file, { home, now: () => LATER.getTime() });
      assert.equal(r.outcome, 'ingested', `${s.fixture}: ${r.outcome} ${r.error ?? ''}`);
      await worker.drain();
    }
  });
  after(() => {
    store.close();
    fs.rmSync(home, { recursive: true, force: true });
    for (const r of repos.values()) fs.rmSync(path.dirname(r), { recursive: true, force: true });
  });

  const sessionAt = (project: string): string => SESSIONS.find((s) => s.project === project)!.at;
  /** When each stored episode happened: every time memory shows must be one of these. */
  const episodeTimes = (): Set<string> =>
    new Set((store.db.prepare('SELECT occurred_at FROM episodes').all() as Array<{ occurred_at: string }>).map((r) => r.occurred_at));
  const laterThanEverySession = (iso: string): boolean => iso >= '2027';

  it('stores each episode at its session time; ingest time is only bookkeeping', () => {
    const rows = store.db.prepare('SELECT repo_root, occurred_at, ingested_at FROM episodes ORDER BY occurred_at').all() as Array<{
      repo_root: string;
      occurred_at: string;
      ingested_at: string;
    }>;
    assert.equal(rows.length, SESSIONS.length + 1, 'the long Codex session is two episodes');
    for (const r of rows) {
      const project = path.basename(r.repo_root);
      // A later episode of a session happened when its first turn did.
      if (project === 'spectora') assert.ok(r.occurred_at >= sessionAt(project) && r.occurred_at < '2025-09-26', r.occurred_at);
      else assert.equal(r.occurred_at, sessionAt(project), project);
      assert.equal(r.ingested_at, LATER.toISOString());
    }
  });

  it('dates entities by the latest session that touched them, and facts by the session that stated them', () => {
    const entities = store.db.prepare('SELECT name, created_at, updated_at FROM entities').all() as Array<{
      name: string;
      created_at: string;
      updated_at: string;
    }>;
    assert.ok(entities.length >= 5, entities.map((e) => e.name).join(', '));
    for (const e of entities) {
      assert.ok(!laterThanEverySession(e.updated_at), `${e.name} updated_at ${e.updated_at} is the ingest time`);
      assert.ok(episodeTimes().has(e.updated_at), `${e.name} updated_at ${e.updated_at} is no session's time`);
    }
    const byName = new Map(entities.map((e) => [e.name, e]));

    assert.equal(byName.get('greeter')!.updated_at, sessionAt('greeter'));
    assert.equal(byName.get('bravo')!.updated_at, sessionAt('bravo'));
    assert.equal(byName.get('git')!.updated_at, sessionAt('greeter'), 'an older session extracted later does not move git back to 2025-06');
    const facts = store.db
      .prepare('SELECT f.text, f.valid_from, f.recorded_at, s.name AS source FROM facts f JOIN entities s ON s.id = f.source_id')
      .all() as Array<{ text: string; valid_from: string; recorded_at: string; source: string }>;
    assert.ok(facts.some((f) => f.text === 'The hello function is committed'));
    for (const f of facts.filter((x) => x.source === 'greeter' || x.source === 'bravo')) {
      assert.equal(f.valid_from, sessionAt(f.source), f.text);
      assert.equal(f.recorded_at, LATER.toISOString(), 'recorded_at is when Scry learned it');
    }
    const links = store.db
      .prepare('SELECT ee.occurred_at, e.occurred_at AS episode_at FROM entity_episodes ee JOIN episodes e ON e.id = ee.episode_id')
      .all() as Array<{ occurred_at: string; episode_at: string }>;
    for (const l of links) assert.equal(l.occurred_at, l.episode_at);
  });

  it('orientation shows the sessions’ dates and never calls a years-old session active today', () => {
    const r = orient(store, { cwd: repos.get('greeter')! }, LATER);
    assert.match(r.text, /^- 2025-12-24 \(claude\): Create a hello world function → The hello function is ready\.$/m);
    assert.match(r.text, /^- charlie \(last session 2026-01-02, \d+ facts?\)$/m);
    assert.match(r.text, /^- bravo \(last session 2025-06-14, \d+ facts?\)$/m);
    assert.doesNotMatch(r.text, /today|yesterday|days ago/);
    assert.doesNotMatch(r.text, /2031/);
    // The day after a session, it is recent, and said so beside its date.
    const next = orient(store, { cwd: repos.get('greeter')! }, new Date('2026-01-03T12:00:00.000Z'));
    assert.match(next.text, /^- charlie \(last session 2026-01-02, yesterday, /m);
    // A session of two episodes is one line, dated by when it happened.
    const long = orient(store, { cwd: repos.get('spectora')! }, LATER);
    const lines = long.text.split('\n').filter((l) => /^- \d{4}-\d\d-\d\d \(codex\): /.test(l));
    assert.equal(lines.length, 1, long.text);
    assert.match(lines[0]!, /^- 2025-09-25 \(codex\): can you create a pull request for this work/, 'its latest episode');
  });

  it('the graph view draws each node and edge at its session time', () => {
    const g = graph(store, { limit: 100 });
    assert.ok(g.nodes.length >= 5 && g.edges.length >= 3, `${g.nodes.length} nodes, ${g.edges.length} edges`);
    const node = (name: string) => g.nodes.find((n) => n.name === name)!;
    assert.equal(node('greeter').updated_at, sessionAt('greeter'));
    assert.equal(node('bravo').updated_at, sessionAt('bravo'));
    assert.equal(node('CSS').updated_at, sessionAt('bravo'));
    const times = episodeTimes();
    for (const n of g.nodes) assert.ok(times.has(n.updated_at), `${n.name}: ${n.updated_at}`);
    const name = (id: number): string => g.nodes.find((n) => n.id === id)!.name;
    const edge = (text: string) => g.edges.find((e) => `${name(e.source)} ${e.relation} ${name(e.target)}` === text);
    assert.equal(edge('greeter uses git')?.valid_from, sessionAt('greeter'));
    assert.equal(edge('bravo uses CSS')?.valid_from, sessionAt('bravo'));
    for (const e of g.edges) assert.ok(times.has(e.valid_from ?? ''), `${e.text}: ${e.valid_from}`);
    // Issue 36: entities a fact links come first, newest session's day first; no unlinked node before a linked one.
    const linked = new Set(g.edges.flatMap((e) => [e.source, e.target]));
    const firstUnlinked = g.nodes.findIndex((n) => !linked.has(n.id));
    assert.ok(firstUnlinked < 0 || g.nodes.slice(firstUnlinked).every((n) => !linked.has(n.id)), g.nodes.map((n) => n.name).join(', '));
    const newestLinkedDay = g.nodes
      .filter((n) => linked.has(n.id))
      .map((n) => n.updated_at.slice(0, 10))
      .sort()
      .pop();
    assert.equal(g.nodes[0]!.updated_at.slice(0, 10), newestLinkedDay);
  });

  it('as of a time before a session, nothing from it shows; between sessions, only the earlier one', () => {
    const before2025 = graph(store, { as_of: '2025-01-01' });
    assert.deepEqual([before2025.nodes, before2025.edges, before2025.page.total], [[], [], 0]);
    const r = recall(store, { query: 'git', as_of: '2025-01-01' }, LATER);
    assert.deepEqual(
      r.matches.flatMap((m) => [...m.facts, ...m.episodes]),
      [],
      JSON.stringify(r.matches),
    );
    assert.deepEqual(r.episodes, []);

    const mid = graph(store, { as_of: '2025-09-01', limit: 100 });
    const names = mid.nodes.map((n) => n.name).sort();
    assert.ok(names.includes('bravo') && names.includes('CSS'), names.join(', '));
    assert.ok(!names.includes('greeter') && !names.includes('charlie'), names.join(', '));
    for (const n of mid.nodes) assert.equal(n.updated_at, sessionAt('bravo'), `${n.name} as it was on 2025-09-01`);
    assert.ok(mid.edges.length >= 1 && mid.edges.every((e) => e.valid_from === sessionAt('bravo')));
  });
});

describe('a memory.db written before session time', () => {
  it("takes each entity's updated_at back to its latest session when opened (migration 5)", () => {
    const home = tempDir('session-time-migrate');
    const file = path.join(home, 'memory.db');
    // Written by a Scry that knew migrations 1-4: opening runs 5 (this one) and any after it.
    const at = 4;
    const old = openDatabase(file);
    for (const m of MIGRATIONS.slice(0, at)) old.exec(m);
    old.pragma(`user_version = ${at}`);
    const ingested = '2026-11-30T10:00:00.000Z';
    old
      .prepare(
        `INSERT INTO episodes(id, source, source_path, session_id, line_start, line_end, occurred_at, ingested_at, text, summary, tokens)
      VALUES ('ep1', 'claude', '/t/a.jsonl', 's1', 1, 4, '2025-06-14T08:00:00.000Z', ?, 'we chose hermes', 'chose hermes', 4),
             ('ep2', 'claude', '/t/b.jsonl', 's2', 1, 4, '2025-09-02T08:00:00.000Z', ?, 'hermes again', 'hermes again', 3)`,
      )
      .run(ingested, ingested);
    old
      .prepare(
        `INSERT INTO entities(id, name, norm, type, created_at, updated_at) VALUES (1, 'hermes', 'hermes', 'service', ?, ?), (2, 'lonely', 'lonely', 'concept', ?, ?)`,
      )
      .run(ingested, ingested, ingested, ingested);
    old
      .prepare(
        `INSERT INTO entity_episodes(entity_id, episode_id, occurred_at) VALUES (1, 'ep1', '2025-06-14T08:00:00.000Z'), (1, 'ep2', '2025-09-02T08:00:00.000Z')`,
      )
      .run();
    old.close();
    const store = new MemoryStore(file, { now: () => LATER });
    try {
      assert.equal(store.db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
      const rows = store.db.prepare<[], { name: string; updated_at: string }>(`SELECT name, updated_at FROM entities ORDER BY id`).all();
      assert.deepEqual(rows, [
        { name: 'hermes', updated_at: '2025-09-02T08:00:00.000Z' },
        { name: 'lonely', updated_at: ingested },
      ]);
    } finally {
      store.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
