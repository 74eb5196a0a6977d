// What every agent session loads from `scry mcp` (tools/list) and what an
// agent reads when a call fails, through the SDK's own client over stdio,
// the real CLI and a real daemon, on a small real package
// (test/fixtures/eventsource-parser). The error texts are a golden file
// (SCRY_UPDATE_GOLDEN=1 rewrites it; review the diff).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { CLI, ROOT, stopDaemon, tempDir } from '../helpers';

/** The most tools/list may weigh: about 2,000 tokens that every session loads. */
export const TOOLS_LIST_MAX_BYTES = 8 * 1024;
const GOLDEN = path.join(ROOT, 'test', 'fixtures', 'mcp-errors.golden.txt');
const TOOLS = [
  'scry_refs',
  'scry_defs',
  'scry_callers',
  'scry_callees',
  'scry_impls',
  'scry_search',
  'scry_symbols',
  'scry_impact',
  'scry_status',
  'scry_recall',
  'scry_episodes',
  'scry_memory_path',
  'scry_remember',
  'scry_why',
];

const textOf = (r: CallToolResult): string => (r.content[0]?.type === 'text' ? r.content[0].text : '');

describe('scry mcp: what a session loads and what a failure says', () => {
  let home: string;
  let repo: string;
  let client: Client;
  before(async () => {
    home = tempDir('mcp-list');
    repo = fs.realpathSync(tempDir('mcp-list-repo'));
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'eventsource-parser'), repo, { recursive: true });
    spawnSync('git', ['init', '-q'], { cwd: repo });
    // The wording golden reads the precise index's answers (SCRY_FIRST_INDEX=0); the syntactic first answer is tested in live/first-index.
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    client = new Client({ name: 'scry-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        cwd: repo,
        env: { ...env, SCRY_HOME: home, HOME: tempDir('mcp-list-user'), SCRY_FIRST_INDEX: '0' },
        stderr: 'pipe',
      }),
    );
  });
  after(async () => {
    await client.close();
    await stopDaemon(home);
  });

  it(`lists every tool in at most ${TOOLS_LIST_MAX_BYTES} bytes, each saying when to use it`, async () => {
    const listed = await client.listTools();
    const bytes = Buffer.byteLength(JSON.stringify(listed));
    console.log(`tools/list: ${bytes} bytes for ${listed.tools.length} tools`);
    assert.ok(bytes <= TOOLS_LIST_MAX_BYTES, `tools/list is ${bytes} bytes`);
    assert.deepEqual(
      listed.tools.map((t) => t.name),
      TOOLS,
    );
    for (const t of listed.tools) {
      assert.match(t.description ?? '', /\bUse it\b|\bCheck it\b|\bKeep\b/, `${t.name} says when to use it`);
      assert.ok(t.title, `${t.name} has a title`);
      assert.equal(t.annotations?.title, undefined, `${t.name}: the title once`);
      const schema = JSON.stringify(t.inputSchema);
      assert.ok(!schema.includes('$schema') && !schema.includes(String(Number.MAX_SAFE_INTEGER)), `${t.name}: no schema header, no 2^53 bounds`);
      assert.equal((t as { execution?: unknown }).execution, undefined);
    }
    // What the listing leaves out of each tool is said once, where every session reads it.
    const instructions = client.getInstructions() ?? '';
    // Always loaded, even where the tools are deferred (Claude Code): it says first what Scry answers and names the tools, short.
    console.log(`instructions: ${Buffer.byteLength(instructions)} bytes`);
    assert.ok(Buffer.byteLength(instructions) <= 2200, `instructions are ${Buffer.byteLength(instructions)} bytes`);
    const first = instructions.split('. ')[0]!;
    for (const tool of ['scry_refs', 'scry_defs', 'scry_callers', 'scry_impls', 'scry_symbols', 'scry_recall'])
      assert.ok(first.includes(tool), `the first sentence names ${tool}: ${first}`);
    assert.match(instructions, /ToolSearch `select:mcp__scry__scry_refs`/);
    for (const shared of ['`repo`', '`format`', '`limit`', '`budget`', 'offset', 'OrderService#processOrder']) assert.ok(instructions.includes(shared), shared);
  });

  it('words failures for an agent: tool arguments and tools, never CLI flags', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['scry_refs', { repo: '/nonexistent', symbol: 'x' }],
      ['scry_refs', { symbol: 'createParsr' }],
      ['scry_impact', { symbol: 'zzzqqq' }],
      ['scry_symbols', { file: 'src/nope.ts' }],
      ['scry_symbols', { file: 'src/pars.ts' }],
      ['scry_search', { pattern: 'parse', kind: 'fucntion' }],
      ['scry_episodes', { entity: 'nobody-here' }],
      ['scry_memory_path', { from: 'nobody-a', to: 'nobody-b' }],
    ];
    const lines: string[] = [];
    for (const [name, args] of calls) {
      const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
      const text = textOf(r).trimEnd();
      assert.doesNotMatch(text, /(^|\s)--[a-z]|\bscry (index|memory|search|status)\b/, `${name}: ${text}`);
      lines.push(`${name} ${JSON.stringify(args)}${r.isError ? ' (error)' : ''}`, text.split(repo).join('<repo>'), '');
    }
    const actual = lines.join('\n');
    if (process.env.SCRY_UPDATE_GOLDEN === '1') fs.writeFileSync(GOLDEN, actual);
    assert.equal(actual, fs.readFileSync(GOLDEN, 'utf8'));
  });
});
