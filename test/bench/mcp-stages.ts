// Where one MCP tools/call of scry_refs spends its time, stage by stage: each
// stage is the code `scry mcp` runs for it (the SDK's stdio framing and
// schemas, the call log), timed in this process on the daemon's real answer;
// the socket round trip of scry/compact (what a compact call asks the daemon)
// and the daemon's own lookup are timed over a real connection, the daemon's
// rendering of the text in this process. What the stages leave of the MCP
// p50 is the two stdio hops (client -> scry mcp -> client) and the waits for
// a CPU.
import * as path from 'node:path';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { CallToolRequestSchema, CallToolResultSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import type { RpcClient } from '../../daemon/client';
import { CallLog } from '../../daemon/mcp/call-log';
import { refsTool } from '../../daemon/mcp/tools/refs';
import { DEFAULT_BUDGET } from '../../daemon/mcp/tool';
import * as P from '../../daemon/protocol';
import { tempDir } from '../helpers';
import { summarize } from './stats';

export interface Stage {
  stage: string;
  p50: number;
}

const ROUNDS = 2000;

function timedSync(fn: () => unknown): number {
  for (let i = 0; i < 200; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    fn();
    out.push(performance.now() - started);
  }
  return summarize(out).p50;
}

/** The stages of one compact scry_refs call for `symbol`, p50 in ms each. */
export async function mcpStages(conn: RpcClient, repo: string, symbol: string): Promise<Stage[]> {
  const args = { symbol };
  const params = { repo, name: symbol, budget: DEFAULT_BUDGET };
  const line = JSON.stringify({ jsonrpc: '2.0', id: 41, method: 'tools/call', params: { name: refsTool.name, arguments: args } });
  const request = deserializeMessage(line);
  const input = z.object(refsTool.input);

  // Socket round trip: the request the tool sends (scry/compact), over a real connection;
  // the daemon's lookup: the elapsed_ms of the same query asked plainly, turn about.
  const trips: number[] = [];
  const daemon: number[] = [];
  const compact = { method: P.Refs.method, params };
  let result = await conn.request(P.Refs.type, params);
  for (let i = 0; i < 200; i++) await conn.request(P.Compact.type, compact);
  for (let i = 0; i < ROUNDS / 2; i++) {
    const started = performance.now();
    const text = await conn.request(P.Compact.type, compact);
    trips.push(performance.now() - started);
    if (text.total !== result.total) throw new Error(`scry/compact and code/refs disagree on ${symbol}: ${text.total} vs ${result.total}`);
    result = await conn.request(P.Refs.type, params);
    daemon.push(result.elapsed_ms);
  }
  const trip = summarize(trips).p50;
  const lookup = summarize(daemon).p50;
  const rendered = refsTool.render(args, result);
  const format = timedSync(() => refsTool.render(args, result));
  const response: JSONRPCMessage = { jsonrpc: '2.0', id: 41, result: rendered };
  const log = new CallLog(path.join(tempDir('bench-mcp-log'), 'mcp-calls.jsonl'));
  try {
    return [
      { stage: 'JSON-RPC parse (stdio line -> message, the SDK schema)', p50: timedSync(() => deserializeMessage(line)) },
      {
        stage: 'schema validation (tools/call request twice, tool input, tool result)',
        p50: timedSync(() => {
          CallToolRequestSchema.safeParse(request);
          CallToolRequestSchema.safeParse(request);
          input.safeParse(args);
          CallToolResultSchema.safeParse(rendered);
        }),
      },
      { stage: 'socket round trip of scry/compact, less lookup and formatting (framing, JSON, wake-ups)', p50: Math.max(0, trip - lookup - format) },
      { stage: 'daemon lookup (its elapsed_ms)', p50: lookup },
      { stage: 'formatting the compact text (in the daemon)', p50: format },
      {
        stage: 'call log line (redacted, appended)',
        p50: timedSync(() => log.write({ ts: new Date().toISOString(), tool: refsTool.name, ms: 1, ok: true, args, total: result.total })),
      },
      { stage: 'serialisation (message -> stdio line)', p50: timedSync(() => serializeMessage(response)) },
    ];
  } finally {
    log.close();
  }
}
