// Memory from the other agents' stores, through the real CLI and a spawned
// daemon: each agent's files as its real CLI wrote them (test/fixtures/
// memory/<agent>/real-cli, see SOURCES.md) laid out in a private HOME the
// way the agent lays them out. The sweep finds the store with no
// configuration, ingests the session with its own times and folder, a
// second sweep adds nothing, recall finds a fact the session stated, the
// planted key is nowhere under SCRY_HOME, and a store in a format this
// Scry does not know is reported (path and what was expected) with nothing
// stored and its cursor left, so the store is read once it is readable.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { MemoryStatus, SweepResult } from '../../../daemon/protocol';
import { openDatabase } from '../../../daemon/sqlite';
import { ROOT, scry, stopDaemon, tempDir } from '../../helpers';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');
const PLANTED = 'AKIAIOSFODNN7EXAMPLE';

interface Agent {
  id: string;
  /** The store under HOME, as the agent lays it out. */
  store: string;
  /** The root a sweep reports as the store found. */
  root: string;
  /** The session file (or database) whose format a test breaks. */
  breakable: (home: string) => string;
  /** Turns the store into a format this Scry does not know; returns how to undo it. */
  breakFormat: (file: string) => () => void;
  /** A phrase of the unknown-format report. */
  expected: RegExp;
}

const firstFile = (dir: string, keep: (name: string) => boolean): string => {
  const hit = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).find((f) => keep(path.basename(f)));
  assert.ok(hit, `a file in ${dir}`);
  return path.join(dir, hit);
};

/** Rewrites a file, returning how to put the original back with its old times. */
function rewrite(file: string, edit: (text: string) => string): () => void {
  const original = fs.readFileSync(file);
  fs.writeFileSync(file, edit(original.toString('utf8')));
  return () => fs.writeFileSync(file, original);
}

const AGENTS: Agent[] = [
  {
    id: 'gemini',
    store: '.gemini',
    root: path.join('.gemini', 'tmp'),
    breakable: (home) => firstFile(path.join(home, '.gemini', 'tmp'), (n) => n.endsWith('.jsonl')),
    // A metadata line of another shape: what a future writer might put first.
    breakFormat: (file) => rewrite(file, (t) => t.replace(/^\{"sessionId":/, '{"format":"chat/9","id":')),
    expected: /expected a Gemini CLI chat/,
  },
  {
    id: 'opencode',
    store: path.join('.local', 'share', 'opencode'),
    root: path.join('.local', 'share', 'opencode'),
    breakable: (home) => path.join(home, '.local', 'share', 'opencode', 'opencode.db'),
    // A schema change: the column the messages live in renamed.
    breakFormat: (file) => {
      const db = openDatabase(file);
      db.exec('ALTER TABLE message RENAME COLUMN data TO body');
      db.close();
      return () => {
        const again = openDatabase(file);
        again.exec('ALTER TABLE message RENAME COLUMN body TO data');
        again.close();
      };
    },
    expected: /expected an OpenCode opencode\.db with tables/,
  },
  {
    id: 'qwen',
    store: '.qwen',
    root: path.join('.qwen', 'projects'),
    breakable: (home) => firstFile(path.join(home, '.qwen', 'projects'), (n) => n.endsWith('.jsonl')),
    // Records of another shape: what a future writer might put first.
    breakFormat: (file) => rewrite(file, (t) => t.replace(/^\{"uuid":/, '{"recordId":')),
    expected: /expected a Qwen Code session \.jsonl/,
  },
];

function recorded(agent: string): { version: string; project: string } {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, agent, 'real-cli', 'RECORDED.json'), 'utf8')) as { version: string; project: string };
}

/** A private HOME holding the agent's store as its CLI wrote it. */
function homeWith(agent: Agent): string {
  const home = fs.realpathSync(tempDir(`agent-home-${agent.id}`));
  fs.cpSync(path.join(FIXTURES, agent.id, 'real-cli', agent.store), path.join(home, agent.store), { recursive: true });
  return home;
}

function rows(scryHome: string, sql: string): Array<Record<string, unknown>> {
  const db = openDatabase(path.join(scryHome, 'memory', 'memory.db'), { readonly: true });
  try {
    return db.prepare(sql).all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const p = path.join(dir, f);
    if (fs.statSync(p).isFile() && fs.readFileSync(p).includes(needle)) hits.push(f);
  }
  return hits;
}

