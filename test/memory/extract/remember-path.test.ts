// Offline memory through the real CLI and a spawned daemon, no model
// configured: the real transcripts ingested, then two plain sentences
// remembered, and `memory path` finds the two-hop chain between names only
// those sentences link. Status counts nothing pending, and the graph the
// memory view draws holds no agent tool as a node.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GraphResult, IngestResult, MemoryStatus, PathResult, RememberResult } from '../../../daemon/protocol';
import { scryJson, stopDaemon, tempDir } from '../../helpers';
import { AGENT_TOOLS } from '../agent-tools';
import { REAL } from './real-fixtures';

const ENV = { SCRY_MEMORY_SWEEP: '0' };

describe('remember and path, offline, through the CLI and a spawned daemon', () => {
  const home = tempDir('remember-path');
  const cwd = tempDir('remember-path-cwd');
  const run = <T>(args: string[]): Promise<T> => scryJson<T>(args, { home, cwd, env: ENV });

  before(async () => {
    for (const source of ['claude', 'codex'] as const) {
      const r = await run<IngestResult>(['memory', 'ingest', '--source', source, '--path', REAL[source]]);
      assert.equal(r.failed, 0, JSON.stringify(r.files.filter((f) => f.outcome === 'failed')));
    }
  });
  after(async () => stopDaemon(home));

  it('a plain sentence yields its entities and its fact in the remember call', async () => {
    const hermes = await run<RememberResult>(['memory', 'remember', 'The Hermes service is deployed on the machine atlas.']);
    assert.equal(hermes.refine, 'offline-only');
    assert.deepEqual(hermes.entities.map((e) => `${e.type}:${e.name}`).sort(), ['machine:atlas', 'service:Hermes']);
    assert.deepEqual(
      hermes.facts.map((f) => `${f.source} ${f.relation} ${f.target}`),
      ['Hermes deployed_on atlas'],
    );
    assert.equal(hermes.facts[0]!.text, 'The Hermes service is deployed on the machine atlas.');
    const billing = await run<RememberResult>(['memory', 'remember', 'billing-api depends on Hermes.']);
    assert.deepEqual(
      billing.facts.map((f) => `${f.source} ${f.relation} ${f.target}`),
      ['billing-api depends_on Hermes'],
    );
    assert.equal(billing.entities.find((e) => e.name === 'Hermes')?.type, 'service', 'the known Hermes, not a new concept');
  });

  it('memory path billing-api atlas finds the two-hop chain', async () => {
    const r = await run<PathResult>(['memory', 'path', 'billing-api', 'atlas']);
    assert.equal(r.found, true, r.note);
    assert.deepEqual(
      r.hops.map((h) => `${h.from} ${h.fact.relation} ${h.to}`),
      ['billing-api depends_on Hermes', 'Hermes deployed_on atlas'],
    );
  });

  it('with no model configured nothing is pending: every ingested episode and every remember is extracted', async () => {
    const s = await run<MemoryStatus>(['memory', 'status']);
    assert.ok(s.episodes >= 2 && s.entities > 0);
    assert.equal(s.queue.pending, 0);
    assert.equal(s.queue.failed, 0);
    assert.ok(
      s.providers.every((p) => p.type === 'offline'),
      'offline only',
    );
  });

  it('the graph the memory view draws has no agent tool and no MCP tool id among its nodes', async () => {
    const g = await run<GraphResult>(['memory', 'graph', '--limit', '500']);
    assert.ok(g.nodes.length > 5);
    for (const n of g.nodes) {
      assert.ok(!AGENT_TOOLS.has(n.name.toLowerCase()), `'${n.name}' is an agent tool`);
      assert.ok(!/^(mcp__)?[\w.-]+__[\w.-]+$/.test(n.name), `'${n.name}' is an MCP tool id`);
    }
    assert.ok(g.nodes.some((n) => n.name === 'atlas') && g.nodes.some((n) => n.name === 'billing-api'));
  });
});
