// `scry setup` through the real CLI, against stub `claude`/`codex` executables
// on PATH and a temp HOME: what it runs, what it writes, what it leaves alone.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { CLI, runCli, stopDaemon, tempDir, type CliResult } from '../helpers';
import { makeStubs, setupEnv, type Stubs } from './stubs';

const NODE = process.execPath;
const MCP_ARGV = [NODE, CLI, 'mcp'];
/** The registration setup makes: this scry, with the test's SCRY_HOME (not the default), so the agent's scry reaches the same daemon. */
const addCall = (w: World): string[] => ['mcp', 'add', '--scope', 'user', '--transport', 'stdio', 'scry', '-e', `SCRY_HOME=${w.scryHome}`, '--', ...MCP_ARGV];

interface World {
  home: string;
  scryHome: string;
  stubs: Stubs;
  settings: string;
  skill: string;
  run(args: string[], input?: string, cwd?: string): Promise<CliResult>;
}

function world(opts: { codex?: boolean } = {}): World {
  const home = tempDir('user');
  const scryHome = tempDir('home');
  const stubs = makeStubs(opts);
  const env = setupEnv(stubs, home, scryHome);
  return {
    home,
    scryHome,
    stubs,
    settings: path.join(home, '.claude', 'settings.json'),
    skill: path.join(home, '.claude', 'skills', 'scry', 'SKILL.md'),
    run: (args, input, cwd) => runCli(args, { cwd: cwd ?? home, env, input }),
  };
}

const backups = (file: string): string[] => fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith(`${path.basename(file)}.scry-backup`));

// A settings file nobody would write with JSON.stringify: odd spacing, tabs, unrelated keys, a stale server.
const ODD_SETTINGS = `{
\t"model" :  "opus",
\t"permissions":{"allow":["Bash(ls)", "Read"]   },
\t"mcpServers": {
\t\t"other": { "command": "other-server" },
\t\t"scry": { "command": "scry", "args": ["mcp"] }
\t},
\t"env": { "FOO": "bar" }
}
`;

