// Scry as today's Claude Code meets it: the real CLI (npm
// @anthropic-ai/claude-code, a dev dependency), set up by a real `scry setup`
// in a private HOME, against a stand-in for the Messages API that plays
// scripted tool calls (test/agents/model-stand-in.ts, the only fake). The CLI
// runs the tools, the hooks, the MCP server and the daemon for real; each
// test reads the request the model would get next. The code is a real
// package nobody here wrote (eventsource-parser, test/fixtures).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { distillClaude } from '../../daemon/memory/distill';
import { memoryDb } from '../../daemon/memory/domain';
import { ROOT, runCli, stopDaemon, tempDir } from '../helpers';
import { startStandIn, textsOf, type MessagesRequest, type Reply } from './model-stand-in';

const BIN = path.join(ROOT, 'node_modules', '.bin');
const installed = fs.existsSync(path.join(BIN, 'claude'));

/** What a request's last turn gives the model: the tool result and the system messages hooks added. */
const lastTurn = (req: MessagesRequest | undefined): string => (req ? textsOf(req.messages.slice(-2)).join('\n') : '');
const HOOK_CONTEXT = 'PreToolUse:Bash hook additional context:';

describe('the real Claude Code CLI with scry set up', { skip: installed ? false : 'npm i -D @anthropic-ai/claude-code to run this', timeout: 600_000 }, () => {
  let home: string;
  let scryHome: string;
  let repo: string;
  let env: NodeJS.ProcessEnv;

  /** One `claude -p` session, the model played by `replies`; resolves with what the model was sent. */
  async function session(replies: Reply[], extra: NodeJS.ProcessEnv = {}): Promise<{ requests: MessagesRequest[]; sessionId?: string; stdout: string }> {
    const model = await startStandIn(replies);
    try {
      const child = spawn(
        'claude',
        ['-p', 'Where is createParser used?', '--output-format', 'stream-json', '--verbose', '--allowedTools', 'Bash', 'Read', 'ToolSearch', 'mcp__scry'],
        {
          cwd: repo,
          env: { ...env, ...extra, ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'stand-in' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.equal(code, 0, stderr + stdout.slice(-2000));
      const init = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { type?: string; subtype?: string; session_id?: string })
        .find((e) => e.type === 'system' && e.subtype === 'init');
      return { requests: model.requests, sessionId: init?.session_id, stdout };
    } finally {
      await model.close();
    }
  }

  before(async () => {
    home = tempDir('cc-home');
    scryHome = tempDir('cc-scry');
    repo = path.join(fs.realpathSync(tempDir('cc-repo')), 'eventsource-parser');
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'eventsource-parser'), repo, { recursive: true });
    const git = (...args: string[]): void =>
      void spawnSync('git', args, {
        cwd: repo,
        env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'init');
    env = { ...process.env, HOME: home, SCRY_HOME: scryHome, SCRY_MEMORY_SWEEP: '0', PATH: `${BIN}:${path.dirname(process.execPath)}:/usr/bin:/bin` };
    delete env.CLAUDE_CONFIG_DIR;
    const setup = await runCli(['setup', '--yes'], { cwd: home, env });
    assert.equal(setup.code, 0, setup.stdout + setup.stderr);
    const index = await runCli(['index', repo], { cwd: repo, env });
    assert.equal(index.code, 0, index.stderr);
    const remember = await runCli(
      ['memory', 'remember', 'Decided: `createParser` stays synchronous; callers feed it chunk by chunk.', '--entity', 'createParser', '--cwd', repo],
      { cwd: repo, env },
    );
    assert.equal(remember.code, 0, remember.stderr);
  });
  after(() => stopDaemon(scryHome));

  it('has no Grep or Glob tool: searches go through Bash, and scry is deferred behind ToolSearch', async () => {
    const { requests } = await session([{ text: 'done' }]);
    const tools = requests[0]!.tools!.map((t) => t.name);
    assert.ok(tools.includes('Bash') && tools.includes('ToolSearch'), tools.join(', '));
    assert.ok(!tools.includes('Grep') && !tools.includes('Glob'), tools.join(', '));
    assert.ok(!tools.some((t) => t.startsWith('mcp__scry__')), 'scry tools are deferred');
    const first = textsOf([requests[0]!.system, requests[0]!.messages]).join('\n');
    // What is always loaded names the exact tool ids, so a ToolSearch finds them.
    assert.match(first, /mcp__scry__scry_refs/);
    // Memory holds a decision about this repo: the orientation is in the first request.
    assert.match(first, /## Scry memory/);
    assert.match(first, /`createParser` stays synchronous/);
  });

  it('a symbol search in Bash (grep, rg, find -name) gets the index answer; a text search gets nothing; a read file gets what memory holds about it', async () => {
    const { requests, sessionId } = await session([
      { tool: 'Bash', input: { command: 'grep -rn createParser src/', description: 'find uses' } },
      { tool: 'Bash', input: { command: 'cd src && rg -n "createParser\\(" .', description: 'find calls' } },
      { tool: 'Bash', input: { command: 'grep -rn "Invalid retry" src/ | head -5', description: 'find a message' } },
      { tool: 'Bash', input: { command: 'find . -name stream.ts', description: 'find a file' } },
      { tool: 'Read', input: { file_path: path.join(repo, 'src', 'parse.ts') } },
      { tool: 'Read', input: { file_path: path.join(repo, 'package.json') } },
      { text: 'done' },
    ]);
    assert.equal(requests.length, 7);
    const grep = lastTurn(requests[1]);
    assert.ok(grep.includes(`${HOOK_CONTEXT} scry: 'createParser' is a code symbol of this repo`), grep);
    // The answer names every file with a reference, and what memory holds about it with its state.
    const answer = grep.slice(grep.indexOf(HOOK_CONTEXT));
    assert.match(answer, /^src\/\n index\.ts: import\n parse\.ts: def 27\n stream\.ts: EventSourceParserStream\.<constructor> 74\n/m);
    assert.match(answer, /memory \d{4}-\d{2}-\d{2} fresh: Decided: `createParser` stays synchronous/);
    // augment: the grep ran as well; its output is the tool result.
    assert.match(grep, /src\/parse\.ts:\d+:.*createParser/);
    assert.ok(Buffer.byteLength(grep.slice(grep.indexOf(HOOK_CONTEXT))) < 2200, 'the answer stays within its budget');

    const rg = lastTurn(requests[2]);
    assert.ok(rg.includes(`${HOOK_CONTEXT} scry: 'createParser' is a code symbol`), rg);

    const text = lastTurn(requests[3]);
    assert.ok(!text.includes(HOOK_CONTEXT) && !text.includes('scry:'), text);

    const find = lastTurn(requests[4]);
    assert.ok(find.includes(`${HOOK_CONTEXT} scry: src/stream.ts is in the index; its outline`), find);
    assert.match(find, /EventSourceParserStream/);

    const read = lastTurn(requests[5]);
    assert.match(
      read,
      /PostToolUse:Read hook additional context: scry memory about src\/parse\.ts:\nmemory \d{4}-\d{2}-\d{2} fresh: Decided: `createParser` stays synchronous/,
    );
    const unrelated = lastTurn(requests[6]);
    assert.doesNotMatch(unrelated, /PostToolUse:Read hook additional context/);

    // SessionEnd handed the transcript the CLI wrote to the daemon, which read it.
    const transcript = fs
      .readdirSync(path.join(home, '.claude', 'projects'))
      .map((d) => path.join(home, '.claude', 'projects', d, `${sessionId}.jsonl`))
      .find((f) => fs.existsSync(f));
    assert.ok(transcript, 'claude wrote its transcript');
    // The format this CLI writes (new record types such as api-request-blob carry whole requests) distils to the
    // prompt and the commands run, never the system prompt or the hooks' own answers.
    const distilled = await distillClaude(transcript);
    assert.equal(distilled.turns[0]?.text, 'Where is createParser used?');
    const said = distilled.turns.map((t) => t.text).join('\n');
    assert.match(said, /\[ran: grep -rn createParser src\/\]/);
    assert.doesNotMatch(said, /You are a Claude agent|is a code symbol of this repo|scry memory about/);
    let cursor: { offset: number } | undefined;
    for (let i = 0; i < 200 && !cursor; i++) {
      const conn = new Database(memoryDb(scryHome), { readonly: true });
      try {
        cursor = conn.prepare(`SELECT offset FROM cursors WHERE path = ?`).get(transcript) as { offset: number } | undefined;
      } finally {
        conn.close();
      }
      if (!cursor) await new Promise((res) => setTimeout(res, 50));
    }
    assert.ok(cursor && cursor.offset > 0, 'the daemon read the transcript the SessionEnd hook handed over');
  });

  it('replace mode denies the symbol search with the answer as the reason; SCRY_GREP=1 runs it as text', async () => {
    fs.writeFileSync(path.join(scryHome, 'config.yaml'), 'hooks:\n  search: replace\n');
    try {
      const { requests } = await session([
        { tool: 'Bash', input: { command: 'grep -rnw createParser --include=*.ts .', description: 'find uses' } },
        { tool: 'Bash', input: { command: 'SCRY_GREP=1 grep -rnw createParser --include=*.ts .', description: 'text search' } },
        { text: 'done' },
      ]);
      const denied = lastTurn(requests[1]);
      assert.match(denied, /scry: 'createParser' is a code symbol of this repo/);
      assert.match(denied, /The search was not run: the index answered it/);
      assert.doesNotMatch(denied, /^(\.\/)?src\/parse\.ts:\d+:/m, 'grep did not run');
      const plain = lastTurn(requests[2]);
      assert.match(plain, /^(\.\/)?src\/parse\.ts:\d+:.*createParser/m);
      assert.doesNotMatch(plain, /scry:/);
    } finally {
      fs.rmSync(path.join(scryHome, 'config.yaml'));
    }
  });

  it('ToolSearch on "references" finds scry_refs, which answers', async () => {
    const { requests } = await session([
      { tool: 'ToolSearch', input: { query: 'references', max_results: 5 } },
      { tool: 'mcp__scry__scry_refs', input: { symbol: 'createParser' } },
      { text: 'done' },
    ]);
    const found = JSON.stringify(requests[1]!.messages.slice(-1));
    assert.match(found, /mcp__scry__scry_refs/);
    assert.ok(
      requests[2]!.tools!.some((t) => t.name === 'mcp__scry__scry_refs'),
      'the schema was loaded',
    );
    const answer = lastTurn(requests[2]);
    assert.match(answer, /^src\/\n index\.ts: import\n parse\.ts: def 27/m);
    assert.match(answer, /memory \d{4}-\d{2}-\d{2} fresh: Decided: `createParser`/);
  });
});
