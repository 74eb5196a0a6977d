// settings.json edits are textual and minimal: table-driven over files no
// JSON.stringify would produce.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutOf, SettingsParseError, withHooks, withoutHooks, withoutStaleMcpServer, type HookSpec } from '../../daemon/setup/settings-edit';

const SPEC: HookSpec = {
  event: 'PreToolUse',
  matcher: 'Grep|Glob',
  command: '/usr/bin/node /opt/scry/bin/scry hook pretooluse',
  timeout: 5,
  marker: 'hook pretooluse',
};

const FILES: Record<string, string> = {
  'four spaces, inline objects': '{\n    "model": "opus",\n    "permissions": { "allow": ["Bash(ls)"] }\n}\n',
  'tabs, first member on the brace line, no final newline': '{"a":1,\n\t"b": [1,2,3]}',
  'a hook of the user in the same event':
    '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "echo hi" } ] }\n    ]\n  },\n  "x": 1\n}\n',
  'an empty event array': '{\n  "hooks": {\n    "Stop": []\n  }\n}',
  'an empty object': '{}',
  'one line': '{"theme": "dark", "x": [1, 2]}',
  'CRLF line endings': '{\r\n  "z": true\r\n}\r\n',
};

describe('settings.json hook edits', () => {
  for (const [name, text] of Object.entries(FILES)) {
    it(`${name}: adds once, keeps other bytes, and removing gives back the original`, () => {
      const added = withHooks(text, 'settings.json', [SPEC]);
      const parsed = JSON.parse(added) as { hooks: { PreToolUse: Array<{ matcher: string; hooks: Array<{ command: string }> }> } };
      assert.deepEqual(parsed.hooks.PreToolUse.at(-1), { matcher: 'Grep|Glob', hooks: [{ type: 'command', command: SPEC.command, timeout: 5 }] });
      assert.equal(withHooks(added, 'settings.json', [SPEC]), added, 'idempotent');
      assert.equal(withoutHooks(added, 'settings.json', [SPEC]), text);
    });
  }

  it('keeps inline containers on one line and uses the file line endings', () => {
    assert.equal(
      withHooks(FILES['one line']!, 'f', [SPEC]),
      `{"theme": "dark", "x": [1, 2], "hooks": {"PreToolUse":[{"matcher":"Grep|Glob","hooks":[{"type":"command","command":"${SPEC.command}","timeout":5}]}]}}`,
    );
    const crlf = withHooks(FILES['CRLF line endings']!, 'f', [SPEC]);
    assert.ok(!crlf.replace(/\r\n/g, '').includes('\n'), 'no bare LF');
    assert.deepEqual(layoutOf('{\n\t"a": 1\n}'), { eol: '\n', unit: '\t' });
  });

  it('replaces an older hook of ours (another install path) instead of adding a second', () => {
    const old = withHooks('{}', 'f', [{ ...SPEC, command: '/old/place/scry hook pretooluse' }]);
    const updated = JSON.parse(withHooks(old, 'f', [SPEC])) as { hooks: { PreToolUse: Array<{ hooks: Array<{ command: string }> }> } };
    assert.deepEqual(
      updated.hooks.PreToolUse.map((g) => g.hooks[0]!.command),
      [SPEC.command],
    );
  });

  it('leaves a user hook that shares our group alone when removing ours', () => {
    const shared =
      '{"hooks": {"PreToolUse": [{"matcher": "Grep|Glob", "hooks": [{"type": "command", "command": "mine"}, {"type": "command", "command": "/x/scry hook pretooluse"}]}]}}';
    assert.equal(withoutHooks(shared, 'f', [SPEC]), '{"hooks": {"PreToolUse": [{"matcher": "Grep|Glob", "hooks": [{"type": "command", "command": "mine"}]}]}}');
  });

  it('removes only the stale scry server', () => {
    assert.equal(
      withoutStaleMcpServer('{ "mcpServers": { "a": 1, "scry": {"command": "scry"} }, "b": 2 }', 'f', 'scry'),
      '{ "mcpServers": { "a": 1 }, "b": 2 }',
    );
    assert.equal(withoutStaleMcpServer('{ "b": 2, "mcpServers": { "scry": {} } }', 'f', 'scry'), '{ "b": 2 }');
    assert.equal(withoutStaleMcpServer('{ "b": 2 }', 'f', 'scry'), '{ "b": 2 }');
  });

  it('refuses a file that is not JSON, naming it', () => {
    assert.throws(
      () => withHooks('{"a": 1,,}', '/home/u/.claude/settings.json', [SPEC]),
      (e: unknown) => e instanceof SettingsParseError && /\/home\/u\/\.claude\/settings\.json is not valid JSON/.test(e.message),
    );
    assert.throws(() => withHooks('[1]', 'f', [SPEC]), SettingsParseError);
    assert.throws(() => withHooks('{"hooks": []}', 'f', [SPEC]), /'hooks' is not an object/);
  });
});
