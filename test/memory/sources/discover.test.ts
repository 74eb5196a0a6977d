// Discovery under a temp home laid out like a user's: Claude projects with
// both subagent layouts, Codex's dated folders, run directories, seeds.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { discoverSources } from '../../../daemon/memory/sources';
import { tempDir } from '../../helpers';

const FIXTURES = path.resolve(__dirname, '..', '..', 'fixtures', 'memory');

function fakeHome(): string {
  const home = tempDir('discover');
  fs.cpSync(path.join(FIXTURES, 'claude', 'written'), path.join(home, '.claude', 'projects'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'codex', 'written', 'sessions'), path.join(home, '.codex', 'sessions'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'run', 'written'), path.join(home, '.scry', 'runs'), { recursive: true });
  fs.cpSync(path.join(FIXTURES, 'seed', 'written'), path.join(home, '.scry', 'seeds'), { recursive: true });
  return home;
}

describe('discoverSources', () => {
  const home = fakeHome();
  const env = {};
  const rel = (p: string): string => path.relative(home, p);

  it('lists Claude sessions with their subagents, in both layouts', () => {
    const found = discoverSources('claude', { home, env });
    assert.deepEqual(
      found.map((s) => [rel(s.path), (s.subagents ?? []).map(rel)]),
      [
        [
          '.claude/projects/-work-demo/a1b2c3d4-0000-4000-8000-00000000cafe.jsonl',
          [
            '.claude/projects/-work-demo/a1b2c3d4-0000-4000-8000-00000000cafe/subagents/agent-b0b0b0b0.jsonl',
            '.claude/projects/-work-demo/agent-c0c0c0c0.jsonl',
          ],
        ],
        ['.claude/projects/-work-demo/b2b2b2b2-0000-4000-8000-000000000002.jsonl', []],
      ],
    );
  });

  it('lists Codex rollouts, honouring CODEX_HOME', () => {
    assert.deepEqual(
      discoverSources('codex', { home, env }).map((s) => path.basename(s.path)),
      ['rollout-2026-02-03T11-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeffff0001.jsonl'],
    );
    assert.deepEqual(discoverSources('codex', { home, env: { CODEX_HOME: path.join(home, 'nowhere') } }), []);
  });

  it('lists run directories and seed files, and a given root instead of the default', () => {
    assert.deepEqual(
      discoverSources('run', { home, env }).map((s) => rel(s.path)),
      ['.scry/runs/run-42'],
    );
    assert.deepEqual(
      discoverSources('seed', { home, env }).map((s) => rel(s.path)),
      ['.scry/seeds/deploy-notes.md'],
    );
    assert.deepEqual(discoverSources('seed', { root: path.join(home, '.codex') }), []);
  });

  it('finds nothing, without failing, in an empty home', () => {
    const empty = tempDir('discover-empty');
    for (const kind of ['claude', 'codex', 'run', 'seed'] as const) assert.deepEqual(discoverSources(kind, { home: empty, env: {} }), []);
  });
});
