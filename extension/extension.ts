// Entry point: wires the pieces together and returns. Real work (finding
// Node, starting or adopting the daemon, indexing) happens after activation.
import * as P from '../daemon/protocol';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { logDir } from '../daemon/client';
import { commandRegistrar, registerCommands } from './commands';
import { reportEditorStorage } from './editorStorage';
import { registerMemoryCommands } from './memoryCommands';
import { EpisodeDocuments, MemoryGraphPanel } from './memoryGraph/panel';
import { LogTail } from './logTail';
import { mcpServerSpec, McpRegistration } from './mcpProvider';
import { findNode, type NodeInfo } from './nodeDiscovery';
import { Output } from './output';
import { repointPathLink } from './pathCommand';
import { RepoTracker } from './repoTracker';
import { readSettings } from './settings';
import { StatusBar } from './statusBar';
import { Supervisor } from './supervisor';
import { applyTerminalEnv } from './terminalEnv';
import { WorkspaceIndexer } from './workspaceIndexer';
import { reposForFolders } from './workspaceRepos';

declare const SCRY_VERSION: string;

export function activate(context: vscode.ExtensionContext): void {
  const settings = readSettings();
  const home = settings.home;
  const output = new Output();
  output.level = settings.logLevel;
  const sub = <T extends vscode.Disposable>(d: T): T => {
    context.subscriptions.push(d);
    return d;
  };
  sub(output);

  let nodePromise: Promise<NodeInfo> | undefined;
  const resolveNode = (): Promise<NodeInfo> => {
    nodePromise ??= findNode({ configured: readSettings().nodePath });
    // A failure is not cached: the user may install Node or fix the setting.
    nodePromise.catch(() => (nodePromise = undefined));
    return nodePromise;
  };

  const supervisor = sub(
    new Supervisor({
      home,
      daemonScript: context.asAbsolutePath(path.join('dist', 'daemon.js')),
      resolveNode,
      log: output.log,
      env: { SCRY_LOG_LEVEL: settings.logLevel },
    }),
  );
  const tracker = new RepoTracker();
  sub({ dispose: () => tracker.dispose() });
  const indexer = sub(new WorkspaceIndexer(supervisor, tracker, output.log));
  const statusBar = sub(new StatusBar(supervisor, tracker));
  const scryBin = context.asAbsolutePath(path.join('bin', 'scry'));
  sub(new LogTail(path.join(logDir(home), 'scryd.log'), output.daemonLines));

  const mcp = sub(
    new McpRegistration(
      async () => mcpServerSpec(await resolveNode(), scryBin, home),
      typeof SCRY_VERSION === 'string' ? SCRY_VERSION : '0.0.0',
      (l) => output.log('info', l),
    ),
  );
  output.log('info', `Scry ${SCRY_VERSION}: SCRY_HOME ${home}; MCP registration: ${mcp.apis.join(', ') || 'not supported by this editor'}`);
  applyTerminalEnv(context.environmentVariableCollection, context.asAbsolutePath('bin'), home);

  const extensionId = context.extension.id;
  for (const d of registerCommands({ supervisor, tracker, indexer, output, statusBar, scryBin, extensionId, home: () => home, resolveNode })) sub(d);
  repointPathLink(scryBin, extensionId, (l) => output.log('info', l));
  const episodes = sub(new EpisodeDocuments(async (id) => (await supervisor.request(P.MemoryEpisode.type, { id })).text));
  // The graph opens on the project of a workspace repository when memory knows one.
  const panel = sub(new MemoryGraphPanel(context.extensionUri, supervisor, episodes, () => tracker.repos.map((r) => path.basename(r))));
  const cwd = (): string | undefined => tracker.repos[0] ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  for (const d of registerMemoryCommands({ supervisor, panel, episodes, cwd, reg: commandRegistrar(output) })) sub(d);

  const syncFolders = (): void => {
    const folders = (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ name: f.name, fsPath: f.uri.fsPath }));
    tracker.setRepos(reposForFolders(folders, readSettings().excludedFolders));
  };
  syncFolders();
  sub(
    vscode.workspace.onDidChangeWorkspaceFolders(() => {
      syncFolders();
      void indexer.indexAll(false);
    }),
  );
  sub(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('scry.logLevel')) output.level = readSettings().logLevel;
      if (e.affectsConfiguration('scry.excludedFolders')) {
        syncFolders();
        void indexer.indexAll(false);
      }
      if (e.affectsConfiguration('scry.nodePath')) {
        nodePromise = undefined;
        void mcp.refresh();
        if (!supervisor.connection) void supervisor.start();
      }
      if (e.affectsConfiguration('scry.home')) {
        void vscode.window.showInformationMessage('Scry: reload the window to use the new scry.home.', 'Reload').then((c) => {
          if (c) void vscode.commands.executeCommand('workbench.action.reloadWindow');
        });
      }
    }),
  );
  sub(
    supervisor.onDidChangeState((s) => {
      if (s.kind !== 'no-node') return;
      void vscode.window.showErrorMessage(s.reason, 'Set Node Path').then((choice) => {
        // scry.nodePath is machine-scoped: in a remote window it lives in the remote's settings.
        if (choice)
          void vscode.commands.executeCommand(vscode.env.remoteName ? 'workbench.action.openRemoteSettings' : 'workbench.action.openSettings', {
            query: 'scry.nodePath',
          });
      });
    }),
  );

  // The editor's own agents (Copilot Chat, Cline, Roo) keep their chats in this editor's storage: memory sweeps it.
  sub(reportEditorStorage(context, supervisor, output.log));
  void supervisor.start();
}

export function deactivate(): void {
  // Nothing to stop: the daemon keeps serving the terminal and other editors.
}
