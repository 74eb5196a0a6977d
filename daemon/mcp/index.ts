// `scry mcp`: a stdio MCP server whose tools forward to the daemon. stdout
// carries only the protocol; every call is logged with its latency.
import * as path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectDaemon, findRepoRoot, type RpcClient } from '../client';
import { errorMessage } from '../errors';
import { logDir, scryHome } from '../paths';
import { VERSION } from '../version';
import { CallLog } from './call-log';
import { DaemonLink } from './daemon-link';
import type { ScryTool, ToolContext } from './tool';
import { ALL_TOOLS } from './tools';

export interface McpServerOptions {
  home: string;
  /** Where relative and default repos are resolved from (the agent's working directory). */
  cwd: string;
  connect: () => Promise<RpcClient>;
  tools?: readonly ScryTool[];
}

export const SERVER_INSTRUCTIONS =
  'Scry answers code-navigation questions (references, definitions, callers, callees, implementations, impact, file outlines) from a ' +
  'pre-built semantic index in milliseconds. Prefer these tools over grep/glob whenever the thing you look for is a code symbol; ' +
  'keep grep for strings, comments, regexes and non-code files. The repo defaults to the git root of the working directory. ' +
  'Scry also remembers what past agent sessions learnt (projects, machines, decisions, how things are deployed): scry_recall before asking the user ' +
  'or re-discovering something, scry_remember for a durable fact worth keeping.';

export function createScryMcpServer(options: McpServerOptions): { server: McpServer; dispose(): void } {
  const link = new DaemonLink(options.connect);
  const log = new CallLog(path.join(logDir(options.home), 'mcp-calls.jsonl'));
  const defaultRepo = findRepoRoot(options.cwd);
  const ctx: ToolContext = {
    request: (type, params) => link.request(type, params),
    repo: (given) => (given ? path.resolve(options.cwd, given) : defaultRepo),
  };
  const server = new McpServer({ name: 'scry', version: VERSION }, { instructions: SERVER_INSTRUCTIONS });
  for (const tool of options.tools ?? ALL_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        // A tool that answers in text declares no output schema: it sends structuredContent only when asked for JSON.
        ...(tool.text ? {} : { outputSchema: tool.output }),
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        const started = performance.now();
        try {
          const result = (await tool.run(args, ctx)) as Record<string, unknown>;
          const total = typeof result.total === 'number' ? result.total : undefined;
          log.write({ ts: new Date().toISOString(), tool: tool.name, ms: elapsed(started), ok: true, args, total });
          if (tool.text && args.format !== 'json') return { content: [{ type: 'text', text: (tool.text as (r: unknown) => string)(result) }] };
          return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
        } catch (err) {
          const message = errorMessage(err);
          log.write({ ts: new Date().toISOString(), tool: tool.name, ms: elapsed(started), ok: false, args, error: message });
          return { content: [{ type: 'text', text: `${tool.name} failed: ${message}` }], isError: true };
        }
      },
    );
  }
  return { server, dispose: () => link.dispose() };
}

const elapsed = (started: number): number => Math.round((performance.now() - started) * 1000) / 1000;

/** Entry point of dist/mcp.js, called by `scry mcp`. Resolves when the client disconnects. */
export async function mcpMain(): Promise<void> {
  const home = scryHome();
  const { server, dispose } = createScryMcpServer({ home, cwd: process.cwd(), connect: () => connectDaemon({ home }) });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  dispose();
  await server.close();
}
