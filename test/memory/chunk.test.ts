// Chunking sessions into episodes: sizes, overlap, huge turns, stable ids,
// incremental re-ingest and the floor on tiny sessions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunkSession, episodeId, summarize } from '../../daemon/memory/chunk';
import type { DistilledSession, Turn } from '../../daemon/memory/episode';

function session(turns: Turn[], extra: Partial<DistilledSession> = {}): DistilledSession {
  return {
    source: 'claude',
    path: '/tmp/s.jsonl',
    sessionId: 's',
    turns,
    consumedBytes: 0,
    lines: turns.length ? turns[turns.length - 1]!.lineEnd : 0,
    unknownTypes: {},
    malformedLines: 0,
    redactions: 0,
    ...extra,
  };
}

/** n alternating turns of about `tokens` tokens each, turn i on line i + 1. */
function turns(n: number, tokens: number): Turn[] {
  return Array.from({ length: n }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    text: `turn${i} ` + 'x'.repeat(tokens * 4 - 12),
    lineStart: i + 1,
    lineEnd: i + 1,
    at: `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
  }));
}

const turnIndexes = (text: string): number[] => [...text.matchAll(/turn(\d+) /g)].map((m) => Number(m[1]));

describe('chunkSession', () => {
  it('cuts on turn boundaries under the budget, each episode repeating the last turn of the one before', () => {
    const eps = chunkSession(session(turns(30, 500)), { maxTokens: 4000 });
    assert.ok(eps.length >= 4);
    for (const e of eps) assert.ok(e.tokens <= 4000 + 50, `episode of ${e.tokens} tokens`);
    for (let i = 1; i < eps.length; i++) {
      const prev = turnIndexes(eps[i - 1]!.text);
      const cur = turnIndexes(eps[i]!.text);
      assert.equal(cur[0], prev[prev.length - 1], 'one-turn overlap');
      assert.ok(cur.length >= 2);
    }
    const covered = new Set(eps.flatMap((e) => turnIndexes(e.text)));
    assert.equal(covered.size, 30, 'no turn lost');
    assert.equal(eps[0]!.occurredAt, '2026-01-01T00:00:00.000Z');
  });

  it('gives a huge turn an episode of its own, truncated to 4x the budget', () => {
    const t = turns(6, 300);
    t[3] = { ...t[3]!, text: 'turn3 ' + 'y'.repeat(200_000) };
    const eps = chunkSession(session(t), { maxTokens: 1000 });
    const huge = eps.find((e) => turnIndexes(e.text).includes(3))!;
    assert.deepEqual(turnIndexes(huge.text), [3], 'alone');
    assert.ok(huge.tokens <= 4 * 1000 + 20, `${huge.tokens} tokens`);
    assert.match(huge.text, /\[truncated: \d+ more characters\]$/);
    assert.equal(eps.filter((e) => turnIndexes(e.text).includes(3)).length, 1, 'not repeated as an overlap');
  });

  it('gives the same ids to the same file chunked twice, and ids from path and span', () => {
    const s = session(turns(20, 500));
    const a = chunkSession(s);
    const b = chunkSession(structuredClone(s));
    assert.deepEqual(a.map((e) => e.id), b.map((e) => e.id));
    assert.equal(a[0]!.id, episodeId('/tmp/s.jsonl', a[0]!.lineStart, a[0]!.lineEnd));
    assert.equal(new Set(a.map((e) => e.id)).size, a.length);
    const moved = chunkSession({ ...s, path: '/tmp/other.jsonl' });
    assert.notEqual(moved[0]!.id, a[0]!.id);
  });

  it('after a line, makes episodes only from later turns plus one overlapping turn', () => {
    const s = session(turns(10, 100));
    const eps = chunkSession(s, { afterLine: 7 });
    assert.equal(eps.length, 1);
    assert.deepEqual(turnIndexes(eps[0]!.text), [6, 7, 8, 9]);
    assert.equal(eps[0]!.lineStart, 7);
    assert.deepEqual(chunkSession(s, { afterLine: 10 }), [], 'nothing new');
  });

  it('skips sessions under 3 turns, counted on the whole session, not on what follows afterLine', () => {
    assert.deepEqual(chunkSession(session(turns(2, 10))), []);
    assert.equal(chunkSession(session(turns(3, 10))).length, 1);
    const resumed = session(turns(5, 10));
    const eps = chunkSession(resumed, { afterLine: 4 });
    assert.equal(eps.length, 1, 'one appended turn on a long session is not lost');
    assert.deepEqual(turnIndexes(eps[0]!.text), [3, 4]);
  });

  it('lets a subagent transcript of a prompt and a report through, and a one-section seed', () => {
    assert.equal(chunkSession(session(turns(2, 10), { parentSessionId: 'p' })).length, 1);
    assert.equal(chunkSession(session(turns(1, 10), { source: 'seed' })).length, 1);
  });

  it('carries the session context onto every episode', () => {
    const eps = chunkSession(session(turns(3, 10), { cwd: '/w', gitBranch: 'main', repoRoot: '/w', parentSessionId: 'p' }));
    assert.equal(eps[0]!.cwd, '/w');
    assert.equal(eps[0]!.gitBranch, 'main');
    assert.equal(eps[0]!.repoRoot, '/w');
    assert.equal(eps[0]!.parentSessionId, 'p');
  });
});

describe('summarize', () => {
  const t = (role: Turn['role'], text: string): Turn => ({ role, text, lineStart: 1, lineEnd: 1 });
  it('is the first request and the last short outcome, breadcrumbs left out', () => {
    const s = summarize([t('user', 'Fix the flaky deploy test'), t('assistant', '[ran: npm test]\nLooking.'), t('assistant', '[edited a.ts]\nFixed: the retry was missing.')]);
    assert.equal(s, 'Fix the flaky deploy test → Fixed: the retry was missing.');
  });
  it('stays within 200 characters', () => {
    const s = summarize([t('user', 'a'.repeat(500)), t('assistant', 'Done.')]);
    assert.ok(s.length <= 200);
    assert.ok(s.endsWith('→ Done.'));
  });
  it('drops a long outcome', () => {
    assert.equal(summarize([t('user', 'Why?'), t('assistant', 'b'.repeat(300))]), 'Why?');
  });
});
