// Golden tests: each distiller on real transcripts other projects ship as
// fixtures (see test/fixtures/memory/SOURCES.md) and on ones written here for
// what those lack. SCRY_UPDATE_GOLDEN=1 rewrites the goldens; review the diff.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { chunkSession } from '../../daemon/memory/chunk';
import { distill, type SourceId } from '../../daemon/memory/sources';
import type { DistilledSession } from '../../daemon/memory/episode';

export const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'memory');
const GOLDEN = path.join(FIXTURES, 'golden');

const CASES: Array<[SourceId, string]> = [
  ['claude', 'claude/real/simonw-sample_session.jsonl'],
  ['claude', 'claude/real/daaain-representative_messages.jsonl'],
  ['claude', 'claude/real/daaain-edge_cases.jsonl'],
  ['claude', 'claude/real/daaain-showcase/55550000-0000-4000-8000-000000000001.jsonl'],
  ['claude', 'claude/real/daaain-showcase/55550000-0000-4000-8000-000000000001/subagents/agent-showcol1.jsonl'],
  ['claude', 'claude/written/-work-demo/a1b2c3d4-0000-4000-8000-00000000cafe.jsonl'],
  ['claude', 'claude/written/-work-demo/a1b2c3d4-0000-4000-8000-00000000cafe/subagents/agent-b0b0b0b0.jsonl'],
  ['claude', 'claude/written/-work-demo/agent-c0c0c0c0.jsonl'],
  ['codex', 'codex/real/daaain-rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl'],
  ['codex', 'codex/real/daaain-rollout-44444444-4444-4444-8444-444444444444.jsonl'],
  ['codex', 'codex/real/simonw-sample_codex_session.jsonl'],
  ['codex', 'codex/written/sessions/2026/02/03/rollout-2026-02-03T11-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeffff0001.jsonl'],
  ['run', 'run/written/run-42'],
  ['seed', 'seed/written/deploy-notes.md'],
  // Built from the writers' published source (SOURCES.md). Aider has no golden: its session id and folder are the history file's own path.
  ['copilot', 'copilot/written/6f1c2a8e-0b7d-4c55-9a1e-2f3b4c5d6e7f.json'],
  ['copilot', 'copilot/written/0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d.jsonl'],
  ['cline', 'cline/written/tasks/1768471200000/ui_messages.json'],
  ['roo', 'roo/written/tasks/3f2e1d0c-9b8a-4765-8432-10fedcba9876/ui_messages.json'],
];

/** The session with its path made relative, so goldens do not depend on where the checkout lives. */
function portable(s: DistilledSession): DistilledSession {
  return { ...s, path: path.relative(FIXTURES, s.path) };
}

// Strings the fixtures plant in tool payloads, thinking and wrappers: none may survive distillation.
const FORBIDDEN = [
  'PAYLOAD',
  'MUST NOT',
  'SECRET THOUGHTS',
  '<system-reminder>',
  '<command-name>',
  '<local-command-stdout>',
  '<bash-stdout>',
  'AGENTS.md instructions',
  '<environment_context>',
  '<user_instructions>',
  'sk-proj-FAKE',
  'correct horse',
  'encrypted_content',
  'Caveat: The messages below',
];

describe('distill goldens', () => {
  for (const [kind, rel] of CASES) {
    it(`${kind}: ${rel}`, async () => {
      const session = portable(await distill(kind, path.join(FIXTURES, rel)));
      const episodes = chunkSession(session);
      const actual = JSON.stringify({ session, episodes }, null, 2) + '\n';
      const goldenFile = path.join(GOLDEN, rel.replace(/[/\\]/g, '__') + '.json');
      if (process.env.SCRY_UPDATE_GOLDEN === '1') fs.writeFileSync(goldenFile, actual);
      assert.ok(fs.existsSync(goldenFile), `no golden ${goldenFile}: run with SCRY_UPDATE_GOLDEN=1 and review it`);
      assert.equal(actual, fs.readFileSync(goldenFile, 'utf8'));
      for (const t of session.turns) for (const f of FORBIDDEN) assert.ok(!t.text.includes(f), `turn ${t.lineStart} of ${rel} holds ${f}`);
    });
  }
});

describe('distilled structure', () => {
  it('claude: merges one message spread over lines, pairs failed tool results, keeps compaction as the model’s', async () => {
    const s = await distill('claude', path.join(FIXTURES, CASES[5]![1]));
    assert.deepEqual(
      s.turns.map((t) => t.role),
      ['user', 'assistant', 'summary', 'user', 'assistant', 'user', 'assistant'],
    );
    const work = s.turns[1]!.text;
    assert.equal(work.split('\n').filter((l) => l === '[edited src/orders.ts]').length, 1, 'a repeated streaming line adds no second breadcrumb');
    assert.match(work, /^\[ran: npm test -- --grep orders\] \(failed\)$/m);
    assert.match(work, /^\[edited \/etc\/hosts\]$/m, 'paths outside cwd stay absolute');
    assert.equal(s.malformedLines, 1);
    assert.deepEqual(s.unknownTypes, { 'x-future-line-type': 1 });
    assert.equal(s.title, 'Fix order rounding and deploy to hermes');
    assert.equal(s.gitBranch, 'feature/rounding');
    const size = fs.statSync(s.path).size;
    assert.ok(s.consumedBytes < size, 'the half-written last line is not consumed');
  });

  it('claude: a subagent transcript is its own session, linked to its parent', async () => {
    const s = await distill('claude', path.join(FIXTURES, CASES[6]![1]));
    assert.equal(s.sessionId, 'b0b0b0b0');
    assert.equal(s.parentSessionId, 'a1b2c3d4-0000-4000-8000-00000000cafe');
    assert.ok(s.turns.every((t) => t.subagent === 'b0b0b0b0'));
  });

  it('codex: one copy of each doubled message, injected context skipped, patches name their files', async () => {
    const s = await distill('codex', path.join(FIXTURES, CASES[11]![1]));
    const texts = s.turns.map((t) => t.text);
    assert.equal(texts.filter((t) => t === 'Why does the build fail on CI?').length, 2, 'asked twice, each ask kept once');
    assert.equal(texts.filter((t) => t.startsWith('Stored nowhere')).length, 1);
    assert.equal(s.turns.filter((t) => t.role === 'summary').length, 1);
    const work = texts[1]!;
    for (const crumb of [
      '[ran: npm run build] (failed)',
      '[edited src/build.ts]',
      '[edited docs/ci.md]',
      '[edited src/legacy.ts]',
      '[ran: ls -la dist]',
      '[ran: npm test]',
    ]) {
      assert.ok(work.split('\n').includes(crumb), `missing ${crumb} in\n${work}`);
    }
    assert.equal(s.gitBranch, 'fix/ci');
    assert.equal(s.malformedLines, 1);
  });
});