describe('scry setup', () => {
  it('fresh install: registers through claude mcp add, writes the skill and the hook, then finds everything in place', async () => {
    const w = world();
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(w.stubs.calls('claude'), [['mcp', 'get', 'scry'], addCall(w)]);
    assert.deepEqual(w.stubs.servers('claude').scry, { scope: 'user', command: NODE, args: [CLI, 'mcp'], env: [`SCRY_HOME=${w.scryHome}`] });

    const skill = fs.readFileSync(w.skill, 'utf8');
    assert.match(skill, /^---\nname: scry\ndescription: .*grep.*\n---\n/);
    assert.match(skill, /scry_callers/);
    assert.match(skill, /When grep is still right/);

    assert.match(skill, /scry_recall/);
    assert.match(skill, /scry_remember/);

    type Group = { matcher?: string; hooks: Array<{ type: string; command: string; timeout?: number }> };
    const settings = JSON.parse(fs.readFileSync(w.settings, 'utf8')) as { hooks: Record<string, Group[]> };
    // Its SCRY_HOME is not the default: every hook names it, or it would ask ~/.scry's daemon.
    const env = `SCRY_HOME=${w.scryHome} `;
    const gate = path.join(path.dirname(CLI), 'scry-hook');
    assert.deepEqual(settings.hooks.PreToolUse, [
      { matcher: 'Bash|Grep|Glob', hooks: [{ type: 'command', command: `${env}/bin/sh ${gate} ${NODE} pretooluse`, timeout: 5 }] },
    ]);
    assert.deepEqual(settings.hooks.PostToolUse, [
      { matcher: 'Read', hooks: [{ type: 'command', command: `${env}/bin/sh ${gate} ${NODE} posttooluse`, timeout: 5 }] },
    ]);
    assert.deepEqual(settings.hooks.SessionStart, [
      { matcher: 'startup|resume|clear|compact', hooks: [{ type: 'command', command: `${env}${NODE} ${CLI} memory orient --hook`, timeout: 5 }] },
    ]);
    assert.deepEqual(settings.hooks.SessionEnd, [{ hooks: [{ type: 'command', command: `${env}${NODE} ${CLI} hook session-end`, timeout: 2 }] }]);
    assert.match(r.stdout, /SessionStart \(prints Scry memory's short orientation/);
    assert.equal(backups(w.settings).length, 0, 'no file, no backup');

    const settingsBytes = fs.readFileSync(w.settings, 'utf8');
    const again = await w.run(['setup']);
    assert.equal(again.code, 0, again.stdout);
    assert.deepEqual(w.stubs.calls('claude').slice(2), [['mcp', 'get', 'scry']], 'an up-to-date registration is skipped');
    assert.match(again.stdout, /already registered/);
    assert.match(again.stdout, /is up to date/);
    assert.match(again.stdout, /hooks: already in/);
    assert.equal(fs.readFileSync(w.settings, 'utf8'), settingsBytes);
  });

  it('replaces a registration that runs another command', async () => {
    const w = world();
    w.stubs.setServers('claude', { scry: { scope: 'local', command: 'npx', args: ['old-scry', 'serve'] } });
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 0, r.stdout);
    assert.deepEqual(w.stubs.calls('claude'), [['mcp', 'get', 'scry'], ['mcp', 'remove', 'scry', '--scope', 'local'], addCall(w)]);
    assert.match(r.stdout, /replacing the local-scoped 'scry' that runs npx old-scry serve/);
    assert.equal(w.stubs.servers('claude').scry?.command, NODE);
  });

  it('removes a stale mcpServers.scry from settings.json, backed up, keeping every other byte', async () => {
    const w = world();
    fs.mkdirSync(path.dirname(w.settings), { recursive: true });
    fs.writeFileSync(w.settings, ODD_SETTINGS);
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 0, r.stdout);
    const after = fs.readFileSync(w.settings, 'utf8');
    const parsed = JSON.parse(after) as Record<string, unknown>;
    assert.deepEqual(parsed.mcpServers, { other: { command: 'other-server' } });
    assert.deepEqual(parsed.env, { FOO: 'bar' });
    // Untouched lines keep their exact bytes, tabs and odd spacing included.
    for (const line of [
      '\t"model" :  "opus",',
      '\t"permissions":{"allow":["Bash(ls)", "Read"]   },',
      '\t\t"other": { "command": "other-server" }',
      '\t"env": { "FOO": "bar" },',
    ]) {
      assert.ok(after.includes(`${line}\n`), `kept verbatim: ${line}`);
    }
    assert.match(after, /\n\t"hooks": \{\n\t\t"PreToolUse": \[\n/, "inserted lines use the file's own tabs");
    const saved = backups(w.settings).map((f) => fs.readFileSync(path.join(path.dirname(w.settings), f), 'utf8'));
    assert.ok(saved.includes(ODD_SETTINGS), 'the original is backed up');

    // Uninstalling takes out exactly what setup put in.
    const un = await w.run(['setup', '--uninstall', '--yes']);
    assert.equal(un.code, 0, un.stdout);
    assert.equal(
      fs.readFileSync(w.settings, 'utf8'),
      ODD_SETTINGS.replace(
        '\t\t"other": { "command": "other-server" },\n\t\t"scry": { "command": "scry", "args": ["mcp"] }\n',
        '\t\t"other": { "command": "other-server" }\n',
      ),
    );
  });

  it('keeps a skill the user has changed unless --force, and updates an unedited one', async () => {
    const w = world();
    fs.mkdirSync(path.dirname(w.skill), { recursive: true });
    const mine = '---\nname: scry\ndescription: my own words\n---\nUse scry_refs always.\n';
    fs.writeFileSync(w.skill, mine);
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /has been changed by hand and is kept/);
    assert.equal(fs.readFileSync(w.skill, 'utf8'), mine);

    const forced = await w.run(['setup', '--yes', '--force']);
    assert.equal(forced.code, 0);
    assert.match(fs.readFileSync(w.skill, 'utf8'), /# Scry: answer code questions/);
    const saved = fs.readdirSync(path.dirname(w.skill)).filter((f) => f.endsWith('.bak'));
    assert.equal(saved.length, 1);
    assert.equal(fs.readFileSync(path.join(path.dirname(w.skill), saved[0]!), 'utf8'), mine);

    // A stock skill from another scry version carries a matching hash: it is updated without --force.
    const { createHash } = await import('node:crypto');
    const oldBody = '---\nname: scry\ndescription: older words\n---\nold\n';
    fs.writeFileSync(w.skill, `${oldBody}\n<!-- scry-skill sha256:${createHash('sha256').update(oldBody).digest('hex')} -->\n`);
    const updated = await w.run(['setup', '--yes']);
    assert.match(updated.stdout, /skill: updated/);
    assert.match(fs.readFileSync(w.skill, 'utf8'), /# Scry: answer code questions/);
  });

  it('shows the hook change and leaves settings.json alone when the answer is no', async () => {
    const w = world();
    fs.mkdirSync(path.dirname(w.settings), { recursive: true });
    const original = '{\n  "theme": "dark"\n}\n';
    fs.writeFileSync(w.settings, original);
    const r = await w.run(['setup'], 'n\n');
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /Claude Code has no command for hooks/);
    assert.match(r.stdout, /^- {3}"theme": "dark"\n\+ {3}"theme": "dark",\n\+ {3}"hooks": \{$/m);
    assert.match(r.stdout, /^\+ .*scry-hook \S+ pretooluse",$/m);
    assert.match(r.stdout, /Claude Code has no command for hooks, so scry will set its hooks/);
    assert.match(r.stdout, /Write this change to .*settings\.json\? The file as it is now is kept in .*settings\.json\.scry-backup\. \[y\/N\]/);
    assert.match(r.stdout, /hooks: not changed\. Run scry setup --yes to accept/);
    assert.equal(fs.readFileSync(w.settings, 'utf8'), original);
    assert.equal(backups(w.settings).length, 0);

    // Nobody answering (closed stdin) is a no as well.
    await w.run(['setup']);
    assert.equal(fs.readFileSync(w.settings, 'utf8'), original);
  });

  it('writes the hook when the answer is yes, with a backup', async () => {
    const w = world();
    fs.mkdirSync(path.dirname(w.settings), { recursive: true });
    const original = '{\n  "theme": "dark"\n}\n';
    fs.writeFileSync(w.settings, original);
    const r = await w.run(['setup'], 'y\n');
    assert.equal(r.code, 0, r.stdout);
    const after = fs.readFileSync(w.settings, 'utf8');
    assert.ok(after.startsWith('{\n  "theme": "dark",\n  "hooks": {\n'));
    assert.equal(backups(w.settings).length, 1);
    assert.equal(fs.readFileSync(path.join(path.dirname(w.settings), backups(w.settings)[0]!), 'utf8'), original);
  });

  it('uninstall removes the registration, the skill and the hooks, and only those', async () => {
    const w = world();
    fs.mkdirSync(path.dirname(w.settings), { recursive: true });
    const original = '{\n  "theme": "dark",\n  "hooks": {\n    "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ]\n  }\n}\n';
    fs.writeFileSync(w.settings, original);
    assert.equal((await w.run(['setup', '--yes'])).code, 0);
    assert.notEqual(fs.readFileSync(w.settings, 'utf8'), original);

    const r = await w.run(['setup', '--uninstall', '--yes']);
    assert.equal(r.code, 0, r.stdout);
    assert.deepEqual(w.stubs.calls('claude').slice(-2), [
      ['mcp', 'get', 'scry'],
      ['mcp', 'remove', 'scry', '--scope', 'user'],
    ]);
    assert.deepEqual(w.stubs.servers('claude'), {});
    assert.ok(!fs.existsSync(path.dirname(w.skill)), 'the skill folder is gone');
    assert.equal(fs.readFileSync(w.settings, 'utf8'), original);

    const again = await w.run(['setup', '--uninstall', '--yes']);
    assert.equal(again.code, 0);
    assert.match(again.stdout, /no MCP server 'scry' registered/);
  });

  it('--dry-run prints every step and changes nothing', async () => {
    const w = world();
    const r = await w.run(['setup', '--dry-run']);
    assert.equal(r.code, 0, r.stdout);
    assert.ok(r.stdout.includes(`would run: claude mcp add --scope user --transport stdio scry -e SCRY_HOME=${w.scryHome} -- ${NODE} ${CLI} mcp`), r.stdout);
    assert.match(r.stdout, /so scry would set its hooks/);
    assert.match(r.stdout, /would write: .*SKILL\.md/);
    assert.match(r.stdout, /hooks: dry run, not written/);
    assert.deepEqual(w.stubs.calls('claude'), [['mcp', 'get', 'scry']]);
    assert.ok(!fs.existsSync(path.join(w.home, '.claude')));
  });

  it('registers with Codex through its CLI when codex is on PATH, and writes its hooks into ~/.codex/hooks.json', async () => {
    const w = world({ codex: true });
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 0, r.stdout);
    assert.deepEqual(w.stubs.calls('codex'), [
      ['mcp', 'get', 'scry', '--json'],
      ['mcp', 'add', 'scry', '--env', `SCRY_HOME=${w.scryHome}`, '--', ...MCP_ARGV],
    ]);
    const file = path.join(w.home, '.codex', 'hooks.json');
    assert.match(r.stdout, /codex hooks: Codex has no command for hooks, so scry will set its hooks, PreToolUse \(a symbol search in a shell command/);
    assert.match(
      r.stdout,
      /codex hooks: one step is yours: run codex, type \/hooks, and trust scry's hooks \(Codex skips a hook nobody trusted without a word/,
    );
    const hooks = (
      JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: Record<string, Array<{ matcher?: string; hooks: Array<{ command: string; timeout: number }> }>> }
    ).hooks;
    assert.deepEqual(Object.keys(hooks), ['PreToolUse', 'SessionStart', 'SessionEnd'], 'no Read hook: Codex has no Read tool');
    assert.equal(hooks.PreToolUse![0]!.matcher, 'Bash');
    assert.equal(hooks.PreToolUse![0]!.hooks[0]!.command, `SCRY_HOME=${w.scryHome} /bin/sh ${path.join(path.dirname(CLI), 'scry-hook')} ${NODE} pretooluse`);
    assert.equal(hooks.SessionStart![0]!.hooks[0]!.command, `SCRY_HOME=${w.scryHome} ${NODE} ${CLI} memory orient --hook`);
    assert.equal(hooks.SessionEnd![0]!.hooks[0]!.command, `SCRY_HOOK_AGENT=codex SCRY_HOME=${w.scryHome} ${NODE} ${CLI} hook session-end`);
    assert.ok(hooks.SessionEnd![0]!.hooks[0]!.timeout <= 3, 'Codex caps SessionEnd hooks at 3 s');
    await w.run(['setup', '--yes']);
    assert.equal(w.stubs.calls('codex').length, 3, 'a second setup only looks');
    const agents = path.join(w.home, '.codex', 'AGENTS.md');
    const line = `- Before other work, run \`${NODE} ${CLI} memory orient --cwd .\` and read what it prints`;
    assert.ok(fs.readFileSync(agents, 'utf8').startsWith(line), 'the orientation line is offered and, with --yes, added');
    assert.equal(
      fs
        .readFileSync(agents, 'utf8')
        .split('\n')
        .filter((l) => l.includes('scry:memory-orient')).length,
      1,
      'once, however often setup runs',
    );
    fs.writeFileSync(path.join(w.scryHome, 'config.yaml'), 'hooks:\n  search: off\n');
    await w.run(['setup', '--yes']);
    assert.deepEqual(
      Object.keys((JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: object }).hooks),
      ['SessionStart', 'SessionEnd'],
      'hooks.search: off takes the search hook out',
    );
    const un = await w.run(['setup', '--uninstall', '--yes']);
    assert.match(un.stdout, /codex hooks: wrote .*hooks\.json/);
    assert.deepEqual(w.stubs.calls('codex').at(-1), ['mcp', 'remove', 'scry']);
    assert.ok(!fs.existsSync(agents), 'an AGENTS.md that held only our line is removed');
    assert.ok(!fs.existsSync(file), 'a hooks.json setup created and that held only our hooks is removed');
  });

  it("edits only its own entries in an existing Codex hooks.json, keeps a backup, and uninstall gives back the user's file", async () => {
    const w = world({ codex: true });
    const file = path.join(w.home, '.codex', 'hooks.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const mine = '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]\n  }\n}\n';
    fs.writeFileSync(file, mine);
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 0, r.stdout);
    const diff = r.stdout.slice(r.stdout.indexOf('codex hooks:'));
    assert.match(diff, /^\+ +"PreToolUse": \[/m);
    assert.equal(fs.readFileSync(`${file}.scry-backup`, 'utf8'), mine);
    const after = JSON.parse(fs.readFileSync(file, 'utf8')) as { hooks: Record<string, unknown> };
    assert.deepEqual(Object.keys(after.hooks), ['Stop', 'PreToolUse', 'SessionStart', 'SessionEnd']);
    await w.run(['setup', '--uninstall', '--yes']);
    assert.equal(fs.readFileSync(file, 'utf8'), mine);
    assert.ok(!fs.existsSync(`${file}.scry-backup`));
  });

  it('asks before adding the AGENTS.md line, and keeps the rest of the file', async () => {
    const w = world({ codex: true });
    const agents = path.join(w.home, '.codex', 'AGENTS.md');
    fs.mkdirSync(path.dirname(agents), { recursive: true });
    fs.writeFileSync(agents, '# my rules\n- be brief\n');
    fs.mkdirSync(path.dirname(w.settings), { recursive: true });
    fs.writeFileSync(w.settings, '{}\n');
    // The settings question comes first, then the AGENTS.md one.
    const no = await w.run(['setup'], 'y\nn\n');
    assert.equal(no.code, 0, no.stdout);
    assert.match(no.stdout, /Codex runs scry's SessionStart hook only once you trust it; scry offers to add this line to .*AGENTS\.md/);
    assert.equal(fs.readFileSync(agents, 'utf8'), '# my rules\n- be brief\n');
    const yes = await w.run(['setup'], 'y\n');
    assert.equal(yes.code, 0, yes.stdout);
    assert.match(fs.readFileSync(agents, 'utf8'), /^# my rules\n- be brief\n- Before other work, run .* <!-- scry:memory-orient -->\n$/);
    await w.run(['setup', '--uninstall', '--yes']);
    assert.equal(fs.readFileSync(agents, 'utf8'), '# my rules\n- be brief\n');
  });

  it('leaves out a memory hook config.yaml switches off, and takes out one installed before', async () => {
    const w = world();
    assert.equal((await w.run(['setup', '--yes'])).code, 0);
    fs.writeFileSync(path.join(w.scryHome, 'config.yaml'), 'hooks:\n  session_start: false\n');
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 0, r.stdout);
    const hooks = (JSON.parse(fs.readFileSync(w.settings, 'utf8')) as { hooks: Record<string, unknown> }).hooks;
    assert.deepEqual(Object.keys(hooks).sort(), ['PostToolUse', 'PreToolUse', 'SessionEnd']);
    fs.writeFileSync(path.join(w.scryHome, 'config.yaml'), 'hooks:\n  session_start: false\n  session_end: false\n  read: false\n');
    await w.run(['setup', '--yes']);
    assert.deepEqual(Object.keys((JSON.parse(fs.readFileSync(w.settings, 'utf8')) as { hooks: Record<string, unknown> }).hooks), ['PreToolUse']);
    // hooks.search: off takes the search hook out; replace keeps it (the mode is read when it runs).
    fs.writeFileSync(path.join(w.scryHome, 'config.yaml'), 'hooks:\n  session_start: false\n  session_end: false\n  read: false\n  search: off\n');
    await w.run(['setup', '--yes']);
    assert.equal((JSON.parse(fs.readFileSync(w.settings, 'utf8')) as { hooks?: unknown }).hooks, undefined);
    fs.writeFileSync(path.join(w.scryHome, 'config.yaml'), 'hooks:\n  session_start: false\n  session_end: false\n  read: false\n  search: replace\n');
    await w.run(['setup', '--yes']);
    assert.deepEqual(Object.keys((JSON.parse(fs.readFileSync(w.settings, 'utf8')) as { hooks: Record<string, unknown> }).hooks), ['PreToolUse']);
  });

  it('fails loudly, not green, when claude is not installed or settings.json is broken', async () => {
    const w = world();
    fs.rmSync(path.join(w.stubs.bin, 'claude'));
    fs.mkdirSync(path.dirname(w.settings), { recursive: true });
    const broken = '{ "theme": "dark", ';
    fs.writeFileSync(w.settings, broken);
    const r = await w.run(['setup', '--yes']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /claude: not found on PATH, MCP server not registered/);
    assert.match(r.stdout, /settings\.json is not valid JSON \(.* at line 1\); it was not changed/);
    assert.match(r.stdout, /scry setup did not finish/);
    assert.equal(fs.readFileSync(w.settings, 'utf8'), broken);
  });
});

describe('scry doctor', () => {
  it('proves a working setup: handshake with the registered command, tools, a real scry_refs, claude mcp list', async () => {
    const w = world();
    const repo = tempDir('tiny');
    fs.writeFileSync(path.join(repo, 'a.ts'), 'export function main(): number { return 1; }\nexport const x = main();\n');
    spawnSync('git', ['init', '-q'], { cwd: repo });
    try {
      assert.equal((await w.run(['setup', '--yes'])).code, 0);
      const r = await w.run(['doctor'], '', repo);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /^ok {4}registered with Claude Code: user scope: /m);
      assert.match(r.stdout, /^ok {4}MCP handshake: scry \S+ over stdio$/m);
      assert.match(r.stdout, /^ok {4}tools listed: 14 tools: scry_refs, scry_defs, .*scry_recall, scry_episodes, scry_memory_path, scry_remember, scry_why$/m);
      assert.match(r.stdout, /^ok {4}Claude Code: 2\.0\.0: has the Grep and Glob tools$/m);
      assert.match(r.stdout, /^ok {4}Bash search hook: PreToolUse on Bash, mode augment: /m);
      assert.match(r.stdout, /^ok {4}Grep\/Glob search hook: PreToolUse on Grep\|Glob, kept for clients that still have those tools$/m);
      assert.match(r.stdout, /^ok {4}Read memory hook: in /m);
      assert.match(r.stdout, /^ok {4}SessionStart memory hook: in /m);
      assert.match(r.stdout, /^ok {4}SessionEnd memory hook: in /m);
      assert.match(r.stdout, /^ok {4}scry_refs call: 2 references to 'main' in /m);
      assert.match(r.stdout, /^ok {4}claude mcp list: scry: .* - ✓ Connected$/m);
      assert.match(r.stdout, /all 12 checks passed/);
    } finally {
      await stopDaemon(w.scryHome);
    }
  });

  it('fails with a fix when the registered command does not start, or nothing is registered', async () => {
    const w = world();
    const none = await w.run(['doctor']);
    assert.equal(none.code, 1);
    assert.match(none.stdout, /^FAIL {2}registered with Claude Code: claude mcp get scry finds no server\n {6}fix: Run scry setup$/m);

    w.stubs.setServers('claude', { scry: { scope: 'user', command: path.join(w.home, 'gone', 'scry'), args: ['mcp'] } });
    const broken = await w.run(['doctor']);
    assert.equal(broken.code, 1);
    assert.match(broken.stdout, /not this scry/);
    assert.match(broken.stdout, /^FAIL {2}MCP handshake: .*gone\/scry mcp did not complete initialize/m);
    assert.match(broken.stdout, /fix: Run the command above by hand/);
  });
});

