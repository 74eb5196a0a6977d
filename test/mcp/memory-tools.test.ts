// The memory tools through `scry mcp` and the SDK's own client, against a real
// daemon whose memory was ingested from the fixture sessions: compact text by
// default and no structuredContent (clients hand the model structuredContent
// whenever it is there), full JSON with format: "json", remember not read-only.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { EpisodesResult, MemoryStatus, PathResult, RecallResult } from '../../daemon/protocol';
import { CLI, scry, scryJson, stopDaemon, tempDir } from '../helpers';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'memory', 'recall');
const MEMORY_TOOLS = ['scry_recall', 'scry_episodes', 'scry_memory_path', 'scry_remember'];
const textOf = (r: CallToolResult): string => (r.content[0]?.type === 'text' ? r.content[0].text : '');

describe('memory tools over MCP', { timeout: 120_000 }, () => {
  let home: string;
  let repo: string;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
    assert.ok(!r.isError, `${name} failed: ${textOf(r)}`);
    return r;
  };

  before(async () => {
    home = tempDir('mcp-mem');
    repo = path.join(tempDir('mcp-repo'), 'hermes');
    fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
    const opts = { home, env: { SCRY_MEMORY_SWEEP: '0' } };
    for (const dir of fs.readdirSync(path.join(FIXTURES, 'claude')).sort()) {
      assert.equal((await scry(['memory', 'ingest', '--source', 'claude', '--path', path.join(FIXTURES, 'claude', dir)], opts)).code, 0);
      for (let i = 0; i < 200 && (await scryJson<MemoryStatus>(['memory', 'status'], opts)).queue.pending > 0; i++) await new Promise((r) => setTimeout(r, 50));
    }
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
    client = new Client({ name: 'scry-test', version: '1' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, 'mcp'],
        cwd: repo,
        env: { ...env, SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0' },
        stderr: 'pipe',
      }),
    );
  });
  after(async () => {
    await client.close();
    await stopDaemon(home);
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('declares each memory tool whole: described inputs, a format switch, no output schema; only remember writes', async () => {
    const { tools } = await client.listTools();
    for (const name of MEMORY_TOOLS) {
      const t = tools.find((x) => x.name === name);
      assert.ok(t, name);
      assert.ok((t.description ?? '').length > 80, name);
      assert.equal(t.outputSchema, undefined, `${name}: text answers, so no output schema`);
      const props = t.inputSchema.properties as Record<string, { description?: string; enum?: string[] }>;
      // The shared fields (repo, format, paging) are explained once, in the server's instructions.
      for (const [field, schema] of Object.entries(props))
        if (!['repo', 'format', 'limit', 'budget', 'offset'].includes(field)) assert.ok(schema.description, `${name}.${field} is described`);
      assert.deepEqual(props.format?.enum, ['compact', 'json']);
      assert.equal(t.annotations?.readOnlyHint ?? false, name !== 'scry_remember', name);
      assert.equal(t.annotations?.destructiveHint, name === 'scry_remember' ? false : undefined, name);
    }
  });

  it('scry_recall answers in compact text without structuredContent, and in full JSON on request', async () => {
    const text = await call('scry_recall', { query: 'where do we deploy the API?' });
    assert.equal(text.structuredContent, undefined);
    // A question that names no entity is answered by what the sessions said; an entity it names heads the answer.
    assert.match(textOf(text), /deployed on web-2/);
    assert.match(textOf(await call('scry_recall', { query: 'hermes-api' })), /^## hermes-api \(/m);
    const json = await call('scry_recall', { query: 'where do we deploy the API?', format: 'json' });
    const r = json.structuredContent as RecallResult;
    assert.deepEqual(JSON.parse(textOf(json)), r);
    assert.ok(
      (r.passages ?? []).some((p) => /deployed on web-2/.test(p.snippet)),
      JSON.stringify(r.passages?.map((p) => p.snippet)),
    );
  });

  it('scry_remember stores a fact at once for the repo the agent works in; recall finds it; twice is once', async () => {
    const first = await call('scry_remember', { text: 'Releases of hermes are cut on Thursdays.', entity: ['hermes'] });
    assert.match(textOf(first), /^Remembered/);
    const again = await call('scry_remember', { text: 'releases of hermes are cut on thursdays', entity: ['hermes'] });
    assert.match(textOf(again), /^Already remembered/);
    const r = await call('scry_recall', { query: 'when are releases cut?', format: 'json' });
    const hits = JSON.stringify(r.structuredContent);
    assert.match(hits, /Releases of hermes are cut on Thursdays/);
    // Recall may spend its budget on hermes's facts before its episodes; the entity's own episodes, newest first, hold the note.
    const eps = await call('scry_episodes', { entity: 'hermes', format: 'json' });
    const manual = (eps.structuredContent as EpisodesResult).episodes.find((e) => e.source === 'manual');
    assert.equal(manual?.repo_root, repo, 'the MCP server filled in its own repository');
  });

  it('scry_recall quotes what the sessions said: a snippet under the transcript it came from, with the lines to open', async () => {
    const text = textOf(await call('scry_recall', { query: 'why did the nightly invoice job fail?' }));
    const session = path.join(FIXTURES, 'claude', '-home-ana-src-ledger', '44444444-dddd-4000-8000-000000000004.jsonl');
    assert.match(text, /ran out of memory while building PDFs/);
    const header = text.split('\n').findIndex((l) => l.startsWith(`${session} (`));
    assert.notEqual(header, -1, `the transcript's path heads its passages:\n${text}`);
    const line = text
      .split('\n')
      .slice(header + 1)
      .find((l) => l.includes('ran out of memory'));
    const span = /^- (\d+)-(\d+): /.exec(line ?? '');
    assert.ok(span, line);
    const lines = fs
      .readFileSync(session, 'utf8')
      .split('\n')
      .slice(Number(span[1]) - 1, Number(span[2]));
    assert.ok(
      lines.some((l) => l.includes('ran out of memory while building PDFs')),
      `lines ${span[1]}-${span[2]} hold the sentence`,
    );
  });

  it('scry_memory_path and scry_episodes answer in text; a missing entity is an error naming it', async () => {
    const p = await call('scry_memory_path', { from: 'ledger', to: 'pnpm', format: 'json' });
    assert.equal((p.structuredContent as PathResult).hops.length, 3);
    assert.match(textOf(await call('scry_memory_path', { from: 'ledger', to: 'pnpm' })), /^ledger → pnpm in 3 hops:/);
    assert.match(textOf(await call('scry_episodes', { entity: 'web-2' })), /deploy@web-2|web-2/);
    const missing = (await client.callTool({ name: 'scry_episodes', arguments: { entity: 'no-such-thing' } })) as CallToolResult;
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /no entity 'no-such-thing' in memory/);
  });
});
