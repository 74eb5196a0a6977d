// The real Claude Code and Codex CLIs (npm @anthropic-ai/claude-code and
// @openai/codex, dev dependencies) in a temporary HOME, offline and without a
// login: `scry setup --yes` registers scry with both, installs the hooks and
// the AGENTS.md line; `claude mcp list` connects; `claude -p` runs the
// installed SessionStart hook, whose orientation its transcript records as a
// hook_additional_context attachment, and then the SessionEnd hook, which
// hands that transcript to the daemon. Claude stops at "Not logged in", which
// is as far as it goes offline; nothing here is a stub.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { memoryDb } from '../../daemon/memory/domain';
import type { MemoryStatus } from '../../daemon/protocol';
import { CLI, ROOT, runCli, scryJson, stopDaemon, tempDir } from '../helpers';

const BIN = path.join(ROOT, 'node_modules', '.bin');
const installed = fs.existsSync(path.join(BIN, 'claude')) && fs.existsSync(path.join(BIN, 'codex'));
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory', 'recall', 'claude');

describe('with the real Claude Code and Codex CLIs', { skip: installed ? false : 'npm i -D @anthropic-ai/claude-code @openai/codex to run this', timeout: 300_000 }, () => {
  let home: string;
  let scryHome: string;
  let env: NodeJS.ProcessEnv;
  let project: string;
  const run = (bin: string, args: string[], cwd: string) => spawnSync(bin, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });

  before(async () => {
    home = tempDir('agent-home');
    scryHome = tempDir('agent-scry');
    env = { ...process.env, HOME: home, SCRY_HOME: scryHome, SCRY_MEMORY_SWEEP: '0', PATH: `${BIN}:${path.dirname(process.execPath)}:/usr/bin:/bin` };
    delete env.CLAUDE_CONFIG_DIR;
    delete env.CODEX_HOME;
    for (const dir of fs.readdirSync(FIXTURES).filter((d) => d.includes('hermes'))) {
      const r = await runCli(['memory', 'ingest', '--source', 'claude', '--path', path.join(FIXTURES, dir)], { cwd: home, env });
      assert.equal(r.code, 0, r.stderr);
    }
    for (let i = 0; i < 200 && (await scryJson<MemoryStatus>(['memory', 'status'], { home: scryHome, env })).queue.pending > 0; i++) await new Promise((r) => setTimeout(r, 50));
    project = path.join(tempDir('agent-proj'), 'hermes');
    fs.mkdirSync(project, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: project });
  });
  after(async () => {
    await stopDaemon(scryHome);
  });

  it('scry setup --yes registers with both CLIs; claude mcp list shows scry connected; codex mcp list has it', async () => {
    const r = await runCli(['setup', '--yes'], { cwd: home, env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(r.stdout.includes(`ran: claude mcp add --scope user --transport stdio scry -- ${process.execPath} ${CLI} mcp`), r.stdout);
    assert.match(r.stdout, /ran: codex mcp add scry --/);
    assert.match(fs.readFileSync(path.join(home, '.codex', 'AGENTS.md'), 'utf8'), /memory orient --cwd \.` /);
    const hooks = (JSON.parse(fs.readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, unknown> }).hooks;
    assert.deepEqual(Object.keys(hooks).sort(), ['PreToolUse', 'SessionEnd', 'SessionStart']);

    const list = run('claude', ['mcp', 'list'], home);
    assert.match(list.stdout, /^scry: .*scry mcp - . Connected$/m, list.stdout + list.stderr);
    const codex = run('codex', ['mcp', 'list'], home);
    assert.match(codex.stdout, /^scry\s+\S*node\s+\S*scry mcp\s/m, codex.stdout + codex.stderr);
  });

  it('claude -p runs the SessionStart hook; the transcript records the orientation; SessionEnd hands the transcript over', async () => {
    const expected = (await runCli(['memory', 'orient', '--cwd', project], { cwd: project, env })).stdout;
    assert.match(expected, /^## Scry memory\n\*\*hermes\*\*/);

    const r = run('claude', ['-p', 'What do you remember about this repository?', '--output-format', 'stream-json', '--verbose'], project);
    const events = r.stdout.split('\n').filter((l) => l.trim().startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    const init = events.find((e) => e.type === 'system' && e.subtype === 'init') as { session_id: string; mcp_servers: Array<{ name: string; status: string }> } | undefined;
    assert.ok(init, r.stdout.slice(0, 2000) + r.stderr);
    assert.equal(init.mcp_servers.find((s) => s.name === 'scry')?.status, 'connected');
    const response = events.find((e) => e.subtype === 'hook_response' && e.hook_event === 'SessionStart') as { output: string } | undefined;
    assert.ok(response, 'the SessionStart hook ran');
    assert.deepEqual(JSON.parse(response.output), { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: expected } });

    const transcript = fs.readdirSync(path.join(home, '.claude', 'projects')).map((d) => path.join(home, '.claude', 'projects', d, `${init.session_id}.jsonl`)).find((f) => fs.existsSync(f));
    assert.ok(transcript, 'claude wrote its transcript');
    const attachments = fs
      .readFileSync(transcript, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { type: string; attachment?: { type: string; content?: unknown } })
      .filter((l) => l.type === 'attachment');
    const context = attachments.find((a) => a.attachment?.type === 'hook_additional_context');
    assert.ok(context, `attachments: ${attachments.map((a) => a.attachment?.type).join(', ')}`);
    assert.deepEqual(context.attachment!.content, [expected]);

    // The SessionEnd hook gave the daemon this transcript: it is tracked (read to its end). One
    // prompt is below the 3-turn floor, so it waits to grow instead of becoming an episode.
    const db = memoryDb(scryHome);
    let cursor: { offset: number } | undefined;
    for (let i = 0; i < 200 && !cursor; i++) {
      const conn = new Database(db, { readonly: true });
      try {
        cursor = conn.prepare(`SELECT offset FROM cursors WHERE path = ?`).get(transcript) as { offset: number } | undefined;
      } finally {
        conn.close();
      }
      if (!cursor) await new Promise((res) => setTimeout(res, 50));
    }
    assert.ok(cursor, 'the daemon read the transcript the SessionEnd hook handed over');
    assert.ok(cursor.offset > 0);
  });
});