describe('scry setup --search-hook', () => {
  it('writes the mode into config.yaml, keeping the rest of the file; off takes the search hook out; a bad mode is a usage error', async () => {
    const w = world();
    const config = path.join(w.scryHome, 'config.yaml');
    fs.writeFileSync(config, '# mine\nmemory:\n  sweep:\n    enabled: false\n');
    const r = await w.run(['setup', '--yes', '--search-hook', 'replace']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /hooks: search hook mode replace \(hooks\.search in /);
    assert.equal(fs.readFileSync(config, 'utf8'), '# mine\nmemory:\n  sweep:\n    enabled: false\nhooks:\n  search: replace\n');
    const hooks = (): Record<string, unknown> => (JSON.parse(fs.readFileSync(w.settings, 'utf8')) as { hooks: Record<string, unknown> }).hooks;
    assert.ok('PreToolUse' in hooks());
    assert.equal((await w.run(['setup', '--yes', '--search-hook', 'off'])).code, 0);
    assert.match(fs.readFileSync(config, 'utf8'), /search: off/);
    assert.ok(!('PreToolUse' in hooks()), 'off: no search hook');
    const bad = await w.run(['setup', '--search-hook', 'sometimes']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /invalid --search-hook 'sometimes': expected one of augment, replace, off/);
  });
});
