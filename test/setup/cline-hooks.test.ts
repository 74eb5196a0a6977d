// `scry setup` and Cline, through the real CLI in a temp HOME where Cline
// has run (an editor's globalStorage holds a task it wrote): setup says what
// it writes and asks; a no changes nothing; a yes writes the TaskComplete
// executable and keeps the user's own TaskComplete beside it, still run, its
// answer Cline's. The executable, run the way Cline runs it (its JSON on
// stdin, checked against Cline's hook reference: taskId, workspaceRoots, …),
// puts the task in the inbox with no daemon, and the daemon's next start
// ingests it. Uninstall gives the user's hook back byte for byte.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { inboxFile } from '../../daemon/inbox';
import type { MemoryStatus } from '../../daemon/protocol';
import { memoryStatus, ROOT, runCli, stopDaemon, tempDir } from '../helpers';
import { waitFor } from '../live/wait';
import { makeStubs, setupEnv } from './stubs';

const TASK = '1768471200000';
const USER_HOOK = '#!/bin/sh\ncat > "$(dirname "$0")/user-hook-saw.json"\necho \'{"cancel":false,"contextModification":"from the user hook"}\'\n';

/** Runs an executable as Cline does: the JSON on stdin, stdout read back. */
function runAsCline(file: string, input: unknown, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [], { env, stdio: ['pipe', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
    child.stdin.end(JSON.stringify(input));
  });
}

/** The sweep off (only the hook's hand-over brings a task) and no XDG_CONFIG_HOME or GEMINI_CLI_HOME of the runner's. */
const CLINE_ENV: NodeJS.ProcessEnv = { SCRY_MEMORY_SWEEP: '0', XDG_CONFIG_HOME: '', GEMINI_CLI_HOME: '' };

