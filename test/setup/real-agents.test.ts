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
import { createHash } from 'node:crypto';
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

describe(
  'with the real Claude Code and Codex CLIs',
  { skip: installed ? false : 'npm i -D @anthropic-ai/claude-code @openai/codex to run this', timeout: 300_000 },
  () => {
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
      for (let i = 0; i < 200 && (await scryJson<MemoryStatus>(['memory', 'status'], { home: scryHome, env })).queue.pending > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
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
      assert.ok(
        r.stdout.includes(`ran: claude mcp add --scope user --transport stdio scry -e SCRY_HOME=${scryHome} -- ${process.execPath} ${CLI} mcp`),
        r.stdout,
      );
      assert.match(r.stdout, /ran: codex mcp add scry --/);
      assert.match(fs.readFileSync(path.join(home, '.codex', 'AGENTS.md'), 'utf8'), /memory orient --cwd \.` /);
      const hooks = (JSON.parse(fs.readFileSync(path.join(home, '.claude', 'settings.json'), 'utf8')) as { hooks: Record<string, unknown> }).hooks;
      assert.deepEqual(Object.keys(hooks).sort(), ['PostToolUse', 'PreToolUse', 'SessionEnd', 'SessionStart']);
      const codexHooks = (JSON.parse(fs.readFileSync(path.join(home, '.codex', 'hooks.json'), 'utf8')) as { hooks: Record<string, unknown> }).hooks;
      assert.deepEqual(Object.keys(codexHooks).sort(), ['PreToolUse', 'SessionEnd', 'SessionStart']);
      assert.match(r.stdout, /codex hooks: one step is yours: run codex, type \/hooks, and trust scry's hooks/);

      const list = run('claude', ['mcp', 'list'], home);
      assert.match(list.stdout, /^scry: .*scry mcp - . Connected$/m, list.stdout + list.stderr);
      const codex = run('codex', ['mcp', 'list'], home);
      assert.match(codex.stdout, /^scry\s+\S*node\s+\S*scry mcp\s/m, codex.stdout + codex.stderr);
    });

    it('claude -p runs the SessionStart hook; the transcript records the orientation; SessionEnd hands the transcript over', async () => {
      const expected = (await runCli(['memory', 'orient', '--cwd', project], { cwd: project, env })).stdout;
      assert.match(expected, /^## Scry memory\n\*\*hermes\*\*/);

      const r = run('claude', ['-p', 'What do you remember about this repository?', '--output-format', 'stream-json', '--verbose'], project);
      const events = r.stdout
        .split('\n')
        .filter((l) => l.trim().startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const init = events.find((e) => e.type === 'system' && e.subtype === 'init') as
        { session_id: string; mcp_servers: Array<{ name: string; status: string }> } | undefined;
      assert.ok(init, r.stdout.slice(0, 2000) + r.stderr);
      assert.equal(init.mcp_servers.find((s) => s.name === 'scry')?.status, 'connected');
      const response = events.find((e) => e.subtype === 'hook_response' && e.hook_event === 'SessionStart') as { output: string } | undefined;
      assert.ok(response, 'the SessionStart hook ran');
      assert.deepEqual(JSON.parse(response.output), { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: expected } });

      const transcript = fs
        .readdirSync(path.join(home, '.claude', 'projects'))
        .map((d) => path.join(home, '.claude', 'projects', d, `${init.session_id}.jsonl`))
        .find((f) => fs.existsSync(f));
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
  },
);

describe(
  'a setup the user partly declines, then undoes, with the real Claude Code and Codex CLIs',
  { skip: installed ? false : 'npm i -D @anthropic-ai/claude-code @openai/codex to run this', timeout: 300_000 },
  () => {
    let home: string;
    let scryHome: string;
    let env: NodeJS.ProcessEnv;
    let repo: string;
    const run = (bin: string, args: string[], cwd: string) => spawnSync(bin, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });

    /** Every path under HOME with a hash of its bytes, except what the claude CLI keeps for itself (its config, backups, telemetry, logs). */
    const snapshot = (): Map<string, string> => {
      const out = new Map<string, string>();
      const claudeOwn =
        /^(\.claude\.json$|\.claude\/(backups|telemetry|statsig|todos|projects|shell-snapshots)(\/|$)|\.cache$|\.cache\/claude-cli-nodejs(\/|$))/;
      const walk = (dir: string): void => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name);
          const rel = path.relative(home, p);
          if (claudeOwn.test(rel)) continue;
          if (e.isDirectory()) {
            out.set(`${rel}/`, '');
            walk(p);
          } else out.set(rel, createHash('sha256').update(fs.readFileSync(p)).digest('hex'));
        }
      };
      walk(home);
      return out;
    };
    const mcpServers = (): unknown => {
      const file = path.join(home, '.claude.json');
      return fs.existsSync(file) ? ((JSON.parse(fs.readFileSync(file, 'utf8')) as { mcpServers?: unknown }).mcpServers ?? {}) : {};
    };

    before(() => {
      home = tempDir('declined-home');
      scryHome = tempDir('declined-scry');
      env = { ...process.env, HOME: home, SCRY_HOME: scryHome, SCRY_MEMORY_SWEEP: '0', PATH: `${BIN}:${path.dirname(process.execPath)}:/usr/bin:/bin` };
      delete env.CLAUDE_CONFIG_DIR;
      delete env.CODEX_HOME;
      // A Claude Code user already: the CLI has written its own files once.
      run('claude', ['mcp', 'list'], home);
      repo = tempDir('declined-repo');
      fs.writeFileSync(path.join(repo, 'main.ts'), 'export function main(): number {\n  return 1;\n}\nmain();\n');
      spawnSync('git', ['init', '-q'], { cwd: repo });
    });
    after(() => stopDaemon(scryHome));

    it('declined hooks are skipped by doctor, which exits 0; uninstall leaves HOME as it was; at most one backup on the way', async () => {
      const before = snapshot();
      const serversBefore = mcpServers();
      fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
      const codexDirBefore = snapshot();

      // Answers: no to the settings.json hooks, yes to the AGENTS.md line, none (no) to Codex's hooks.json.
      const setup = await runCli(['setup'], { cwd: home, env, input: 'n\ny\n' });
      assert.equal(setup.code, 0, setup.stdout + setup.stderr);
      assert.match(setup.stdout, /so scry will set its hooks/);
      assert.doesNotMatch(setup.stdout, /would|A backup is kept/, 'a real run says what it does');
      assert.match(setup.stdout, /hooks: not changed/);
      assert.match(setup.stdout, new RegExp(`-e SCRY_HOME=${scryHome} --`), 'the registration carries a non-default SCRY_HOME');

      const doctor = await runCli(['doctor'], { cwd: repo, env });
      assert.equal(doctor.code, 0, doctor.stdout + doctor.stderr);
      assert.match(doctor.stdout, /^ok {4}Claude Code: 2\.1\.\d+: searches run in Bash \(no Grep or Glob tool\), so the Bash hook is the route$/m);
      assert.match(doctor.stdout, /^skip {2}Bash search hook: not installed \(optional/m);
      assert.match(doctor.stdout, /^skip {2}Grep\/Glob search hook: not installed \(optional/m);
      assert.match(doctor.stdout, /^skip {2}Read memory hook: not installed \(optional/m);
      assert.match(doctor.stdout, /^skip {2}SessionStart memory hook: /m);
      assert.match(doctor.stdout, /^ok {4}registered with Codex: /m);
      assert.match(doctor.stdout, /^ok {4}Codex AGENTS\.md line: /m);
      assert.match(doctor.stdout, /^ok {4}Codex: 0\.\d+\.\d+: /m);
      assert.match(doctor.stdout, /^skip {2}Codex Bash search hook: not in .*hooks\.json \(optional/m);
      assert.match(doctor.stdout, /^ok {4}scry_refs call: 2 references to 'main'/m);
      assert.match(doctor.stdout, /all \d+ checks passed \(8 optional parts skipped\)/);
      assert.doesNotMatch(doctor.stdout, /^FAIL/m);

      // Two full cycles with the hooks accepted: one backup at most, at any point.
      const settingsBackups = (): string[] =>
        fs.existsSync(path.join(home, '.claude')) ? fs.readdirSync(path.join(home, '.claude')).filter((f) => f.includes('scry-backup')) : [];
      for (let i = 0; i < 2; i++) {
        assert.equal((await runCli(['setup', '--yes'], { cwd: home, env })).code, 0);
        assert.ok(settingsBackups().length <= 1, settingsBackups().join(', '));
        assert.equal((await runCli(['setup', '--yes'], { cwd: home, env })).code, 0);
        assert.ok(settingsBackups().length <= 1, settingsBackups().join(', '));
        const un = await runCli(['setup', '--uninstall', '--yes'], { cwd: home, env });
        assert.equal(un.code, 0, un.stdout + un.stderr);
        assert.match(un.stdout, /still here, on purpose:\n/);
        assert.match(un.stdout, /the scry daemon \(pid \d+\) keeps running: scry stop ends it/);
        assert.ok(un.stdout.includes(`${scryHome}: the indexes and memory scry keeps`), un.stdout);
        assert.deepEqual(settingsBackups(), []);
      }

      const after = snapshot();
      const changed = [...new Set([...codexDirBefore.keys(), ...after.keys()])].filter((k) => codexDirBefore.get(k) !== after.get(k));
      assert.deepEqual(changed, [], "HOME is byte for byte as before setup (the claude CLI's own files aside)");
      assert.deepEqual(mcpServers(), serversBefore, "no scry left in claude's MCP servers");
      assert.ok(before.size > 0);
    });
  },
);
