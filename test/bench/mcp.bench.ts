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
import { connectDaemon } from '../../daemon/client';
import * as P from '../../daemon/protocol';
import { CLI, ROOT, rxjsRepo, stopDaemon, tempDir } from '../helpers';
import { ms, ratio, summarize, table, timeIt, verdict } from './stats';

const SYMBOL = 'concatMapTo';
const CALLS = 2000;

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
    const first = await mcp.callTool({ name: 'scry_refs', arguments: { symbol: SYMBOL } });
    if (first.isError) throw new Error(`scry_refs failed: ${JSON.stringify(first.content)}`);
    const total = (first.structuredContent as { total: number }).total;
    for (let i = 0; i < 200; i++) await mcp.callTool({ name: 'scry_refs', arguments: { symbol: SYMBOL } });
    const mcpSamples: number[] = [];
    for (let i = 0; i < CALLS; i++) mcpSamples.push((await timeIt(() => mcp.callTool({ name: 'scry_refs', arguments: { symbol: SYMBOL } }))).ms);
    await mcp.close();

    const conn = await connectDaemon({ home, daemonScript: path.join(ROOT, 'dist', 'daemon.js') });
    const socketSamples: number[] = [];
    for (let i = 0; i < 200; i++) await conn.request(P.Refs.type, { repo, name: SYMBOL });
    for (let i = 0; i < CALLS; i++) socketSamples.push((await timeIt(() => conn.request(P.Refs.type, { repo, name: SYMBOL }))).ms);
    conn.dispose();

    const cliSamples: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = await timeIt(() => spawnSync(process.execPath, [CLI, 'refs', SYMBOL, '--repo', repo, '--json'], { env: env(home) }));
      if (t.value.status !== 0) throw new Error(`scry refs failed: ${String(t.value.stderr)}`);
      cliSamples.push(t.ms);
    }

    const m = summarize(mcpSamples);
    const s = summarize(socketSamples);
    const c = summarize(cliSamples);
    const up = summarize(startups);
    table(`scry_refs ${SYMBOL} (${total} occurrences) on rxjs, warm daemon`, ['path', 'n', 'p50', 'p95', 'p99'], [
      ['MCP tools/call (stdio -> scry mcp -> socket -> daemon)', m.n, ms(m.p50), ms(m.p95), ms(m.p99)],
      ['daemon socket alone (JSON-RPC)', s.n, ms(s.p50), ms(s.p95), ms(s.p99)],
      ['CLI process per query (scry refs --json)', c.n, ms(c.p50), ms(c.p95), ms(c.p99)],
      ['scry mcp start-up to completed handshake', up.n, ms(up.p50), ms(up.p95), ms(up.p99)],
    ]);
    // Three processes take turns on every call: on a busy machine the scheduler, not scry, sets the figure.
    console.log(`\nload average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
    console.log(`MCP p50 ${ms(m.p50)}: ${verdict(m.p50, 1)}; CLI / MCP at p50: ${ratio(c.p50, m.p50)}; MCP overhead over the socket at p50: ${ms(m.p50 - s.p50)}`);
  } finally {
    await stopDaemon(home);
  }
}
