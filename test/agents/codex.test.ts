// Scry as today's Codex CLI meets it: the real CLI (npm @openai/codex, a dev
// dependency), set up by a real `scry setup --yes` in a private HOME, against
// a stand-in for the Responses API that plays scripted tool calls
// (test/agents/responses-stand-in.ts, the only fake). Codex runs its shell
// tool, the hooks and the daemon for real; each test reads the request the
// model would get next. The code is a real package nobody here wrote
// (eventsource-parser, test/fixtures).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { memoryDb } from '../../daemon/memory/domain';
import { codexHookTrust } from '../../daemon/setup/codex-hooks';
import { ROOT, runCli, stopDaemon, tempDir } from '../helpers';
import { afterLastCall, startResponsesStandIn, textOf, type Reply, type ResponsesRequest, type StandIn } from './responses-stand-in';

const BIN = path.join(ROOT, 'node_modules', '.bin');
const installed = fs.existsSync(path.join(BIN, 'codex'));

/** The developer messages hooks added after the latest tool call, and that call's output. */
const lastTurn = (req: ResponsesRequest | undefined): { hook: string; output: string } => {
  const items = afterLastCall(req);
  return {
    hook: items
      .filter((i) => i.type === 'message' && i.role === 'developer')
      .map(textOf)
      .join('\n'),
    output: items
      .filter((i) => i.type === 'function_call_output')
      .map(textOf)
      .join('\n'),
  };
};
const shell = (cmd: string): Reply => ({ tool: 'exec_command', input: { cmd } });

