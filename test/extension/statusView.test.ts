import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DaemonInfo } from '../../daemon/protocol';
import type { RepoView } from '../../extension/repoTracker';
import { formatCount, freshness, statusView } from '../../extension/statusView';
import type { SupervisorState } from '../../extension/supervisor';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const info: DaemonInfo = {
  pid: 4242,
  version: '0.1.0',
  protocol: 1,
  home: '/h',
  socket: '/h/scryd.sock',
  started_at: '',
  uptime_ms: 1,
  log_file: '/h/logs/scryd.log',
  node: 'v24.22.3',
};
const running: SupervisorState = { kind: 'running', info, adopted: true };
const ok = (symbols: number, minutesAgo = 0): RepoView['result'] => ({
  status: 'ready',
  indexed_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
  documents: 3,
  symbols,
  occurrences: 10,
  indexers: [{ language: 'typescript', indexer: 'scip-typescript', status: 'ok', file_count: 3, duration_ms: 5 }],
});

describe('statusView', () => {
  const cases: Array<{ name: string; state: SupervisorState; repos: RepoView[]; kind: string; text: RegExp; tooltip?: RegExp }> = [
    { name: 'no Node', state: { kind: 'no-node', reason: 'Scry needs Node 20' }, repos: [], kind: 'no-node', text: /Scry: no Node/, tooltip: /scry\.nodePath/ },
    {
      name: 'daemon down',
      state: { kind: 'down', reason: 'killed', retryInMs: 1500 },
      repos: [],
      kind: 'down',
      text: /Scry: daemon down/,
      tooltip: /Restarting in 2 s/,
    },
    { name: 'starting', state: { kind: 'starting' }, repos: [], kind: 'starting', text: /Scry: starting/ },
    { name: 'no folder', state: running, repos: [], kind: 'idle', text: /no folder/ },
    {
      name: 'indexing without a percentage',
      state: running,
      repos: [{ repo: '/r/a', phase: 'indexing', message: 'running scip-typescript' }],
      kind: 'indexing',
      text: /Scry: indexing…$/,
      tooltip: /a: indexing \(running scip-typescript\)/,
    },
    {
      name: 'indexing two repos averages their percentages',
      state: running,
      repos: [
        { repo: '/r/a', phase: 'indexing', percent: 50 },
        { repo: '/r/b', phase: 'indexing', percent: 100 },
      ],
      kind: 'indexing',
      text: /Scry: indexing 75%$/,
    },
    {
      name: 'answering from the syntactic first index while the precise one builds',
      state: running,
      repos: [{ repo: '/r/a', phase: 'indexing', percent: 40, result: { ...ok(50)!, syntactic: true } }],
      kind: 'indexing',
      text: /^\$\(sync~spin\) Scry: syntactic, precise 40%$/,
    },
    {
      name: 'a worktree seeded from its sibling',
      state: running,
      repos: [{ repo: '/r/wt', phase: 'indexing', result: { ...ok(50)!, seeded_from: '/r/main' } }],
      kind: 'indexing',
      text: /Scry: seeded from main, precise coming$/,
    },
    {
      name: 'ready sums symbols, with freshness',
      state: running,
      repos: [
        { repo: '/r/a', phase: 'ready', result: ok(1200, 3) },
        { repo: '/r/b', phase: 'ready', result: ok(34, 10) },
      ],
      kind: 'ready',
      text: /^\$\(check\) Scry: ready · 1,234 symbols · 3 min ago$/,
      tooltip: /pid 4242 \(adopted\)/,
    },
    {
      name: 'partial names the missing language and why',
      state: running,
      repos: [
        {
          repo: '/r/a',
          phase: 'ready',
          result: {
            ...ok(10)!,
            status: 'partial',
            indexers: [
              ...ok(10)!.indexers,
              { language: 'python', indexer: 'scip-python', status: 'missing', file_count: 0, duration_ms: 0, remedy: 'install scip-python' },
            ],
          },
        },
      ],
      kind: 'partial',
      text: /Scry: partial, python missing · 10 symbols/,
      tooltip: /python: missing \(install scip-python\)/,
    },
    {
      name: 'every build failed',
      state: running,
      repos: [{ repo: '/r/a', phase: 'failed', error: 'indexer crashed' }],
      kind: 'failed',
      text: /index failed/,
      tooltip: /indexer crashed/,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const v = statusView(c.state, c.repos, NOW);
      assert.equal(v.kind, c.kind);
      assert.match(v.text, c.text);
      if (c.tooltip) assert.match(v.tooltip.join('\n'), c.tooltip);
    });
  }

  it('formats counts and ages', () => {
    assert.deepEqual([0, 999, 1000, 1234567].map(formatCount), ['0', '999', '1,000', '1,234,567']);
    assert.deepEqual(
      [10, 90, 7200, 3 * 86400].map((s) => freshness(NOW - s * 1000, NOW)),
      ['just now', '1 min ago', '2 h ago', '3 d ago'],
    );
  });
});