describe('memory from other agents, swept from their own stores', () => {
  const homes: string[] = [];
  after(async () => {
    for (const h of homes) {
      if (fs.existsSync(path.join(h, 'scryd.pid'))) await stopDaemon(h);
      fs.rmSync(h, { recursive: true, force: true });
    }
  });

  /** `scry … --json` with this HOME and SCRY_HOME; no timer sweep, no minimum age. */
  async function json<T>(args: string[], home: string, scryHome: string): Promise<T> {
    const r = await scry([...args, '--json'], { home: scryHome, env: { HOME: home, SCRY_MEMORY_SWEEP: '0', XDG_DATA_HOME: '', GEMINI_CLI_HOME: '' } });
    assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
    return JSON.parse(r.stdout) as T;
  }

  function scryHomeFor(agent: Agent): string {
    const scryHome = tempDir(`agent-scry-${agent.id}`);
    homes.push(scryHome);
    fs.writeFileSync(path.join(scryHome, 'config.yaml'), 'memory:\n  sweep:\n    min_age_minutes: 0\n');
    return scryHome;
  }

  for (const agent of AGENTS) {
    it(`${agent.id} (${recorded(agent.id).version}): found, ingested with its own times, once, recalled, and the planted key is not stored`, async () => {
      const home = homeWith(agent);
      homes.push(home);
      const scryHome = scryHomeFor(agent);
      const before = new Date().toISOString();

      const first = await json<SweepResult>(['memory', 'sweep'], home, scryHome);
      const row = first.sources.find((s) => s.source === agent.id);
      assert.ok(row, `the sweep has a row for ${agent.id}`);
      assert.ok(row.stores.includes(path.join(home, agent.root)), `the store found: ${row.stores.join(', ')}`);
      assert.equal(row.failed, 0, JSON.stringify(first.failed));
      assert.ok(row.files >= 1 && row.ingested === row.files, `${row.files} sessions found, ${row.ingested} ingested`);
      assert.ok(first.added >= 1);

      const episodes = rows(scryHome, `SELECT occurred_at, cwd, session_id, text FROM episodes WHERE source = '${agent.id}' ORDER BY occurred_at`);
      assert.ok(episodes.length >= 1);
      for (const e of episodes) {
        assert.ok(String(e.occurred_at) < before, `the episode keeps the session's time (${String(e.occurred_at)}), not the ingest's`);
        assert.equal(e.cwd, recorded(agent.id).project, 'the folder the session ran in');
      }
      assert.match(String(episodes[0]!.text), /payments gateway/);
      assert.match(episodes.map((e) => String(e.text)).join('\n'), /\[(read|ran)[: ]/, 'tool calls become breadcrumbs');

      const second = await json<SweepResult>(['memory', 'sweep'], home, scryHome);
      const again = second.sources.find((s) => s.source === agent.id)!;
      assert.equal(second.added, 0);
      assert.equal(again.unchanged, again.files);

      const recall = await json<unknown>(['memory', 'recall', 'which staging database'], home, scryHome);
      assert.match(JSON.stringify(recall), /orders-staging-7/, 'recall finds the fact the session stated');

      assert.deepEqual(filesContaining(scryHome, PLANTED), [], 'the planted key is nowhere under SCRY_HOME');

      const status = await json<MemoryStatus>(['memory', 'status'], home, scryHome);
      const s = status.sources?.find((x) => x.id === agent.id);
      assert.ok(s, `status lists ${agent.id}`);
      assert.ok(s.stores?.includes(path.join(home, agent.root)), JSON.stringify(s));
      assert.equal(s.sessions_found, row.files);
      assert.equal(s.sessions_ingested, row.files);
      assert.deepEqual(s.failed, []);
    });

    it(`${agent.id}: a format this Scry does not know is reported with its path and what was expected, nothing is stored, and it is read once readable`, async () => {
      const home = homeWith(agent);
      homes.push(home);
      const scryHome = scryHomeFor(agent);
      const file = agent.breakable(home);
      const restore = agent.breakFormat(file);

      const swept = await json<SweepResult>(['memory', 'sweep'], home, scryHome);
      const failure = swept.failed.find((f) => f.path.startsWith(file));
      assert.ok(failure, `the sweep reports ${file}: ${JSON.stringify(swept.failed)}`);
      assert.match(failure.error, agent.expected);
      assert.ok(failure.expected, 'what was expected, on its own');
      assert.equal(rows(scryHome, `SELECT count(*) AS n FROM episodes WHERE source = '${agent.id}'`)[0]!.n, 0, 'nothing is half-ingested');
      assert.equal(rows(scryHome, `SELECT count(*) AS n FROM cursors WHERE source = '${agent.id}'`)[0]!.n, 0, 'the cursor did not move');

      const status = await json<MemoryStatus>(['memory', 'status'], home, scryHome);
      const listed = status.sources?.find((x) => x.id === agent.id)?.failed ?? [];
      assert.ok(
        listed.some((f) => f.path.startsWith(file) && f.expected === failure.expected),
        JSON.stringify(listed),
      );
      const text = await scry(['memory', 'status', '--format', 'human'], { home: scryHome, env: { HOME: home, SCRY_MEMORY_SWEEP: '0' } });
      assert.ok(text.stdout.includes(`cannot read ${failure.path}: expected`), text.stdout);

      // The writer's format is readable again (a newer Scry, here the original file): the next sweep reads it whole.
      restore();
      const later = await json<SweepResult>(['memory', 'sweep'], home, scryHome);
      assert.deepEqual(later.failed, []);
      assert.ok(later.sources.find((s) => s.source === agent.id)!.ingested >= 1);
      const cleared = await json<MemoryStatus>(['memory', 'status'], home, scryHome);
      assert.deepEqual(cleared.sources?.find((x) => x.id === agent.id)?.failed, []);
    });
  }
});
