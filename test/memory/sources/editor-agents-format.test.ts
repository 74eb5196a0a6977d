// The readers of the editor agents' stores, on their edge cases: VS Code's
// edit log replayed entry by entry (a push that truncates, a set, a delete, a
// half-written last line), an entry kind or a task file it does not know, an
// Aider history growing mid-line, and where each editor keeps its `User`
// folder on Linux, macOS and Windows.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { distillAiderBuffer } from '../../../daemon/memory/distill/aider';
import { distillTaskBuffer } from '../../../daemon/memory/distill/cline';
import { distillCopilotBuffer } from '../../../daemon/memory/distill/copilot';
import { editorUserDirs } from '../../../daemon/memory/sources/editors';

const req = (text: string, ts: number, answer?: string): Record<string, unknown> => ({
  requestId: `r${ts}`,
  timestamp: ts,
  message: { text, parts: [] },
  response: answer ? [{ value: answer }] : [],
});
const log = (...entries: unknown[]): Buffer => Buffer.from(entries.map((e) => JSON.stringify(e)).join('\n') + '\n');

describe('VS Code chat edit log', () => {
  it('replays pushes (with truncation), sets and deletes into the session', () => {
    const buf = log(
      { kind: 0, v: { version: 3, sessionId: 's', creationDate: 1_000, requests: [], customTitle: 'old' } },
      { kind: 2, k: ['requests'], v: [req('first question about the ledger', 2_000, 'first answer')] },
      { kind: 2, k: ['requests'], v: [req('a request later undone', 3_000, 'undone answer')] },
      // Undo: truncate at 1, then push the request that replaced it.
      { kind: 2, k: ['requests'], i: 1, v: [req('second question about the ledger', 4_000)] },
      { kind: 2, k: ['requests', 1, 'response'], v: [{ value: 'second answer' }] },
      { kind: 1, k: ['customTitle'], v: 'Ledger' },
      { kind: 3, k: ['customTitle'] },
    );
    const s = distillCopilotBuffer(buf, '/x/chatSessions/s.jsonl');
    assert.deepEqual(
      s.turns.map((t) => [t.role, t.text, t.lineStart]),
      [
        ['user', 'first question about the ledger', 1],
        ['assistant', 'first answer', 2],
        ['user', 'second question about the ledger', 3],
        ['assistant', 'second answer', 4],
      ],
    );
    assert.equal(s.title, undefined, 'the deleted title is gone');
    assert.equal(s.startedAt, new Date(1_000).toISOString());
    assert.equal(s.endedAt, new Date(4_000).toISOString());
    assert.equal(s.consumedBytes, buf.length);
  });

  it('leaves a half-written last entry for the next pass', () => {
    const whole = log({ kind: 0, v: { version: 3, sessionId: 's', creationDate: 1, requests: [req('q', 2, 'a')] } });
    const partial = Buffer.concat([whole, Buffer.from('{"kind":2,"k":["requests"],"v":[{"requ')]);
    const s = distillCopilotBuffer(partial, '/x/chatSessions/s.jsonl');
    assert.equal(s.consumedBytes, whole.length);
    assert.equal(s.turns.length, 2);
  });

  it('names the file, the line and what was expected for an entry kind or version it does not know', () => {
    assert.throws(
      () => distillCopilotBuffer(log({ kind: 0, v: { version: 3, requests: [] } }, { kind: 9, k: [] }), '/x/chatSessions/s.jsonl'),
      /'\/x\/chatSessions\/s\.jsonl:2': .*kind: 0\|1\|2\|3/,
    );
    assert.throws(
      () => distillCopilotBuffer(Buffer.from(JSON.stringify({ version: 4, requests: [] })), '/x/chatSessions/s.json'),
      /s\.json': .*version 1, 2 or 3/,
    );
    assert.throws(() => distillCopilotBuffer(Buffer.from('{"version": 3, "requ'), '/x/chatSessions/s.json'), /s\.json': expected/);
  });
});

describe('Cline task messages', () => {
  it('refuses a file that is not an array of {ts, type} messages, naming it', () => {
    assert.throws(
      () => distillTaskBuffer('cline', Buffer.from(JSON.stringify([{ type: 'say', say: 'task', text: 'no time' }])), '/t/1/ui_messages.json'),
      /ui_messages\.json': expected a JSON array of task messages/,
    );
  });

  it('counts a message kind it does not know, and keeps the rest', () => {
    const s = distillTaskBuffer(
      'cline',
      Buffer.from(
        JSON.stringify([
          { ts: 1, type: 'say', say: 'task', text: 'fix the ledger' },
          { ts: 2, type: 'say', say: 'hologram', text: 'x' },
          { ts: 3, type: 'say', say: 'text', text: 'fixed it' },
        ]),
      ),
      '/t/1/ui_messages.json',
    );
    assert.deepEqual(s.unknownTypes, { hologram: 1 });
    assert.deepEqual(
      s.turns.map((t) => t.role),
      ['user', 'assistant'],
    );
  });
});

describe('Aider history', () => {
  it('reads complete lines only, and dates turns by their session header', () => {
    const text =
      '\n# aider chat started at 2026-05-01 09:30:00\n\n#### where is the ledger?  \n\nOn build-7.\n\n# aider chat started at 2026-05-02 10:00:00\n\n#### and the por';
    const s = distillAiderBuffer(Buffer.from(text), '/r/.aider.chat.history.md');
    assert.deepEqual(
      s.turns.map((t) => [t.role, t.text, t.at]),
      [
        ['user', 'where is the ledger?', new Date(2026, 4, 1, 9, 30, 0).toISOString()],
        ['assistant', 'On build-7.', new Date(2026, 4, 1, 9, 30, 0).toISOString()],
      ],
    );
    assert.equal(s.consumedBytes, Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1)));
    assert.equal(s.endedAt, new Date(2026, 4, 2, 10, 0, 0).toISOString());
  });
});

describe('editor User folders', () => {
  const home = '/home/u';
  it('are under ~/.config on Linux (or $XDG_CONFIG_HOME), with code-server under ~/.local/share', () => {
    assert.deepEqual(
      editorUserDirs({ home, env: {} }, 'linux'),
      ['Code', 'Code - Insiders', 'Cursor', 'VSCodium']
        .map((p) => path.join(home, '.config', p, 'User'))
        .concat(path.join(home, '.local', 'share', 'code-server', 'User')),
    );
    assert.equal(editorUserDirs({ home, env: { XDG_CONFIG_HOME: '/x' } }, 'linux')[0], '/x/Code/User');
  });
  it('are under Application Support on macOS and %APPDATA% on Windows', () => {
    assert.equal(editorUserDirs({ home, env: {} }, 'darwin')[2], path.join(home, 'Library', 'Application Support', 'Cursor', 'User'));
    assert.deepEqual(
      editorUserDirs({ home: 'C:\\Users\\u', env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' } }, 'win32'),
      ['Code', 'Code - Insiders', 'Cursor', 'VSCodium'].map((p) => `C:\\Users\\u\\AppData\\Roaming\\${p}\\User`),
    );
  });
});
