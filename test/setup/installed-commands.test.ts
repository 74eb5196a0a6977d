// Every command line setup can install into an agent's config is one the CLI
// accepts and runs: a hook or an MCP registration that names a command the
// CLI cannot parse would fail in every session, silently.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseCommand } from '../../daemon/cli/args';
import { HOOK_EVENTS } from '../../daemon/hooks';
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

  it('every installed hook command parses as a scry command (or is the shell step before one) and runs with exit 0', () => {
    assert.ok(hooks.length > 0);
    const gate = path.join(path.dirname(CLI), 'scry-hook');
    for (const hook of hooks) {
      // A SCRY_HOME that is not the default comes first (`SCRY_HOME=… cmd`).
      const line = hook.command.replace(/'/g, '').replace(/^SCRY_HOME=\S+ /, '');
      const launcher = `${process.execPath} ${CLI} `;
      if (line.startsWith(`/bin/sh ${gate} `)) {
        // bin/scry-hook NODE EVENT: this Node, and an event dist/hook.js knows.
        const [node, event] = line.slice(`/bin/sh ${gate} `.length).split(' ');
        assert.equal(node, process.execPath);
        assert.ok((HOOK_EVENTS as readonly string[]).includes(event!), hook.command);
        assert.doesNotThrow(() => parseCommand(['hook', event!]), hook.command);
      } else {
        assert.ok(line.startsWith(launcher), `${hook.command} starts with the scry launcher`);
        assert.doesNotThrow(() => parseCommand(line.slice(launcher.length).split(' ')), hook.command);
      }
      // Claude Code hands hooks their event as JSON on stdin.
      for (const input of [
        { hook_event_name: hook.event, tool_name: 'Grep', tool_input: { pattern: 'x' } },
        { hook_event_name: hook.event, tool_name: 'Bash', tool_input: { command: 'grep -rn processOrder .' }, cwd: home },
      ]) {
        const r = spawnSync('sh', ['-c', hook.command], {
          cwd: ROOT,
          input: JSON.stringify(input),
          encoding: 'utf8',
          env: { ...process.env, SCRY_HOME: home },
        });
        assert.equal(r.status, 0, `${hook.command}: ${r.stderr}`);
      }
    }
  });

  it('every hook setup installs has a marker for uninstall, and the MCP registration parses', () => {
    for (const hook of hooks)
      assert.ok(
        HOOK_MARKERS.some((m) => m.event === hook.event && hook.command.includes(m.marker)),
        hook.command,
      );
    const [, , ...sub] = scryArgv(ctx(home), 'mcp');
    assert.equal(parseCommand(sub).name, 'mcp');
    fs.rmSync(home, { recursive: true, force: true });
  });
});