describe('scry setup with Cline', () => {
  it(
    "writes Cline's TaskComplete hook with consent, chains the user's own, hands the task to the daemon, and uninstall restores",
    { timeout: 180_000 },
    async () => {
      const home = tempDir('cline-user');
      const scryHome = tempDir('cline-scry');
      const stubs = makeStubs({});
      const tasks = path.join(home, '.config', 'Code', 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'tasks');
      fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'memory', 'cline', 'written', 'tasks', TASK), path.join(tasks, TASK), { recursive: true });
      // Cline asks xdg-user-dir for the Documents folder on Linux; user-dirs.dirs names it (~/Documents without xdg-user-dir).
      fs.mkdirSync(path.join(home, '.config'), { recursive: true });
      fs.writeFileSync(path.join(home, '.config', 'user-dirs.dirs'), 'XDG_DOCUMENTS_DIR="$HOME/Documents"\n');
      const hooksDir = path.join(home, 'Documents', 'Cline', 'Hooks');
      const hookFile = path.join(hooksDir, 'TaskComplete');
      fs.mkdirSync(hooksDir, { recursive: true });
      fs.writeFileSync(hookFile, USER_HOOK, { mode: 0o755 });
      const env = setupEnv(stubs, home, scryHome, CLINE_ENV);

      const declined = await runCli(['setup'], { cwd: home, env, input: 'n\nn\nn\nn\nn\nn\nn\n' });
      assert.match(
        declined.stdout,
        /cline hooks: Cline's hooks are files, so scry will write .*Documents\/Cline\/Hooks\/TaskComplete, an executable Cline runs at TaskComplete/,
      );
      assert.match(declined.stdout, /your hook there moves to .*TaskComplete\.before-scry/);
      assert.equal(fs.readFileSync(hookFile, 'utf8'), USER_HOOK, 'a no leaves the user hook alone');
      assert.deepEqual(fs.readdirSync(hooksDir), ['TaskComplete']);

      const r = await runCli(['setup', '--yes'], { cwd: home, env });
      await stopDaemon(scryHome);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const kept = `${hookFile}.before-scry`;
      assert.equal(fs.readFileSync(kept, 'utf8'), USER_HOOK, "the user's hook is kept");
      assert.match(fs.readFileSync(hookFile, 'utf8'), /hook cline-task-complete/);
      assert.ok((fs.statSync(hookFile).mode & 0o111) !== 0, 'Cline runs only executables');
      const again = await runCli(['setup', '--yes'], { cwd: home, env });
      await stopDaemon(scryHome);
      assert.match(again.stdout, /cline hooks: already in /);
      assert.equal(fs.readFileSync(kept, 'utf8'), USER_HOOK, 'a second setup does not take its own file for the user hook');

      // Cline's TaskComplete input, with no daemon running: the task waits in the inbox; the user hook ran and answered.
      const input = {
        clineVersion: '3.36.0',
        hookName: 'TaskComplete',
        timestamp: String(Date.now()),
        taskId: TASK,
        workspaceRoots: [home],
        userId: 'u-1',
        taskComplete: { taskMetadata: { taskId: TASK, ulid: '01J', result: 'done', command: '' } },
      };
      const ran = await runAsCline(hookFile, input, { ...env, SCRY_HOOK_DEADLINE_MS: '300' });
      assert.equal(ran.code, 0);
      assert.deepEqual(JSON.parse(ran.stdout), { cancel: false, contextModification: 'from the user hook' }, "the user hook's answer is Cline's");
      const saw = fs.readFileSync(path.join(hooksDir, 'user-hook-saw.json'), 'utf8');
      assert.equal((JSON.parse(saw) as { taskId: string }).taskId, TASK, saw);
      const inbox = fs
        .readFileSync(inboxFile(scryHome), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { agent: string; path: string });
      assert.deepEqual(
        inbox.map((e) => [e.agent, e.path]),
        [['cline', path.join(tasks, TASK, 'ui_messages.json')]],
      );
      // An id that is no folder name finds nothing and still answers Cline.
      const odd = await runAsCline(hookFile, { ...input, taskId: '../../etc' }, { ...env, SCRY_HOOK_DEADLINE_MS: '300' });
      assert.equal(odd.code, 0);
      assert.equal(fs.readFileSync(inboxFile(scryHome), 'utf8').trim().split('\n').length, 1);

      // The daemon's next start takes the inbox and ingests the task (the sweep is off: only the hand-over brings it).
      const status = (): Promise<MemoryStatus> => memoryStatus(scryHome, { HOME: home, XDG_CONFIG_HOME: '' });
      await status(); // starts the daemon, which reads the inbox first
      await waitFor(() => !fs.existsSync(inboxFile(scryHome)), 'the inbox taken');
      await waitFor(async () => (await status()).episodes > 0, 'the task ingested');
      await stopDaemon(scryHome);

      const un = await runCli(['setup', '--uninstall', '--yes'], { cwd: home, env });
      await stopDaemon(scryHome);
      assert.equal(un.code, 0, un.stdout + un.stderr);
      assert.match(un.stdout, /cline hooks: removed .*TaskComplete \(your hook is back in its place\)/);
      assert.equal(fs.readFileSync(hookFile, 'utf8'), USER_HOOK);
      assert.ok((fs.statSync(hookFile).mode & 0o111) !== 0);
      assert.ok(!fs.existsSync(kept));
    },
  );

  it('with no hook of the user: writes one, and uninstall removes it and the folder it created', { timeout: 120_000 }, async () => {
    const home = tempDir('cline-user2');
    const scryHome = tempDir('cline-scry2');
    const stubs = makeStubs({});
    fs.mkdirSync(path.join(home, '.cline', 'data', 'tasks'), { recursive: true });
    const env = setupEnv(stubs, home, scryHome, CLINE_ENV);
    // A Documents folder of another name, as user-dirs.dirs says (what xdg-user-dir prints, and Cline uses).
    fs.mkdirSync(path.join(home, '.config'), { recursive: true });
    fs.writeFileSync(path.join(home, '.config', 'user-dirs.dirs'), 'XDG_DOCUMENTS_DIR="$HOME/Dokumente"\n');
    const hooksDir =
      fs.existsSync('/usr/bin/xdg-user-dir') || fs.existsSync('/bin/xdg-user-dir')
        ? path.join(home, 'Dokumente', 'Cline', 'Hooks')
        : path.join(home, 'Documents', 'Cline', 'Hooks');
    const r = await runCli(['setup', '--yes'], { cwd: home, env });
    await stopDaemon(scryHome);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const ran = await runAsCline(
      path.join(hooksDir, 'TaskComplete'),
      { hookName: 'TaskComplete', taskId: 'no-such-task', workspaceRoots: [] },
      { ...env, SCRY_HOOK_DEADLINE_MS: '300' },
    );
    assert.equal(ran.code, 0);
    assert.deepEqual(JSON.parse(ran.stdout), { cancel: false });
    assert.ok(!fs.existsSync(inboxFile(scryHome)), 'an unknown task is handed nowhere');
    const un = await runCli(['setup', '--uninstall', '--yes'], { cwd: home, env });
    await stopDaemon(scryHome);
    assert.equal(un.code, 0, un.stdout + un.stderr);
    assert.ok(!fs.existsSync(path.dirname(hooksDir)), 'the Cline/Hooks folders setup created are gone again');
  });
});
