// Writes test/fixtures/memory/<agent>/real-cli/ with the real CLIs: each agent
// runs a scripted three-prompt conversation (facts, a decision, a planted
// AWS example key) against the local stand-in model (chat-stand-in.ts), in a
// private HOME, and the files it writes are copied out as they are. Not a
// test: run it by hand when a writer's format changes, with the CLIs
// installed somewhere (they are large, so not dev dependencies):
//   npm i --prefix /tmp/agent-clis @google/gemini-cli @qwen-code/qwen-code opencode-ai
//   AGENT_CLIS=/tmp/agent-clis/node_modules/.bin npx tsx test/agents/record-memory-fixtures.ts [gemini|qwen|opencode]
// OpenCode fetches its provider package (@ai-sdk/openai-compatible) from the
// npm registry on first use, so recording it needs the registry.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { startChatStandIn, type ChatReply, type ChatStandIn } from './chat-stand-in';

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = process.env.AGENT_CLIS ?? path.join(ROOT, 'node_modules', '.bin');
const OUT = path.join(ROOT, 'test', 'fixtures', 'memory');

/** The three prompts and the stand-in's replies, in each agent's tool names. */
function conversation(
  tools: { read: (file: string) => ChatReply; shell: (cmd: string) => ChatReply },
  project: string,
): Array<{ prompt: string; replies: ChatReply[] }> {
  return [
    {
      prompt: 'The orders service keeps timing out against the payments gateway. Look at server.ts and tell me which port it uses.',
      replies: [
        tools.read(path.join(project, 'server.ts')),
        { text: 'server.ts exports PAYMENTS_PORT = 8080, and the payments client uses the default timeout of 30 seconds, which is why orders time out.' },
      ],
    },
    {
      prompt:
        'Decision: we move the payments gateway to port 8443 and set the payments client timeout to 12 seconds. The staging database is called orders-staging-7. For the smoke test use aws_access_key_id = AKIAIOSFODNN7EXAMPLE.',
      replies: [
        tools.shell('grep -n PAYMENTS_PORT server.ts'),
        {
          text: 'Noted: the payments gateway moves to port 8443, the payments client timeout becomes 12 seconds, and staging runs on the orders-staging-7 database.',
        },
      ],
    },
    {
      prompt: 'Why 12 seconds for the payments client?',
      replies: [{ text: 'Because the payments gateway answers within 9 seconds at p99 under load; 12 seconds leaves headroom without hiding an outage.' }],
    },
  ];
}

interface Agent {
  /** Where the agent writes its store, under HOME. */
  store: string;
  setup(home: string, project: string, url: string): void;
  args(prompt: string, first: boolean, url: string): string[];
  bin: string;
  env(url: string): NodeJS.ProcessEnv;
  tools: Parameters<typeof conversation>[0];
}

const AGENTS: Record<string, Agent> = {
  gemini: {
    bin: 'gemini',
    store: '.gemini',
    setup: (home) => {
      fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
      fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
    },
    args: (prompt, first) => ['-m', 'gemini-2.5-pro', '--approval-mode', 'yolo', ...(first ? [] : ['--resume', 'latest']), '-p', prompt],
    env: (url) => ({ GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: 'stand-in', GEMINI_CLI_TRUST_WORKSPACE: 'true' }),
    tools: { read: (file) => ({ tool: 'read_file', input: { file_path: file } }), shell: (command) => ({ tool: 'run_shell_command', input: { command } }) },
  },
  qwen: {
    bin: 'qwen',
    store: '.qwen',
    setup: (home) => {
      fs.mkdirSync(path.join(home, '.qwen'), { recursive: true });
      fs.writeFileSync(path.join(home, '.qwen', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'openai' } } }));
    },
    args: (prompt, first, url) => [
      '--auth-type',
      'openai',
      '--openai-base-url',
      `${url}/v1`,
      '--openai-api-key',
      'stand-in',
      '-m',
      'stand-in-model',
      '--approval-mode',
      'yolo',
      ...(first ? [] : ['--continue']),
      '-p',
      prompt,
    ],
    env: () => ({}),
    tools: {
      read: (file) => ({ tool: 'read_file', input: { file_path: file } }),
      shell: (command) => ({ tool: 'run_shell_command', input: { command, is_background: false } }),
    },
  },
  opencode: {
    bin: 'opencode',
    store: path.join('.local', 'share', 'opencode'),
    setup: (_home, project, url) => {
      const config = {
        $schema: 'https://opencode.ai/config.json',
        provider: {
          local: { npm: '@ai-sdk/openai-compatible', name: 'local', options: { baseURL: `${url}/v1`, apiKey: 'stand-in' }, models: { m: { name: 'm' } } },
        },
      };
      fs.writeFileSync(path.join(project, 'opencode.json'), JSON.stringify(config, null, 2));
    },
    args: (prompt, first) => ['run', '-m', 'local/m', ...(first ? [] : ['--continue']), prompt],
    env: () => ({}),
    tools: {
      read: (file) => ({ tool: 'read', input: { filePath: file } }),
      shell: (command) => ({ tool: 'bash', input: { command, description: 'Find the port' } }),
    },
  },
};

