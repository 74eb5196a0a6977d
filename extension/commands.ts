// Every Scry command. Each is a few lines over the supervisor, the indexer
// or a query; results open in quick picks that jump to their locations.
import { errorMessage, ScryError } from '../daemon/protocol/errors';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ErrorCodes, ResponseError } from 'vscode-jsonrpc/node';
import * as P from '../daemon/protocol';
import type { NodeInfo } from './nodeDiscovery';
import type { Output } from './output';
import type { RepoTracker } from './repoTracker';
import type { StatusBar } from './statusBar';
import { describe, type Supervisor } from './supervisor';
import { repoForFile } from './workspaceRepos';
import type { WorkspaceIndexer } from './workspaceIndexer';
import { findRepoRoot } from '../daemon/client';
import { installPathCommand, uninstallPathCommand } from './pathCommand';

/** A command that cannot run as asked (no file open, no symbol, no daemon): shown to the user as is. */
class CommandError extends ScryError {}

export interface CommandDeps {
  supervisor: Supervisor;
  tracker: RepoTracker;
  indexer: WorkspaceIndexer;
  output: Output;
  statusBar: StatusBar;
  /** bin/scry inside the extension. */
  scryBin: string;
  /** publisher.name, which names the folders its versions install into. */
  extensionId: string;
  home: () => string;
  resolveNode: () => Promise<NodeInfo>;
}

interface Action {
  command: string;
  label: string;
  detail?: string;
}

const ACTIONS: Action[] = [
  { command: 'scry.reindex', label: '$(refresh) Reindex Workspace' },
  { command: 'scry.findReferences', label: '$(references) Find References', detail: 'of the symbol under the cursor' },
  { command: 'scry.findCallers', label: '$(call-incoming) Find Callers', detail: 'of the symbol under the cursor' },
  { command: 'scry.findImplementations', label: '$(symbol-interface) Find Implementations', detail: 'of the symbol under the cursor' },
  { command: 'scry.searchSymbols', label: '$(search) Search Symbols' },
  { command: 'scry.restartDaemon', label: '$(debug-restart) Restart Daemon' },
  { command: 'scry.showStatus', label: '$(info) Show Status' },
  { command: 'scry.setupClaudeCode', label: '$(terminal) Set Up Claude Code', detail: 'runs `scry setup` in a terminal' },
  { command: 'scry.installPathCommand', label: "$(terminal) Install 'scry' Command in PATH", detail: 'for terminals outside the editor' },
  { command: 'scry.showMemoryGraph', label: '$(type-hierarchy) Show Memory Graph' },
  { command: 'scry.recall', label: '$(search) Recall…', detail: 'what memory knows about a name or a question' },
  { command: 'scry.remember', label: '$(add) Remember…', detail: 'keep a fact in memory' },
  { command: 'scry.ingestNow', label: '$(cloud-download) Ingest Agent Sessions Now', detail: 'Claude Code, Codex and run directories' },
];

/** Registers a command whose failure is logged and shown as one line. */
export function commandRegistrar(output: Output): (id: string, fn: () => unknown) => vscode.Disposable {
  return (id, fn) =>
    vscode.commands.registerCommand(id, async () => {
      try {
        await fn();
      } catch (err) {
        const message = unsupportedMessage(err, id.replace(/^scry\./, ''));
        output.log('error', `${id}: ${message}`);
        void vscode.window.showErrorMessage(`Scry: ${message}`);
      }
    });
}

export function registerCommands(deps: CommandDeps): vscode.Disposable[] {
  const { supervisor, indexer, output } = deps;
  const reg = commandRegistrar(output);
  return [
    reg('scry.showActions', () => showActions(deps)),
    reg('scry.reindex', async () => {
      await requireDaemon(supervisor);
      await indexer.indexAll(true);
    }),
    reg('scry.findReferences', () => findAtCursor(deps, 'references', P.Refs.type)),
    reg('scry.findCallers', () => findAtCursor(deps, 'callers', P.Callers.type)),
    reg('scry.findImplementations', () => findAtCursor(deps, 'implementations', P.Impls.type)),
    reg('scry.searchSymbols', () => searchSymbols(deps)),
    reg('scry.restartDaemon', () => supervisor.restart()),
    reg('scry.showStatus', () => showStatus(deps)),
    reg('scry.showLog', () => output.channel.show(true)),
    reg('scry.setupClaudeCode', () => setupClaudeCode(deps)),
    reg('scry.installPathCommand', () => installPathCommand(deps.scryBin, deps.extensionId)),
    reg('scry.uninstallPathCommand', () => uninstallPathCommand(deps.scryBin, deps.extensionId)),
  ];
}

