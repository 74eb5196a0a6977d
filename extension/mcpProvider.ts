// Offers `scry mcp` to editor agents. VS Code (1.101+) asks providers
// registered with vscode.lm; Cursor has its own registration. Both are
// feature-detected, so an editor with neither simply gets no MCP server.
import * as vscode from 'vscode';
import type { NodeInfo } from './nodeDiscovery';

export const MCP_PROVIDER_ID = 'scry.mcp';
export const MCP_SERVER_LABEL = 'Scry';

export interface McpServerSpec {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export function mcpServerSpec(node: NodeInfo, scryBin: string, home: string): McpServerSpec {
  return { command: node.path, args: [scryBin, 'mcp'], env: { SCRY_HOME: home } };
}

/** Cursor's API, as its documentation declares it; absent everywhere else. */
interface CursorMcpApi {
  registerServer(config: { name: string; server: { command: string; args: string[]; env: Record<string, string> } }): void;
  unregisterServer(name: string): void;
}

function cursorMcp(): CursorMcpApi | undefined {
  const cursor = (vscode as unknown as { cursor?: { mcp?: Partial<CursorMcpApi> } }).cursor;
  const mcp = cursor?.mcp;
  return mcp && typeof mcp.registerServer === 'function' && typeof mcp.unregisterServer === 'function' ? (mcp as CursorMcpApi) : undefined;
}

export class McpRegistration implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private cursorRegistered = false;
  /** Which registrations this editor supports, for the log. */
  readonly apis: string[] = [];

  constructor(
    private readonly spec: () => Promise<McpServerSpec | undefined>,
    private readonly version: string,
    private readonly log: (line: string) => void,
  ) {
    const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
    if (typeof lm?.registerMcpServerDefinitionProvider === 'function' && typeof vscode.McpStdioServerDefinition === 'function') {
      this.disposables.push(
        lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
          onDidChangeMcpServerDefinitions: this.changed.event,
          provideMcpServerDefinitions: async () => {
            const s = await this.spec().catch(() => undefined);
            if (!s) return [];
            return [new vscode.McpStdioServerDefinition(MCP_SERVER_LABEL, s.command, s.args, s.env, this.version)];
          },
        }),
      );
      this.apis.push('vscode.lm');
    }
    if (cursorMcp()) this.apis.push('vscode.cursor.mcp');
    void this.refresh();
  }

  /** Re-announces the server, e.g. after scry.nodePath changed. */
  async refresh(): Promise<void> {
    this.changed.fire();
    const cursor = cursorMcp();
    if (!cursor) return;
    const s = await this.spec().catch(() => undefined);
    if (this.cursorRegistered) cursor.unregisterServer('scry');
    this.cursorRegistered = false;
    if (!s) return;
    cursor.registerServer({ name: 'scry', server: s });
    this.cursorRegistered = true;
    this.log(`registered the MCP server with Cursor: ${s.command} ${s.args.join(' ')}`);
  }

  dispose(): void {
    if (this.cursorRegistered) cursorMcp()?.unregisterServer('scry');
    for (const d of this.disposables) d.dispose();
  }
}
