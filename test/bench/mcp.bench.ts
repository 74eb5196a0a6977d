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
import { DEFAULT_BUDGET } from '../../daemon/mcp/tool';
import { ALL_TOOLS } from '../../daemon/mcp/tools';
import * as P from '../../daemon/protocol';
import { CLI, ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { mcpStages } from './mcp-stages';
import { ms, ratio, summarize, table, timeIt, verdict, type Summary } from './stats';
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
    record({
      figure: 'MCP tools/list, bytes every session loads',
      value: `${listed} B`,
      baseline: `SDK's own listing of the same tools ${sdk} B`,
      ratio: `${(listed / sdk).toFixed(2)}x`,
      target: '<= 8192 B',
      ok: listed <= 8192,
    });
    console.log(`tools/list: ${listed} bytes (the SDK's own listing of the same ${ALL_TOOLS.length} tools: ${sdk} bytes)`);
    const rows: Array<Array<string | number>> = [];
    const verdicts: string[] = [];
    // The precise index first: the first call starts its build, which would share the CPU with the calls timed.
    const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
    await conn.request(P.IndexRepo.type, { repo });
    let socketP50 = 0;
    for (const symbol of SYMBOLS) {
      const first = await mcp.callTool({ name: 'scry_refs', arguments: { symbol, format: 'json' } });
      if (first.isError) throw new Error(`scry_refs failed: ${JSON.stringify(first.content)}`);
      const total = (first.structuredContent as { total: number }).total;
      // MCP (compact, json) and the bare socket take turns, call by call, so the machine's load falls on all three alike.
      const params = { repo, name: symbol, budget: DEFAULT_BUDGET };
      const calls: Array<() => Promise<unknown>> = [
        () => mcp.callTool({ name: 'scry_refs', arguments: { symbol } }),
        () => mcp.callTool({ name: 'scry_refs', arguments: { symbol, format: 'json' } }),
        () => conn.request(P.Refs.type, params),
        () => conn.request(P.Compact.type, { method: P.Refs.method, params }),
      ];
      for (let i = 0; i < 200; i++) for (const call of calls) await call();
      const samples: number[][] = calls.map(() => []);
      for (let i = 0; i < CALLS; i++) for (const [k, call] of calls.entries()) samples[k]!.push((await timeIt(call)).ms);
      const [compact, json, socket, socketText] = samples.map(summarize) as [Summary, Summary, Summary, Summary];
      rows.push([
        `MCP tools/call, compact (default): ${symbol}, ${total} occurrences`,
        compact.n,
        ms(compact.p50),
        ms(compact.p90),
        ms(compact.p95),
        ms(compact.p99),
      ]);
      rows.push([`MCP tools/call, format json: ${symbol}`, json.n, ms(json.p50), ms(json.p90), ms(json.p95), ms(json.p99)]);
      rows.push([`daemon socket alone (JSON-RPC, baseline): ${symbol}`, socket.n, ms(socket.p50), ms(socket.p90), ms(socket.p95), ms(socket.p99)]);
      rows.push([
        `daemon socket, scry/compact (what a compact call asks): ${symbol}`,
        socketText.n,
        ms(socketText.p50),
        ms(socketText.p90),
        ms(socketText.p95),
        ms(socketText.p99),
      ]);
      verdicts.push(
        `MCP compact p50 for ${symbol} (${total} occurrences): ${ms(compact.p50)}, ${ratio(compact.p50, socket.p50)} the socket's: ${verdict(compact.p50, 1)}`,
      );
      if (symbol === SYMBOLS[0]) socketP50 = socket.p50;
      const label = `${symbol} (${total} occurrences)`;
      record({
        figure: `MCP tools/call p50, SDK client, warm: ${label}`,
        value: ms(compact.p50),
        baseline: `socket alone ${ms(socket.p50)}`,
        ratio: ratio(compact.p50, socket.p50),
        target: '<= 1 ms',
        ok: compact.p50 <= 1,
      });
      const stages = await mcpStages(conn, repo, symbol);
      const accounted = stages.reduce((n, st) => n + st.p50, 0);
      const rest = Math.max(0, compact.p50 - accounted);
      table(
        `one MCP tools/call, stage by stage (p50 each): scry_refs ${label}`,
        ['stage', 'p50', 'share of the MCP p50'],
        [
          ...stages.map((st) => [st.stage, ms(st.p50), `${((st.p50 / compact.p50) * 100).toFixed(0)}%`]),
          ['stdio hops (client -> scry mcp -> client) and CPU waits: the rest', ms(rest), `${((rest / compact.p50) * 100).toFixed(0)}%`],
          ['MCP tools/call p50, compact (measured above)', ms(compact.p50), '100%'],
        ],
      );
    }
    await mcp.close();
    conn.dispose();

    const cliSamples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = await timeIt(() => spawnSync(process.execPath, [CLI, 'refs', SYMBOLS[0]!, '--repo', repo, '--json'], { env: env(home) }));
      if (t.value.status !== 0) throw new Error(`scry refs failed: ${String(t.value.stderr)}`);
      cliSamples.push(t.ms);
    }

    const c = summarize(cliSamples);
    const up = summarize(startups);
    rows.push(['CLI process per query (scry refs --json)', c.n, ms(c.p50), ms(c.p90), ms(c.p95), ms(c.p99)]);
    rows.push(['scry mcp start-up to completed handshake', up.n, ms(up.p50), ms(up.p90), ms(up.p95), ms(up.p99)]);
    table('scry_refs on rxjs, warm daemon', ['path', 'n', 'p50', 'p90', 'p95', 'p99'], rows);
    // Three processes take turns on every call: on a busy machine the scheduler, not scry, sets the figure.
    console.log(
      `\nload average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    for (const v of verdicts) console.log(v);
    console.log(`daemon socket alone p50 (${SYMBOLS[0]}): ${ms(socketP50)}`);
  } finally {
    await stopDaemon(home);
  }
}

/** The size tools/list had as the SDK writes it (schema header, 2^53 bounds, title twice, task support): the baseline. */
async function sdkListingBytes(): Promise<number> {
  const server = new McpServer({ name: 'scry', version: '0' });
  for (const t of ALL_TOOLS)
    server.registerTool(t.name, { title: t.title, description: t.description, inputSchema: t.input, annotations: t.annotations }, () => ({ content: [] }));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'scry-bench', version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
  const bytes = Buffer.byteLength(JSON.stringify(await client.listTools()));
  await client.close();
  await server.close();
  return bytes;
}