async function showActions(deps: CommandDeps): Promise<void> {
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { command: string }>();
  const view = deps.statusBar.current;
  pick.title = `Scry: ${describe(deps.supervisor.state)}`;
  pick.placeholder = view ? view.text.replace(/^\$\([^)]*\)\s*/, '') : 'Choose a Scry action';
  const memory = deps.statusBar.memory;
  const memoryItems: Array<vscode.QuickPickItem & { command: string }> = memory
    ? [
        { label: 'Memory', kind: vscode.QuickPickItemKind.Separator, command: '' },
        { label: `$(database) ${memory.counts}`, detail: memory.queue, command: 'scry.showMemoryGraph' },
        {
          label:
            memory.needsConfig || memory.configError
              ? `$(warning) ${memory.configError ? `config.yaml: ${memory.configError}` : memory.provider}`
              : `$(check) ${memory.provider}`,
          detail: 'Open $SCRY_HOME/config.yaml',
          command: 'scry.openMemoryConfig',
          buttons: [{ iconPath: new vscode.ThemeIcon('gear'), tooltip: 'Open config.yaml' }],
        },
      ]
    : [];
  const above = [...memoryItems, ...mcpItems()];
  const actions = ACTIONS.map((a) => ({ label: a.label, detail: a.detail, command: a.command }));
  pick.items = above.length > 0 ? [...above, { label: 'Actions', kind: vscode.QuickPickItemKind.Separator, command: '' }, ...actions] : actions;
  pick.onDidTriggerItemButton((e) => {
    pick.hide();
    void vscode.commands.executeCommand(e.item.command);
  });
  const chosen = await new Promise<string | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0]?.command));
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  pick.dispose();
  if (chosen) await vscode.commands.executeCommand(chosen);
}

/**
 * Where VS Code lists Scry's MCP server it shows "Stopped" until a chat first
 * calls one of its tools (VS Code starts servers on demand). Said here, where
 * a user looks, with the list of servers to start it from.
 */
function mcpItems(): Array<vscode.QuickPickItem & { command: string }> {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function') return [];
  return [
    { label: 'Agents', kind: vscode.QuickPickItemKind.Separator, command: '' },
    {
      label: "$(plug) MCP server 'Scry' for chat agents: start it now",
      detail: "Listed as Stopped until a chat uses it: VS Code starts MCP servers on a chat's first tool call. Opens MCP: List Servers, where Start runs it",
      command: 'workbench.mcp.listServer',
    },
  ];
}

async function requireDaemon(supervisor: Supervisor): Promise<void> {
  if (supervisor.connection) return;
  await supervisor.start();
  if (!supervisor.connection) throw new CommandError(`the daemon is not running (${describe(supervisor.state)})`);
}

/** The repo a document belongs to: a tracked one when it holds the file, else its git root. */
function repoOf(deps: CommandDeps, file: string): string {
  return repoForFile(file, deps.tracker.repos) ?? findRepoRoot(path.dirname(file));
}

function symbolAtCursor(editor: vscode.TextEditor): string | undefined {
  const sel = editor.selection;
  if (!sel.isEmpty) return editor.document.getText(sel).trim() || undefined;
  const range = editor.document.getWordRangeAtPosition(sel.active);
  return range ? editor.document.getText(range) : undefined;
}

async function findAtCursor(deps: CommandDeps, what: string, type: typeof P.Refs.type): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== 'file') throw new CommandError(`open a file and put the cursor on a symbol to find its ${what}`);
  const name = symbolAtCursor(editor);
  if (!name) throw new CommandError(`there is no symbol under the cursor to find ${what} of`);
  await requireDaemon(deps.supervisor);
  const repo = repoOf(deps, editor.document.uri.fsPath);
  const result = await unsupportedAsError(deps.supervisor.request(type, { repo, name }), what);
  const items = result.matches.flatMap((m) =>
    m.occurrences.map((o) => ({
      label: `${o.file}:${o.line}:${o.column}`,
      description: o.context,
      detail: o.containing_symbol ? `in ${o.containing_symbol}${o.is_definition ? ' · definition' : ''}` : o.is_definition ? 'definition' : undefined,
      location: { repo, occurrence: o },
    })),
  );
  const files = new Set(items.map((i) => i.location.occurrence.file)).size;
  const title = `${capitalize(what)} of ${name}: ${result.total} in ${P.plural(files, 'file')}${result.truncated ? ` (${result.truncated})` : ''}`;
  if (items.length === 0) {
    void vscode.window.showInformationMessage(`Scry: no ${what} of '${name}' in ${path.basename(repo)}`);
    return;
  }
  const chosen = await vscode.window.showQuickPick(items, { title, placeHolder: title, matchOnDescription: true, matchOnDetail: true });
  if (chosen) await openOccurrence(chosen.location.repo, chosen.location.occurrence);
}

