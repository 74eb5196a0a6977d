// MCP round trip: an SDK client calls scry_refs on a live `scry mcp`, which
// forwards to a warm daemon over its socket. Beside it: the same question
// straight over the socket (the daemon's share) and through the CLI (a process
// per question, the original scry's path). Also `scry mcp` start-up to a
// completed MCP handshake.
import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { connectDaemon } from '../../daemon/client';
import { ALL_TOOLS } from '../../daemon/mcp/tools';
import * as P from '../../daemon/protocol';
import { CLI, ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { ms, summarize, table, timeIt, verdict } from './stats';
import { record } from './summary';

// A small answer and one near the 100-occurrence mark of the target.
const SYMBOLS = ['concatMapTo', 'innerFrom'];
const CALLS = 1000;

function env(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  return { ...out, SCRY_HOME: home };
}

async function startClient(home: string, repo: string): Promise<Client> {
  const client = new Client({ name: 'scry-bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd: repo, env: env(home), stderr: 'ignore' }));
  return client;
}

export async function run(): Promise<void> {
  const home = tempDir('bench-mcp');
  const repo = rxjsRepo();
  try {
    const startups: number[] = [];
    let client: Client | undefined;
    for (let i = 0; i < 5; i++) {
      await client?.close();
      const t = await timeIt(() => startClient(home, repo));
      startups.push(t.ms);
      client = t.value;
    }
    const mcp = client!;
    const listed = Buffer.byteLength(JSON.stringify(await mcp.listTools()));
    const sdk = await sdkListingBytes();
    record({ figure: 'MCP tools/list, bytes every session loads', value: `${listed} B`, baseline: `SDK's own listing of the same tools ${sdk} B`, ratio: `${(listed / sdk).toFixed(2)}x`, target: '<= 8192 B', ok: listed <= 8192 });
    console.log(`tools/list: ${listed} bytes (the SDK's own listing of the same ${ALL_TOOLS.length} tools: ${sdk} bytes)`);
    const rows: Array<Array<string | number>> = [];
    const verdicts: string[] = [];
    const mcpP50: Array<[string, number]> = [];
    for (const symbol of SYMBOLS) {
      const first = await mcp.callTool({ name: 'scry_refs', arguments: { symbol, format: 'json' } });
      if (first.isError) throw new Error(`scry_refs failed: ${JSON.stringify(first.content)}`);
      const total = (first.structuredContent as { total: number }).total;
      const timed = async (args: Record<string, unknown>): Promise<number[]> => {
        for (let i = 0; i < 200; i++) await mcp.callTool({ name: 'scry_refs', arguments: args });
        const out: number[] = [];
        for (let i = 0; i < CALLS; i++) out.push((await timeIt(() => mcp.callTool({ name: 'scry_refs', arguments: args }))).ms);
        return out;
      };
      const compact = summarize(await timed({ symbol }));
      const json = summarize(await timed({ symbol, format: 'json' }));
      rows.push([`MCP tools/call, compact (default): ${symbol}, ${total} occurrences`, compact.n, ms(compact.p50), ms(compact.p95), ms(compact.p99)]);
      rows.push([`MCP tools/call, format json: ${symbol}`, json.n, ms(json.p50), ms(json.p95), ms(json.p99)]);
      verdicts.push(`MCP compact p50 for ${symbol} (${total} occurrences): ${ms(compact.p50)}: ${verdict(compact.p50, 1)}`);
      mcpP50.push([`${symbol} (${total} occurrences)`, compact.p50]);
    }
    await mcp.close();

    const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
    let socketP50 = 0;
    for (const symbol of SYMBOLS) {
      const socketSamples: number[] = [];
      for (let i = 0; i < 200; i++) await conn.request(P.Refs.type, { repo, name: symbol });
      for (let i = 0; i < CALLS; i++) socketSamples.push((await timeIt(() => conn.request(P.Refs.type, { repo, name: symbol }))).ms);
      const s = summarize(socketSamples);
      if (symbol === SYMBOLS[0]) socketP50 = s.p50;
      const [label, p50] = mcpP50[SYMBOLS.indexOf(symbol)]!;
      record({ figure: `MCP tools/call p50, SDK client, warm: ${label}`, value: ms(p50), baseline: `socket alone ${ms(s.p50)}`, ratio: `${(p50 / s.p50).toFixed(2)}x`, target: '<= 1 ms', ok: p50 <= 1 });
      rows.push([`daemon socket alone (JSON-RPC, baseline): ${symbol}`, s.n, ms(s.p50), ms(s.p95), ms(s.p99)]);
    }
    conn.dispose();

    const cliSamples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = await timeIt(() => spawnSync(process.execPath, [CLI, 'refs', SYMBOLS[0]!, '--repo', repo, '--json'], { env: env(home) }));
      if (t.value.status !== 0) throw new Error(`scry refs failed: ${String(t.value.stderr)}`);
      cliSamples.push(t.ms);
    }

    const c = summarize(cliSamples);
    const up = summarize(startups);
    rows.push(['CLI process per query (scry refs --json)', c.n, ms(c.p50), ms(c.p95), ms(c.p99)]);
    rows.push(['scry mcp start-up to completed handshake', up.n, ms(up.p50), ms(up.p95), ms(up.p99)]);
    table('scry_refs on rxjs, warm daemon', ['path', 'n', 'p50', 'p95', 'p99'], rows);
    // Three processes take turns on every call: on a busy machine the scheduler, not scry, sets the figure.
    console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    for (const v of verdicts) console.log(v);
    console.log(`daemon socket alone p50 (${SYMBOLS[0]}): ${ms(socketP50)}`);
  } finally {
    await stopDaemon(home);
  }
}

/** The size tools/list had as the SDK writes it (schema header, 2^53 bounds, title twice, task support): the baseline. */
async function sdkListingBytes(): Promise<number> {
  const server = new McpServer({ name: 'scry', version: '0' });
  for (const t of ALL_TOOLS) server.registerTool(t.name, { title: t.title, description: t.description, inputSchema: t.input, annotations: t.annotations }, () => ({ content: [] }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'scry-bench', version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
  const bytes = Buffer.byteLength(JSON.stringify(await client.listTools()));
  await client.close();
  await server.close();
  return bytes;
}
