// The line reader on files that are still being written: a half-flushed last
// line waits for the next pass, and the pass after the rest arrives reads it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { distillClaude, readJsonl } from '../../daemon/memory/distill';
import { tempDir } from '../helpers';

const collect = (text: string): { values: Array<[unknown, number]>; stats: ReturnType<typeof readJsonl> } => {
  const values: Array<[unknown, number]> = [];
  const stats = readJsonl(Buffer.from(text), (v, line) => values.push([v, line]));
  return { values, stats };
};

describe('readJsonl', () => {
  it('stops before a truncated last line', () => {
    const whole = '{"a":1}\n{"b":2}\n';
    const { values, stats } = collect(whole + '{"c":');
    assert.equal(values.length, 2);
    assert.equal(stats.consumedBytes, Buffer.byteLength(whole));
    assert.equal(stats.lines, 2);
    assert.equal(stats.malformedLines, 0, 'a line still being written is not malformed');
  });

  it('counts malformed complete lines and keeps line numbers', () => {
    const { values, stats } = collect('{"a":1}\nnot json\n\n{"b":2}\n');
    assert.deepEqual(
      values.map(([, l]) => l),
      [1, 4],
    );
    assert.equal(stats.malformedLines, 1);
    assert.equal(stats.lines, 4);
  });

  it('consumes a whole object left without its newline', () => {
    const { values, stats } = collect('{"a":1}\n{"b":2}');
    assert.equal(values.length, 2);
    assert.equal(stats.consumedBytes, 15);
  });

  it('counts bytes, not characters, with multi-byte text', () => {
    const first = '{"t":"héllo ✓"}\n';
    const { stats } = collect(first + '{"t":"é');
    assert.equal(stats.consumedBytes, Buffer.byteLength(first));
  });
});

describe('re-distilling a growing transcript', () => {
  it('picks up the truncated line once the rest is appended', async () => {
    const dir = tempDir('jsonl');
    const file = path.join(dir, 's.jsonl');
    const line = (o: object): string => JSON.stringify(o) + '\n';
    const base = { sessionId: 's', cwd: '/nowhere' };
    const head =
      line({ ...base, type: 'user', uuid: '1', message: { role: 'user', content: 'first question' } }) +
      line({ ...base, type: 'assistant', uuid: '2', message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'first answer' }] } });
    const last = line({ ...base, type: 'user', uuid: '3', message: { role: 'user', content: 'second question' } });
    fs.writeFileSync(file, head + last.slice(0, 30));
    const before = await distillClaude(file);
    assert.equal(before.consumedBytes, Buffer.byteLength(head));
    assert.equal(before.turns.length, 2);
    assert.equal(before.malformedLines, 0);

    fs.appendFileSync(file, last.slice(30));
    const after = await distillClaude(file);
    assert.equal(after.consumedBytes, fs.statSync(file).size);
    assert.deepEqual(
      after.turns.map((t) => [t.role, t.text, t.lineStart]),
      [
        ['user', 'first question', 1],
        ['assistant', 'first answer', 2],
        ['user', 'second question', 3],
      ],
    );
  });
});
