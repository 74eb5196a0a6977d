// The compact text of a recall answer spends its bytes on what was found:
// the folder every transcript shares is named once, each file after it,
// and what was left out is one short line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RecallPassage, RecallResult } from '../../../daemon/protocol';
import { recallText, sharedFolder } from '../../../daemon/protocol/memory-text';

const passage = (path: string, snippet: string): RecallPassage => ({
  episode_id: 'e',
  source: 'claude',
  occurred_at: '2026-01-02T00:00:00.000Z',
  path,
  line_start: 3,
  line_end: 9,
  snippet,
  score: 1,
});

describe('the text of a recall answer', () => {
  const cases: Array<[string, string[], string]> = [
    ['one file: no shared folder', ['/h/.claude/projects/p/a.jsonl'], ''],
    ['the same file twice: no shared folder', ['/h/.claude/projects/p/a.jsonl', '/h/.claude/projects/p/a.jsonl'], ''],
    ['two files of one project', ['/h/.claude/projects/p/a.jsonl', '/h/.claude/projects/p/b.jsonl'], '/h/.claude/projects/p/'],
    ['a subagent file and its parent', ['/h/p/s1/subagents/agent-x.jsonl', '/h/p/s1.jsonl'], '/h/p/'],
    ['folders that share only a prefix of a name', ['/h/proj-a/x.jsonl', '/h/proj-b/y.jsonl'], '/h/'],
    ['nothing shared but the root', ['/a/x.jsonl', '/b/y.jsonl'], '/'],
    ['a transcript and a remembered note (no folder)', ['/h/p/a.jsonl', 'manual:3f2a9c0011223344'], ''],
    ['a remembered note first', ['manual:3f2a9c0011223344', '/h/p/a.jsonl'], ''],
    ['paths that share no first character', ['/h/p/a.jsonl', 'h/p/b.jsonl'], ''],
  ];
  for (const [name, paths, folder] of cases) it(`shared folder: ${name}`, () => assert.equal(sharedFolder(paths), folder));

  it('names the shared folder once and each file after it, so every path can still be opened whole', () => {
    const r: RecallResult = {
      query: 'q',
      matches: [],
      episodes: [],
      total: 0,
      omitted: { entities: 2, facts: 0, episodes: 0, passages: 5 },
      note: 'left out: 5 passages, 2 entities (a larger budget or limit > 5)',
      elapsed_ms: 1,
      passages: [passage('/h/p/s1.jsonl', 'first said.'), passage('/h/p/s1/subagents/agent-x.jsonl', 'then said.'), passage('/h/p/s1.jsonl', 'also said.')],
    };
    const text = recallText(r);
    const folder = /^## what past sessions said \(files under (\S+), then lines/m.exec(text)?.[1];
    assert.equal(folder, '/h/p/', text);
    const files = text
      .split('\n')
      .filter((l) => / \(2026-01-02\)$/.test(l))
      .map((l) => folder + l.replace(/ \(2026-01-02\)$/, ''));
    assert.deepEqual(files, ['/h/p/s1.jsonl', '/h/p/s1/subagents/agent-x.jsonl'], text);
    assert.match(text, /^- 3-9: also said\.$/m);
  });
});
