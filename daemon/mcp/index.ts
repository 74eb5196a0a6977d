// `scry mcp`: a stdio MCP server whose tools forward to the daemon. stdout
// carries only the protocol; every call is logged with its latency.
import * as path from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectDaemon, findRepoRoot, type RpcClient } from '../client';
import { logDir, scryHome } from '../paths';
import { VERSION } from '../version';
import { CallLog } from './call-log';
import { DaemonLink } from './daemon-link';
import { mcpErrorText } from './errors';
import type { ScryTool, ToolContext } from './tool';
import { listedTool } from './tool-list';
import { ALL_TOOLS } from './tools';

export interface McpServerOptions {
  home: string;
  /** Where relative and default repos are resolved from (the agent's working directory). */
  cwd: string;
  connect: () => Promise<RpcClient>;
  tools?: readonly ScryTool[];
}

export const SERVER_INSTRUCTIONS =
  'Scry answers code questions from a pre-built semantic index in milliseconds: references (scry_refs), definitions (scry_defs), ' +
  'callers (scry_callers), callees, implementations (scry_impls), impact, file outlines (scry_symbols), and what past agent sessions learnt (scry_recall). ' +
  'In Claude Code they are deferred tools: load one with ToolSearch `select:mcp__scry__scry_refs` (or search "references", "callers", "grep"). ' +
  'Prefer them over grep/rg whenever the thing you look for is a code symbol; ' +
  'keep grep for strings, comments, regexes and non-code files. Fields the tools share: `repo` (absolute path; default: the git root of the ' +
  'working directory); `format` (compact text by default, `json` for the structured answer); `limit` (items a page) and `budget` (bytes a page, ' +
  'default 8000): a cut page ends with `next page: offset=K`, and `offset: K` reads on. refs, callers and callees list sites, a line per file ' +
  '(`run.ts: 5;Job.start 12,14-16;.stop 30 read;def 40`: lines under the definition they are in, `;` between definitions, `.stop` a member of ' +
  "the class before, a use word where not the header's first), files as a tree (a folder line, what is in it one space deeper); imports are " +
  'counted in the header, a file that only imports reads `import`; `lines: true` adds source lines and import lines. ' +
  'refs, defs, callers, impact and symbols start with up to two `memory` lines ' +
  '(what past sessions said about the symbol or file, its state now: fresh, drifted or gone); `memory: false` leaves them out. A `symbol` is matched exactly, ignoring case, or ' +
  'qualified by its owner: `OrderService.processOrder`, `OrderService#processOrder`, `DB::table`, `auth->user`, `pkg.Func`. ' +
  'scry_recall before asking the user or re-discovering something (projects, machines, decisions, how things are deployed), ' +
  'scry_remember for a durable fact worth keeping, scry_why before changing code: what was decided about it, and whether the code changed since.';

export function createScryMcpServer(options: McpServerOptions): { server: McpServer; dispose(): void } {
  const link = new DaemonLink(options.connect);
  const log = new CallLog(path.join(logDir(options.home), 'mcp-calls.jsonl'));
  const defaultRepo = findRepoRoot(options.cwd);
  const ctx: ToolContext = {
    request: (type, params) => link.request(type, params),
    repo: (given) => (given ? path.resolve(options.cwd, given) : defaultRepo),
  };
  const server = new McpServer({ name: 'scry', version: VERSION }, { instructions: SERVER_INSTRUCTIONS });
  const tools = options.tools ?? ALL_TOOLS;
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        // No outputSchema: a tool that declares one must return structuredContent,
        // and clients give the model that JSON instead of the compact text.
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>): Promise<CallToolResult> => {
        const started = performance.now();
        try {
          const { rendered, total } = await tool.answer(args, ctx);
          log.write({ ts: new Date().toISOString(), tool: tool.name, ms: elapsed(started), ok: true, args, total });
          return rendered;
        } catch (err) {
          const message = mcpErrorText(err);
          log.write({ ts: new Date().toISOString(), tool: tool.name, ms: elapsed(started), ok: false, args, error: message });
          return { content: [{ type: 'text', text: `${tool.name} failed: ${message}` }], isError: true };
        }
      },
    );
  }
  // The SDK's own list repeats a schema header, integer bounds and the title per tool (see tool-list.ts).
  const listed = { tools: tools.map(listedTool) };
  server.server.setRequestHandler(ListToolsRequestSchema, () => listed);
  return {
    server,
    dispose: () => {
      link.dispose();
      log.close();
    },
  };
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
