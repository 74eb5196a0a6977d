// Entity precision on real sessions: every real public transcript under
// test/fixtures/memory/{claude,codex}/real ingested as a daemon does it
// (offline extraction at ingest, no model), and the entities it yields
// checked against a golden list reviewed by reading the sessions
// (entity-golden.json: each name marked good, a thing the session talks
// about, or bad). An entity the list has not reviewed fails the test: a new
// fixture or a changed extractor means a new review, never a silent pass.
// Apart from the list, no entity may be an agent's tool: the names below are
// written here from the agents' documentation, independent of the
// extractor's own list.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { MemoryStore } from '../../../daemon/memory/store';
import { AGENT_TOOLS_SEEN } from '../agent-tools';
import { ingestReal } from './real-fixtures';

interface Reviewed {
  name: string;
  verdict: 'good' | 'bad';
  why: string;
}

const GOLDEN = JSON.parse(fs.readFileSync(path.join(__dirname, 'entity-golden.json'), 'utf8')) as { reviewed: Reviewed[] };

const SHELL = new Set([
  'ls',
  'cd',
  'cat',
  'grep',
  'sed',
  'awk',
  'echo',
  'mkdir',
  'rm',
  'cp',
  'mv',
  'find',
  'head',
  'tail',
  'pwd',
  'chmod',
  'touch',
  'which',
  'wc',
  'sort',
  'xargs',
]);
/** `mcp__server__tool`, `server__tool`: an MCP tool id. */
const MCP_TOOL_ID = /^(mcp__)?[A-Za-z0-9_.-]+__[A-Za-z0-9_.-]+$/;

describe('entity precision on the real transcripts', () => {
  let store: MemoryStore;
  let all: Array<{ name: string; type: string }>;

  before(async () => {
    ({ store } = await ingestReal());
    all = store.db.prepare('SELECT name, type FROM entities ORDER BY name').all() as Array<{ name: string; type: string }>;
  });
  after(() => store.close());

  it('yields entities, and no entity is an agent tool, an MCP tool id or a shell verb', () => {
    assert.ok(all.length > 0, 'the real fixtures name something');
    for (const e of all) {
      assert.ok(!AGENT_TOOLS_SEEN.has(e.name.toLowerCase()), `'${e.name}' is an agent tool`);
      assert.ok(!SHELL.has(e.name.toLowerCase()), `'${e.name}' is a shell verb`);
      assert.ok(!MCP_TOOL_ID.test(e.name), `'${e.name}' is an MCP tool id`);
    }
  });

  it('every entity was reviewed, and at least 90% are things the sessions talk about', () => {
    const verdicts = new Map(GOLDEN.reviewed.map((r) => [r.name.toLowerCase(), r]));
    // File nodes are not names the prose chose: each is a path a tool call read or edited, checked against
    // the transcripts' own tool calls in test/memory/graph/real-graph.test.ts (issue 36).
    const entities = all.filter((e) => e.type !== 'file');
    const unreviewed = entities.filter((e) => !verdicts.has(e.name.toLowerCase()));
    assert.deepEqual(
      unreviewed.map((e) => `${e.type}:${e.name}`),
      [],
      'entities the golden list has not reviewed: read the sessions and mark each good or bad in entity-golden.json',
    );
    const bad = entities.filter((e) => verdicts.get(e.name.toLowerCase())!.verdict === 'bad');
    const precision = (entities.length - bad.length) / entities.length;
    process.stderr.write(
      `# entity precision on real transcripts: ${entities.length - bad.length}/${entities.length} = ${(precision * 100).toFixed(1)}%; bad: ${bad.map((e) => e.name).join(', ') || 'none'}\n`,
    );
    assert.ok(precision >= 0.9, `precision ${(precision * 100).toFixed(1)}% < 90%; bad: ${bad.map((e) => e.name).join(', ')}`);
  });

  it('at ingest, with no model configured, every episode is extracted and nothing is left pending', async () => {
    const c = store.counts();
    assert.ok(c.episodes > 0);
    assert.equal(c.pending, 0);
    assert.equal(c.done, c.episodes);
    // The same files without extraction at ingest leave every episode queued: the difference is the ingest's doing.
    const queued = await ingestReal({ extract: false });
    try {
      assert.equal(queued.store.counts().pending, queued.store.counts().episodes);
    } finally {
      queued.store.close();
    }
  });
});
