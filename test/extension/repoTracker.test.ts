// The tracker's phases as the daemon's answers and notifications arrive, read through the status bar's view:
// a syntactic first index is not "ready", its precise successor is.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DaemonInfo, IndexResult } from '../../daemon/protocol';
import { RepoTracker } from '../../extension/repoTracker';
import { statusView } from '../../extension/statusView';

const info: DaemonInfo = {
  pid: 7,
  version: '0.1.0',
  protocol: 1,
  home: '/h',
  socket: '/h/scryd.sock',
  started_at: '',
  uptime_ms: 1,
  log_file: '/h/logs/scryd.log',
  node: 'v24',
};
const running = { kind: 'running', info, adopted: false } as const;
const result = (symbols: number, extra: Partial<IndexResult> = {}): IndexResult => ({
  repo: '/r/app',
  status: 'ready',
  indexed_at: new Date().toISOString(),
  duration_ms: 5,
  documents: 4,
  symbols,
  occurrences: 40,
  indexers: [],
  ...extra,
});

describe('RepoTracker', () => {
  it('keeps a repo indexing after its syntactic first index, and ready once the precise index swaps in', () => {
    const t = new RepoTracker();
    t.setRepos(['/r/app']);
    t.started('/r/app');
    t.finished(result(19, { syntactic: true }));
    assert.equal(t.get('/r/app')!.phase, 'indexing');
    const during = statusView(running, t.list());
    assert.equal(during.kind, 'indexing', during.text);
    assert.match(during.text, /syntactic, precise coming$/);
    assert.doesNotMatch(during.text, /ready/);

    t.progress({ repo: '/r/app', phase: 'indexing', percent: 60, message: 'running scip-typescript' });
    assert.match(statusView(running, t.list()).text, /syntactic, precise 60%$/);

    t.finished(result(35));
    assert.equal(t.get('/r/app')!.phase, 'ready');
    const after = statusView(running, t.list());
    assert.equal(after.kind, 'ready');
    assert.match(after.text, /ready · 35 symbols/);
  });

  it('a failed precise build after a syntactic first index reports the failure, keeping the first counts', () => {
    const t = new RepoTracker();
    t.setRepos(['/r/app']);
    t.finished(result(19, { syntactic: true }));
    t.progress({ repo: '/r/app', phase: 'failed', message: 'scip-typescript exited 1' });
    const v = statusView(running, t.list());
    assert.equal(t.get('/r/app')!.phase, 'failed');
    assert.equal(v.kind, 'partial', v.text);
    assert.match(v.tooltip.join('\n'), /scip-typescript exited 1/);
  });

  it('a worktree seeded from its sibling is ready with the seeded counts', () => {
    const t = new RepoTracker();
    t.setRepos(['/r/app']);
    t.finished(result(50, { seeded_from: '/r/main' }));
    assert.equal(t.get('/r/app')!.phase, 'ready');
  });
});