function run(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

function version(bin: string): string {
  return spawnSync(path.join(BIN, bin), ['--version'], { encoding: 'utf8' }).stdout.trim();
}

async function record(name: string, agent: Agent, model: ChatStandIn): Promise<void> {
  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `record-${name}-`)));
  const home = path.join(tmp, 'home');
  const project = path.join(tmp, 'orders-service');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(project, 'server.ts'), 'export const PAYMENTS_PORT = 8080;\nexport const PAYMENTS_TIMEOUT_MS = 30_000;\n');
  spawnSync('git', ['init', '-q'], { cwd: project });
  agent.setup(home, project, model.url);
  const env: NodeJS.ProcessEnv = { PATH: `${BIN}:${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: home, TERM: 'dumb', ...agent.env(model.url) };
  for (const [i, step] of conversation(agent.tools, project).entries()) {
    model.play(step.replies);
    // Async: the stand-in answers from this process's event loop.
    const r = await run(path.join(BIN, agent.bin), agent.args(step.prompt, i === 0, model.url), project, env);
    if (r.code !== 0) throw new Error(`${name} prompt ${i + 1} exited ${r.code}: ${r.out.slice(-2000)}`);
    process.stdout.write(`${name} ${i + 1}: ${r.out.trim().slice(-200)}\n`);
  }
  const dest = path.join(OUT, name, 'real-cli');
  fs.rmSync(dest, { recursive: true, force: true });
  // The session stores only: settings, logs, caches, usage counters and the agents' own memory files stay behind.
  const skip =
    /^(settings\.json|installation_id|.*oauth.*|.*\.log|log|bin|cache|snapshot|repos|extensions?|extension-store|usage|usage_record\.jsonl|memories|memory|output-language\.md|\.openai-logs.*)$/;
  fs.cpSync(path.join(home, agent.store), path.join(dest, agent.store), { recursive: true, filter: (src) => !skip.test(path.basename(src)) });
  // The copy of a WAL database gets its log folded in, so one file is committed (the writer's pages, unchanged).
  for (const db of fs.readdirSync(path.join(dest, agent.store), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.db'))) {
    const conn = new Database(path.join(dest, agent.store, db));
    conn.pragma('wal_checkpoint(TRUNCATE)');
    conn.close();
    for (const side of ['-wal', '-shm']) fs.rmSync(path.join(dest, agent.store, db + side), { force: true });
  }
  fs.writeFileSync(path.join(dest, 'RECORDED.json'), JSON.stringify({ cli: agent.bin, version: version(agent.bin), home, project }, null, 2) + '\n');
  process.stdout.write(`${name}: wrote ${dest}\n`);
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const model = await startChatStandIn();
  try {
    for (const [name, agent] of Object.entries(AGENTS)) if (only.length === 0 || only.includes(name)) await record(name, agent, model);
  } finally {
    await model.close();
  }
}

void main();