async function openOccurrence(repo: string, o: { file: string; line: number; column: number; end_line: number; end_column: number }): Promise<void> {
  const uri = vscode.Uri.file(path.join(repo, o.file));
  const range = new vscode.Range(o.line - 1, o.column - 1, o.end_line - 1, o.end_column - 1);
  await vscode.window.showTextDocument(uri, { selection: range, preview: false });
}

async function searchSymbols(deps: CommandDeps): Promise<void> {
  await requireDaemon(deps.supervisor);
  const editorFile = vscode.window.activeTextEditor?.document.uri;
  const repos = deps.tracker.repos;
  const repo = editorFile?.scheme === 'file' ? repoOf(deps, editorFile.fsPath) : repos[0];
  if (!repo) throw new CommandError('open a folder to search its symbols');
  type Item = vscode.QuickPickItem & { hit?: P.SearchHit };
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = `Search symbols in ${path.basename(repo)}`;
  pick.placeholder = 'Type part of a symbol name';
  pick.matchOnDescription = true;
  let seq = 0;
  let timer: NodeJS.Timeout | undefined;
  pick.onDidChangeValue((value) => {
    if (timer) clearTimeout(timer);
    const pattern = value.trim();
    if (!pattern) {
      pick.items = [];
      return;
    }
    // Debounced: one request per pause in typing, and only the newest answer counts.
    timer = setTimeout(() => {
      const mine = ++seq;
      pick.busy = true;
      deps.supervisor.request(P.Search.type, { repo, pattern, limit: 100 }).then(
        (r) => {
          if (mine !== seq) return;
          pick.busy = false;
          pick.items = r.results.map((h) => ({
            label: h.display_name,
            description: P.kindLabel(h.kind),
            detail: h.file ? `${h.file}:${h.line ?? 1}` : h.qualified_name,
            alwaysShow: true,
            hit: h,
          }));
        },
        (err: unknown) => {
          if (mine !== seq) return;
          pick.busy = false;
          pick.items = [{ label: `$(error) ${unsupportedMessage(err, 'symbol search')}` }];
        },
      );
    }, 150);
  });
  const chosen = await new Promise<P.SearchHit | undefined>((resolve) => {
    pick.onDidAccept(() => resolve(pick.selectedItems[0]?.hit));
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  pick.dispose();
  if (chosen?.file) {
    const line = chosen.line ?? 1;
    const column = chosen.column ?? 1;
    await openOccurrence(repo, { file: chosen.file, line, column, end_line: line, end_column: column + chosen.display_name.length });
  }
}

async function showStatus(deps: CommandDeps): Promise<void> {
  const out = deps.output.channel;
  const lines = [`Scry status (${new Date().toISOString()})`, `  supervisor: ${describe(deps.supervisor.state)}`, `  SCRY_HOME: ${deps.home()}`];
  if (deps.supervisor.connection) {
    const s = await deps.supervisor.request(P.Status.type, {});
    const d = s.daemon;
    lines.push(`  daemon: pid ${d.pid}, version ${d.version}, node ${d.node}, up ${Math.round(d.uptime_ms / 1000)} s, log ${d.log_file}`);
    for (const r of s.repos) {
      lines.push(
        `  ${r.repo}: ${r.effective_status}${r.building ? ' (building)' : ''}, ${r.documents} files, ${r.symbols} symbols, ${r.occurrences} occurrences, indexed ${r.indexed_at ?? 'never'}`,
      );
      for (const ix of r.indexers) lines.push(`    ${ix.language} (${ix.indexer}): ${ix.status}${ix.error ? `: ${ix.error}` : ''}`);
      if (r.last_error) lines.push(`    last error: ${r.last_error}`);
    }
  }
  for (const l of lines) out.appendLine(l);
  out.show(true);
}

async function setupClaudeCode(deps: CommandDeps): Promise<void> {
  const node = await deps.resolveNode();
  const terminal = vscode.window.createTerminal({ name: 'Scry setup', env: { SCRY_HOME: deps.home() } });
  terminal.show();
  // Interactive on purpose: `scry setup` asks before it changes Claude Code's configuration.
  terminal.sendText(`${shellQuote(node.path)} ${shellQuote(deps.scryBin)} setup`);
}

function shellQuote(s: string): string {
  if (process.platform === 'win32') return `& "${s}"`;
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

async function unsupportedAsError<T>(p: Promise<T>, what: string): Promise<T> {
  try {
    return await p;
  } catch (err) {
    throw new CommandError(unsupportedMessage(err, what));
  }
}

function unsupportedMessage(err: unknown, what: string): string {
  if (err instanceof ResponseError && err.code === ErrorCodes.MethodNotFound) {
    return `this Scry daemon cannot answer ${what} yet (${err.message}); update Scry and restart the daemon`;
  }
  return errorMessage(err);
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
