// Every command line setup can install into an agent's config is one the CLI
// accepts and runs: a hook or an MCP registration that names a command the
// CLI cannot parse would fail in every session, silently.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { parseCommand } from '../../daemon/cli/args';
import { desiredHooks, HOOK_MARKERS } from '../../daemon/setup/hooks';
import { scryArgv, type SetupContext } from '../../daemon/setup/context';
import { CLI, ROOT, tempDir } from '../helpers';

const ctx = (home: string): SetupContext => ({
  claudeDir: home,
  scryHome: home,
  scry: { command: process.execPath, args: [CLI] },
  run: () => ({ found: false, code: null, stdout: '', stderr: '' }),
  out: () => undefined,
  confirm: () => Promise.resolve(false),
  now: () => new Date(),
});

describe('commands setup installs', () => {
  const home = tempDir('installed');
  const hooks = desiredHooks(ctx(home));

  it('every installed hook command parses as a scry command and runs with exit 0', () => {
    assert.ok(hooks.length > 0);
    for (const hook of hooks) {
      const prefix = `${process.execPath} ${CLI} `;
      const line = hook.command.replace(/'/g, '');
      assert.ok(line.startsWith(prefix), `${hook.command} starts with the scry launcher`);
      assert.doesNotThrow(() => parseCommand(line.slice(prefix.length).split(' ')), hook.command);
      // Claude Code hands hooks their event as JSON on stdin.
      const r = spawnSync('sh', ['-c', hook.command], { cwd: ROOT, input: JSON.stringify({ hook_event_name: hook.event, tool_name: 'Grep', tool_input: { pattern: 'x' } }), encoding: 'utf8', env: { ...process.env, SCRY_HOME: home } });
      assert.equal(r.status, 0, `${hook.command}: ${r.stderr}`);
    }
  });

  it('every hook setup installs has a marker for uninstall, and the MCP registration parses', () => {
    for (const hook of hooks) assert.ok(HOOK_MARKERS.some((m) => m.event === hook.event && hook.command.includes(m.marker)), hook.command);
    const [, , ...sub] = scryArgv(ctx(home), 'mcp');
    assert.equal(parseCommand(sub).name, 'mcp');
    fs.rmSync(home, { recursive: true, force: true });
  });
});
