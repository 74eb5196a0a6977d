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
    text: `turn${i} ` + 'word '.repeat(tokens).slice(0, tokens * 4 - 12),
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
    assert.deepEqual(
      a.map((e) => e.id),
      b.map((e) => e.id),
    );
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

  it('keeps a conversational session by substance, not turns: an answer and 20 words, counted on the whole session', () => {
    const t = (role: Turn['role'], text: string, line: number): Turn => ({ role, text, lineStart: line, lineEnd: line, at: '2026-01-01T00:00:00.000Z' });
    const question = t('user', 'Which storage backend do the resources persist through, and why was it chosen over Postgres?', 1);
    assert.deepEqual(chunkSession(session([question])), [], 'a prompt nobody answered');
    assert.deepEqual(chunkSession(session([question, t('assistant', '[read lib/repo.ex]\n[ran: mix test]', 2)])), [], 'tool calls begun, no answer in words');
    assert.deepEqual(chunkSession(session([t('user', 'hi', 1), t('assistant', 'Hello! How can I help you today?', 2)])), [], 'a greeting');
    const answer = t(
      'assistant',
      'AshSqlite: the resources use the AshSqlite data layer, with SQLite-safe migrations (a table rewrite for nullability changes).',
      2,
    );
    assert.equal(chunkSession(session([question, answer])).length, 1, 'one prompt, one answer in words');
    assert.deepEqual(chunkSession(session([question, answer]), { minWords: 100 }), [], 'the floor is a parameter');
    const resumed = session(turns(5, 10));
    const eps = chunkSession(resumed, { afterLine: 4 });
    assert.equal(eps.length, 1, 'one appended turn on a long session is not lost');
    assert.deepEqual(turnIndexes(eps[0]!.text), [3, 4]);
  });

  it('lets a subagent transcript of a prompt and a report through, and a one-section seed', () => {
    assert.equal(chunkSession(session(turns(2, 20), { parentSessionId: 'p' })).length, 1);
    assert.equal(
      chunkSession(session([{ role: 'user', text: 'Deploy notes', lineStart: 1, lineEnd: 1 }], { source: 'seed' })).length,
      1,
      'runs and seeds have no floor',
    );
  });

  it('stores times in one canonical form, so they compare as strings', () => {
    const t = turns(3, 10);
    t[0] = { ...t[0]!, at: '2026-01-01T01:00:00+01:00' };
    assert.equal(chunkSession(session(t))[0]!.occurredAt, '2026-01-01T00:00:00.000Z');
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
  it('is the first request and how the last answer concluded, breadcrumbs left out', () => {
    const s = summarize([
      t('user', 'Fix the flaky deploy test'),
      t('assistant', '[ran: npm test]\nLooking.'),
      t('assistant', '[edited a.ts]\nFixed: the retry was missing.'),
    ]);
    assert.equal(s, 'Fix the flaky deploy test → Fixed: the retry was missing.');
  });
  it('trims each half at a word, within 160 characters', () => {
    const s = summarize([t('user', 'please '.repeat(80)), t('assistant', 'Done.')]);
    const [request, outcome] = s.split(' → ');
    assert.ok(request!.length <= 160 && request!.endsWith('please…'), request);
    assert.equal(outcome, 'Done.');
  });
  it('keeps the first sentence of a long conclusion, not nothing', () => {
    const answer = 'The migration was written by hand because AshSqlite cannot alter a column to nullable in place. ' + 'b'.repeat(300);
    assert.equal(
      summarize([t('user', 'Why?'), t('assistant', answer)]),
      'Why? → The migration was written by hand because AshSqlite cannot alter a column to nullable in place.',
    );
  });
  it('skips acknowledgements and slash commands when looking for the request', () => {
    const s = summarize([
      t('user', '/model opus'),
      t('user', 'ok'),
      t('user', 'Move the API from web-1 to web-2 tonight'),
      t('assistant', 'Moved: web-2 serves the API.'),
    ]);
    assert.equal(s, 'Move the API from web-1 to web-2 tonight → Moved: web-2 serves the API.');
  });
  it('takes the conclusion, not a closing courtesy, an announcement or an interjection', () => {
    const s = summarize([
      t('user', 'Rename the ledger tables'),
      t(
        'assistant',
        'Perfect! All tables are renamed and the tests pass.\n\n## Changes\n- `ledger_entries`\n\nLet me know if you want the old names kept as views.',
      ),
    ]);
    assert.equal(s, 'Rename the ledger tables → All tables are renamed and the tests pass.');
  });
  it('falls back on the title when no user turn asks anything', () => {
    assert.equal(
      summarize([t('assistant', 'Ran the nightly import. It finished.')], 'Nightly import'),
      'Nightly import → Ran the nightly import. It finished.',
    );
  });
});
