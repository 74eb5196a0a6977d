// `scry setup` and Gemini CLI, through the real CLI in a temp HOME where
// Gemini CLI has run (~/.gemini holds its settings): setup shows the change,
// asks, adds only its SessionEnd hook to the user's settings.json (keeping
// what is there and a backup), the hook runs scry's session-end handler as
// Gemini CLI's agent, and uninstall gives the user's file back. The shape
// and the hook input (transcript_path in `gemini -p` too) were checked
// against Gemini CLI 0.61 (see daemon/setup/gemini-hooks.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, runCli, stopDaemon, tempDir } from '../helpers';
import { makeStubs, setupEnv } from './stubs';

const USER_SETTINGS = '{\n  "security": { "auth": { "selectedType": "gemini-api-key" } },\n  "ui": { "theme": "GitHub" }\n}\n';

describe('scry setup with Gemini CLI', () => {
  it('adds its SessionEnd hook to ~/.gemini/settings.json with consent, and uninstall restores the file', async () => {
    const home = tempDir('gemini-user');
    const scryHome = tempDir('gemini-scry');
    const stubs = makeStubs({});
    const settings = path.join(home, '.gemini', 'settings.json');
    fs.mkdirSync(path.dirname(settings), { recursive: true });
    fs.writeFileSync(settings, USER_SETTINGS);
    const env = setupEnv(stubs, home, scryHome, { GEMINI_CLI_HOME: '' });

    const declined = await runCli(['setup'], { cwd: home, env, input: 'n\nn\nn\nn\nn\nn\n' });
    assert.match(
      declined.stdout,
      /memory: scry memory sweep \(or scry memory status\) lists the agent session stores found on this machine/,
      'no daemon runs: setup says where the list is',
    );
    assert.match(
      declined.stdout,
      /gemini hooks: Gemini CLI has no command for hooks, so scry will set its hooks, SessionEnd \(hands the finished chat to the Scry daemon to remember\), in .*\.gemini\/settings\.json/,
    );
    assert.equal(fs.readFileSync(settings, 'utf8'), USER_SETTINGS, 'a no leaves the file alone');

    // Gemini CLI's chats as it wrote them, swept by a running daemon: setup's last word lists the store.
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'memory', 'gemini', 'real-cli', '.gemini', 'tmp'), path.join(home, '.gemini', 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(scryHome, 'config.yaml'), 'memory:\n  sweep:\n    min_age_minutes: 0\n');
    const sweep = await runCli(['memory', 'sweep', '--json'], { cwd: home, env: { ...env, SCRY_MEMORY_SWEEP: '0' } });
    assert.equal(sweep.code, 0, sweep.stderr);
    const r = await runCli(['setup', '--yes'], { cwd: home, env });
    await stopDaemon(scryHome);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(r.stdout.includes(`memory: gemini: ${path.join(home, '.gemini', 'tmp')}, 1 sessions found, 1 ingested`), r.stdout);
    const written = JSON.parse(fs.readFileSync(settings, 'utf8')) as {
      ui: unknown;
      hooks: { SessionEnd: Array<{ hooks: Array<{ type: string; command: string; timeout: number }> }> };
    };
    assert.deepEqual(written.ui, { theme: 'GitHub' }, "the user's settings stay");
    const hook = written.hooks.SessionEnd[0]!.hooks[0]!;
    assert.equal(hook.type, 'command');
    assert.match(hook.command, /^SCRY_HOOK_AGENT=gemini-cli .*hook session-end/);
    assert.equal(hook.timeout, 5000, 'milliseconds, as Gemini CLI reads them');
    assert.ok(
      fs.readdirSync(path.dirname(settings)).some((f) => f.startsWith('settings.json.scry-backup')),
      'the previous file is kept',
    );

    // The hook as Gemini CLI runs it, with the input it sends: no daemon runs, so the chat goes to the inbox for the next start.
    const transcript = path.join(home, '.gemini', 'tmp', 'proj', 'chats', 'session-2026-12-03T12-00-5486b8a6.jsonl');
    const input = JSON.stringify({ session_id: '5486b8a6', transcript_path: transcript, cwd: home, hook_event_name: 'SessionEnd', reason: 'exit' });
    const ran = await runCli(['hook', 'session-end'], { cwd: home, env: { ...env, SCRY_HOOK_AGENT: 'gemini-cli', SCRY_HOOK_DEADLINE_MS: '300' }, input });
    assert.equal(ran.code, 0);
    const inbox = fs.readFileSync(path.join(scryHome, 'memory', 'inbox.jsonl'), 'utf8');
    assert.match(inbox, /"agent":"gemini-cli"/);
    assert.ok(inbox.includes(transcript));

    const un = await runCli(['setup', '--uninstall', '--yes'], { cwd: home, env });
    assert.equal(un.code, 0, un.stdout + un.stderr);
    assert.deepEqual(JSON.parse(fs.readFileSync(settings, 'utf8')), JSON.parse(USER_SETTINGS), "uninstall leaves the user's settings as they were");
  });
});
