// The session hooks through the real CLI against a real daemon: the exact
// SessionStart JSON, the off switch, a SessionEnd hand-over that the daemon
// ingests, and with the daemon stopped or hung: exit 0, nothing printed, the
// transcript kept in the inbox for the next start. A hung daemon is a socket
// that accepts and never answers; the test's timeout only guards a hang.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { inboxFile } from '../../../daemon/inbox';
import { socketPath } from '../../../daemon/paths';
import type { OrientResult } from '../../../daemon/protocol';
import { memoryStatus, runCli, scry, scryJson, stopDaemon, tempDir, type CliResult } from '../../helpers';
import { waitFor } from '../../live/wait';
import { FIXTURES } from './fixture-graph';

const env = (home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0', ...extra });
const hook = (home: string, args: string[], input: unknown, cwd = home, extra: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
  runCli(args, { cwd, env: { ...env(home), ...extra }, input: JSON.stringify(input) });

describe('session hooks with a real daemon', { timeout: 120_000 }, () => {
  let home: string;
  let repo: string;
  before(async () => {
    home = tempDir('hooks');
    repo = path.join(tempDir('hooks-repo'), 'hermes');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    for (const dir of fs
      .readdirSync(path.join(FIXTURES, 'claude'))
      .filter((d) => d.includes('hermes'))
      .sort()) {
      for (const f of fs.readdirSync(path.join(FIXTURES, 'claude', dir)).sort()) {
        const r = await scry(['memory', 'ingest', '--source', 'claude', '--path', path.join(FIXTURES, 'claude', dir, f)], {
          home,
          env: { SCRY_MEMORY_SWEEP: '0' },
        });
        assert.equal(r.code, 0, r.stderr);
        await waitFor(async () => (await memoryStatus(home)).queue.pending === 0, 'extraction');
      }
    }
  });
  after(async () => {
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('SessionStart prints exactly the hook JSON around the orientation block', async () => {
    const expected = await scryJson<OrientResult>(['memory', 'orient', '--cwd', repo], { home, env: { SCRY_MEMORY_SWEEP: '0' } });
    assert.match(expected.text, /\*\*hermes\*\*/);
    const r = await hook(home, ['memory', 'orient', '--hook'], {
      session_id: 's1',
      transcript_path: '/nowhere.jsonl',
      cwd: repo,
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: expected.text } })}\n`);
    assert.equal(r.stderr, '');
    // Plain `scry memory orient` prints the block itself, even into a pipe.
    const plain = await scry(['memory', 'orient', '--cwd', path.join(repo, '.git')], { home, env: { SCRY_MEMORY_SWEEP: '0' } });
    assert.equal(plain.stdout, expected.text);
  });

  it('hooks.session_start: false in config.yaml makes the hook print nothing', async () => {
    fs.writeFileSync(path.join(home, 'config.yaml'), 'hooks:\n  session_start: false\n');
    try {
      const r = await hook(home, ['memory', 'orient', '--hook'], { cwd: repo, hook_event_name: 'SessionStart', source: 'resume' });
      assert.equal(r.code, 0);
      assert.equal(r.stdout, '');
    } finally {
      fs.rmSync(path.join(home, 'config.yaml'));
    }
  });

  it('SessionEnd hands the transcript to the daemon, which ingests it', async () => {
    const transcript = path.join(tempDir('hooks-t'), 'session.jsonl');
    fs.copyFileSync(path.join(FIXTURES, 'claude', '-home-ana-src-ledger', '44444444-dddd-4000-8000-000000000004.jsonl'), transcript);
    const before = (await memoryStatus(home)).episodes;
    const r = await hook(home, ['hook', 'session-end'], {
      session_id: 's2',
      transcript_path: transcript,
      cwd: repo,
      hook_event_name: 'SessionEnd',
      reason: 'other',
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    await waitFor(async () => (await memoryStatus(home)).episodes > before, 'the handed-over transcript');
    await waitFor(async () => {
      const r = await scryJson<{ matches: Array<{ entity: { name: string } }> }>(['memory', 'recall', 'ledger'], { home, env: { SCRY_MEMORY_SWEEP: '0' } });
      return r.matches[0]?.entity.name === 'ledger';
    }, 'ledger in the graph');
  });

  it('with the daemon stopped: both hooks exit 0 and print nothing; the transcript waits in the inbox and is ingested at the next start', async () => {
    const before = (await memoryStatus(home)).episodes;
    await stopDaemon(home);
    const start = await hook(home, ['memory', 'orient', '--hook'], { cwd: repo, hook_event_name: 'SessionStart', source: 'startup' });
    assert.equal(start.code, 0);
    assert.equal(start.stdout, '');
    assert.ok(!fs.existsSync(socketPath(home)) || !(await connectable(socketPath(home))), 'the hook did not start a daemon');

    const transcript = path.join(tempDir('hooks-t'), 'atlas.jsonl');
    fs.copyFileSync(path.join(FIXTURES, 'claude', '-home-ana-src-atlas', '55555555-eeee-4000-8000-000000000005.jsonl'), transcript);
    const end = await hook(home, ['hook', 'session-end'], { transcript_path: transcript, hook_event_name: 'SessionEnd' });
    assert.equal(end.code, 0);
    assert.equal(end.stdout, '');
    assert.match(fs.readFileSync(inboxFile(home), 'utf8'), new RegExp(`"path":"${transcript.replace(/[/\\.]/g, '\\$&')}"`));

    await memoryStatus(home); // this starts the daemon
    await waitFor(() => !fs.existsSync(inboxFile(home)), 'the inbox taken');
    await waitFor(async () => {
      const r = await scryJson<{ entities: Array<{ name: string }> }>(['memory', 'entities', '--type', 'project'], { home, env: { SCRY_MEMORY_SWEEP: '0' } });
      return r.entities.some((e) => e.name === 'atlas');
    }, 'atlas in the graph');
    assert.ok((await memoryStatus(home)).episodes > before);
  });

  it('with a daemon that accepts and never answers: the hooks give up after their deadline, print nothing, exit 0', async () => {
    const hung = tempDir('hooks-hung');
    const server = net.createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(socketPath(hung), resolve));
    try {
      const start = await hook(hung, ['memory', 'orient', '--hook'], { cwd: repo, hook_event_name: 'SessionStart', source: 'startup' });
      assert.equal(start.code, 0);
      assert.equal(start.stdout, '');
      const transcript = path.join(FIXTURES, 'claude', '-home-ana-src-atlas', '55555555-eeee-4000-8000-000000000005.jsonl');
      const end = await hook(hung, ['hook', 'session-end'], { transcript_path: transcript });
      assert.equal(end.code, 0);
      assert.ok(fs.readFileSync(inboxFile(hung), 'utf8').includes(transcript), 'kept for a daemon that answers');
      // Codex's SessionEnd input is Claude Code's: its hook command names the agent, anything else is Claude Code.
      const rollout = '/tmp/sessions/rollout-2026-01-01T00-00-00-x.jsonl';
      await hook(hung, ['hook', 'session-end'], { transcript_path: rollout }, hung, { SCRY_HOOK_AGENT: 'codex' });
      await hook(hung, ['hook', 'session-end'], { transcript_path: '/tmp/other.jsonl' }, hung, { SCRY_HOOK_AGENT: 'nobody' });
      const entries = fs
        .readFileSync(inboxFile(hung), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { agent: string; path: string });
      assert.deepEqual(
        entries.slice(-2).map((e) => [e.agent, e.path]),
        [
          ['codex', rollout],
          ['claude-code', '/tmp/other.jsonl'],
        ],
      );
    } finally {
      server.close();
      fs.rmSync(hung, { recursive: true, force: true });
    }
  });
});

function connectable(sock: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createConnection(sock);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