describe('the real Codex CLI with scry set up', { skip: installed ? false : 'npm i -D @openai/codex to run this', timeout: 600_000 }, () => {
  let home: string;
  let scryHome: string;
  let repo: string;
  let env: NodeJS.ProcessEnv;
  let model: StandIn;

  /** One `codex exec` session, the model played by `script`; resolves with what the model was sent. */
  async function session(script: Reply[], flags: string[] = []): Promise<{ requests: ResponsesRequest[]; stderr: string }> {
    model.play(script);
    const from = model.requests.length;
    const child = spawn('codex', ['exec', '--skip-git-repo-check', ...flags, 'Where is createParser used?'], {
      cwd: repo,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0, out.slice(-3000));
    return { requests: model.requests.slice(from), stderr: out };
  }

  before(async () => {
    home = tempDir('codex-home');
    scryHome = tempDir('codex-scry');
    repo = path.join(fs.realpathSync(tempDir('codex-repo')), 'eventsource-parser');
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'eventsource-parser'), repo, { recursive: true });
    const git = (...args: string[]): void =>
      void spawnSync('git', args, {
        cwd: repo,
        env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'init');
    model = await startResponsesStandIn();
    // Codex talks to the stand-in as its model provider; setup adds scry's MCP server and hooks after these lines.
    fs.mkdirSync(path.join(home, '.codex'), { recursive: true });
    fs.writeFileSync(
      path.join(home, '.codex', 'config.toml'),
      `model = "gpt-5"\nmodel_provider = "local"\n\n[model_providers.local]\nname = "local"\nbase_url = "${model.url}"\nwire_api = "responses"\nenv_key = "LOCAL_KEY"\n`,
    );
    env = {
      ...process.env,
      HOME: home,
      SCRY_HOME: scryHome,
      SCRY_MEMORY_SWEEP: '0',
      LOCAL_KEY: 'stand-in',
      PATH: `${BIN}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
    };
    delete env.CODEX_HOME;
    delete env.CLAUDE_CONFIG_DIR;
    const setup = await runCli(['setup', '--yes'], { cwd: home, env });
    assert.equal(setup.code, 0, setup.stdout + setup.stderr);
    assert.match(setup.stdout, /codex hooks: wrote .*\.codex\/hooks\.json/);
    assert.match(setup.stdout, /codex hooks: one step is yours: run codex, type \/hooks, and trust scry's hooks/);
    const index = await runCli(['index', repo], { cwd: repo, env });
    assert.equal(index.code, 0, index.stderr);
    const remember = await runCli(
      ['memory', 'remember', 'Decided: `createParser` stays synchronous; callers feed it chunk by chunk.', '--entity', 'createParser', '--cwd', repo],
      { cwd: repo, env },
    );
    assert.equal(remember.code, 0, remember.stderr);
  });
  after(async () => {
    await model?.close();
    await stopDaemon(scryHome);
  });

  it('until the user trusts them, Codex skips scry hooks without a word, and doctor says so', async () => {
    const { requests, stderr } = await session([shell('grep -rn createParser src/'), { text: 'done' }]);
    assert.equal(requests.length, 2);
    const { hook, output } = lastTurn(requests[1]);
    assert.equal(hook, '', 'no hook ran');
    assert.match(output, /src\/parse\.ts:\d+:.*createParser/);
    assert.doesNotMatch(stderr, /hook: PreToolUse/);
    const doctor = await runCli(['doctor'], { cwd: repo, env });
    assert.match(doctor.stdout, /^ok {4}Codex: 0\.\d+\.\d+: hooks on PreToolUse \(Bash\), SessionStart and SessionEnd/m);
    assert.match(
      doctor.stdout,
      /^FAIL {2}Codex Bash search hook: in .*hooks\.json, but not trusted by Codex yet: Codex skips it without a word\n {6}fix: run codex, type \/hooks, and trust scry's hooks/m,
    );
    assert.match(doctor.stdout, /^FAIL {2}Codex SessionStart memory hook: .*not trusted by Codex yet/m);
    assert.match(doctor.stdout, /^FAIL {2}Codex SessionEnd memory hook: .*not trusted by Codex yet/m);
  });

  it('trusted, a symbol search in the shell gets the index answer; a text search gets nothing; orientation starts the session; the rollout is handed over at SessionEnd', async () => {
    // What /hooks records when the user trusts a hook: its key and current hash in config.toml.
    const listed = await codexHookTrust(path.join(home, '.codex', 'hooks.json'), repo, 15_000, env);
    assert.ok(listed && listed.length === 3, JSON.stringify(listed));
    fs.appendFileSync(
      path.join(home, '.codex', 'config.toml'),
      listed.map((h) => `\n[hooks.state.${JSON.stringify(h.key)}]\ntrusted_hash = ${JSON.stringify(h.currentHash)}\n`).join(''),
    );
    const doctor = await runCli(['doctor'], { cwd: repo, env });
    assert.match(doctor.stdout, /^ok {4}Codex Bash search hook: in .*hooks\.json, trusted by Codex$/m);
    assert.match(doctor.stdout, /^ok {4}Codex SessionEnd memory hook: .*trusted by Codex$/m);

    const { requests } = await session([
      shell('grep -rn createParser src/'),
      shell('cd src && rg -n "createParser\\(" .'),
      shell('grep -rn "Invalid retry" src/ | head -5'),
      shell('find . -name stream.ts'),
      { text: 'done' },
    ]);
    assert.equal(requests.length, 5);
    // SessionStart: the orientation is a developer message of the first request.
    const first = requests[0]!.input
      .filter((i) => i.type === 'message')
      .map(textOf)
      .join('\n');
    assert.match(first, /## Scry memory/);
    assert.match(first, /`createParser` stays synchronous/);

    const grep = lastTurn(requests[1]);
    assert.ok(grep.hook.startsWith("scry: 'createParser' is a code symbol of this repo"), grep.hook);
    assert.match(grep.hook, /^src\/\n index\.ts: import\n parse\.ts: def 27\n stream\.ts: EventSourceParserStream\.<constructor> 74\n/m);
    assert.match(grep.hook, /memory \d{4}-\d{2}-\d{2} fresh: Decided: `createParser` stays synchronous/);
    // augment: the grep ran as well.
    assert.match(grep.output, /src\/parse\.ts:\d+:.*createParser/);

    assert.match(lastTurn(requests[2]).hook, /^scry: 'createParser' is a code symbol/);
    const text = lastTurn(requests[3]);
    assert.equal(text.hook, '', 'a text search gets nothing');
    const find = lastTurn(requests[4]);
    assert.match(find.hook, /^scry: src\/stream\.ts is in the index; its outline/);

    // SessionEnd handed the rollout Codex wrote to the daemon, which read it.
    const sessions = path.join(home, '.codex', 'sessions');
    const rollouts = (fs.readdirSync(sessions, { recursive: true }) as string[])
      .filter((f) => path.basename(f).startsWith('rollout-'))
      .map((f) => path.join(sessions, f));
    let read: string | undefined;
    for (let i = 0; i < 200 && !read; i++) {
      const conn = new Database(memoryDb(scryHome), { readonly: true });
      try {
        // Read as a Codex rollout: the hook said whose transcript it is.
        read = rollouts.find(
          (f) => ((conn.prepare(`SELECT offset FROM cursors WHERE path = ? AND source = 'codex'`).get(f) as { offset: number } | undefined)?.offset ?? 0) > 0,
        );
      } finally {
        conn.close();
      }
      if (!read) await new Promise((res) => setTimeout(res, 50));
    }
    assert.ok(read, `the daemon read a rollout the SessionEnd hook handed over (${rollouts.join(', ')})`);
  });

  it('replace mode denies the symbol search with the answer as the reason', async () => {
    fs.writeFileSync(path.join(scryHome, 'config.yaml'), 'hooks:\n  search: replace\n');
    try {
      const { requests } = await session([shell('grep -rnw createParser --include=*.ts .'), { text: 'done' }]);
      const denied = lastTurn(requests[1]);
      assert.match(denied.output, /^Command blocked by PreToolUse hook: scry: 'createParser' is a code symbol of this repo/);
      assert.match(denied.output, /The search was not run: the index answered it/);
      assert.doesNotMatch(denied.output, /^(\.\/)?src\/parse\.ts:\d+:/m, 'grep did not run');
    } finally {
      fs.rmSync(path.join(scryHome, 'config.yaml'));
    }
  });
});
