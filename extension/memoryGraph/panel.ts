// The memory-graph webview panel: one per window. The page keeps only its
// layout (getState/setState); this host owns the state (GraphController) and
// pushes it. retainContextWhenHidden stays off: a hidden cytoscape canvas
// would hold its memory for nothing, and the page restores its positions
// and viewport from setState when shown again.
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as P from '../../daemon/protocol';
import { isPageMessage, type EpisodeView, type GraphState, type HostMessage } from '../../webview/protocol';
import type { Supervisor } from '../supervisor';
import { GraphController } from './controller';
import { EPISODE_SCHEME, episodeMarkdown } from './episodeDocument';
import { pageHtml } from './html';

export const VIEW_TYPE = 'scry.memoryGraph';

export class MemoryGraphPanel implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private controller: GraphController | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private refreshTimer: NodeJS.Timeout | undefined;
  /** Latest state pushed, for tests and the status of the command. */
  state: GraphState | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly supervisor: Supervisor,
    private readonly episodes: EpisodeDocuments,
    private readonly repoNames: () => string[],
  ) {
    this.subscriptions.push(
      supervisor.onNotification(P.MemoryChanged.type, (p) => this.scheduleRefresh(p.entities)),
      supervisor.onDidConnect(() => this.scheduleRefresh()),
      vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
        deserializeWebviewPanel: async (panel) => this.adopt(panel),
      }),
    );
  }

  get isOpen(): boolean {
    return this.panel !== undefined;
  }

  /** Shows the panel (creating it), optionally with entities added and the first focused. */
  async show(ids: number[] = []): Promise<void> {
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(VIEW_TYPE, 'Scry Memory', vscode.ViewColumn.Active, this.options());
      this.adopt(panel);
    } else this.panel.reveal();
    if (ids.length > 0) await this.controller!.show(ids);
  }

  private options(): vscode.WebviewPanelOptions & vscode.WebviewOptions {
    return {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview'), vscode.Uri.joinPath(this.extensionUri, 'media')],
      retainContextWhenHidden: false,
    };
  }

  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    panel.webview.options = this.options();
    panel.iconPath = vscode.Uri.joinPath(this.extensionUri, 'media', 'icon.png');
    const asset = (...p: string[]): string => panel.webview.asWebviewUri(vscode.Uri.joinPath(this.extensionUri, ...p)).toString();
    const controller = new GraphController(this.supervisor, (s) => this.post(s));
    controller.setRepoNames(this.repoNames());
    this.controller = controller;
    const disposables: vscode.Disposable[] = [
      panel.webview.onDidReceiveMessage((m: unknown) => {
        if (!isPageMessage(m)) return;
        if (m.type === 'openEpisode') {
          const ep = this.findEpisode(m.episodeId);
          if (ep) void this.episodes.open(ep);
          return;
        }
        if (m.type === 'openTranscript') return void openTranscript(m.episode);
        void controller.handle(m);
      }),
    ];
    panel.onDidDispose(() => {
      for (const d of disposables) d.dispose();
      if (this.panel === panel) {
        this.panel = undefined;
        this.controller = undefined;
        this.state = undefined;
      }
    });
    panel.webview.html = pageHtml({
      cspSource: panel.webview.cspSource,
      script: asset('dist', 'webview', 'memoryGraph.js'),
      style: asset('media', 'memoryGraph.css'),
    });
  }

  private findEpisode(id: string): EpisodeView | undefined {
    const d = this.state?.detail;
    return d?.kind === 'ready' ? d.entity.episodes.find((e) => e.id === id) : undefined;
  }

  private post(state: GraphState): void {
    this.state = state;
    const m: HostMessage = { type: 'state', state };
    void this.panel?.webview.postMessage(m);
  }

  /** Entities a change named since the last refresh: the view draws them (the opening view holds linked ones only). */
  private named = new Set<number>();

  private scheduleRefresh(entities: readonly number[] = []): void {
    if (!this.controller) return;
    for (const id of entities) this.named.add(id);
    // An ingest sends a burst of memory/changed: one refresh after it settles.
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      const named = [...this.named];
      this.named.clear();
      void (named.length > 0 ? this.controller?.include(named) : this.controller?.refresh());
    }, 250);
  }

  dispose(): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    for (const s of this.subscriptions) s.dispose();
    this.panel?.dispose();
  }
}

/** Episodes as read-only markdown documents under the scry-episode: scheme. */
export class EpisodeDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly known = new Map<string, EpisodeView>();
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(EPISODE_SCHEME, this);

  uriOf(e: EpisodeView): vscode.Uri {
    return vscode.Uri.from({ scheme: EPISODE_SCHEME, path: `/${e.id.slice(0, 12)}.md`, query: e.id });
  }

  async open(e: EpisodeView): Promise<void> {
    this.known.set(e.id, e);
    const doc = await vscode.workspace.openTextDocument(this.uriOf(e));
    await vscode.window.showTextDocument(doc, { preview: false });
  }

  /** `text` fetches an episode's distilled text from the daemon (memory/episode). */
  constructor(private readonly text: (id: string) => Promise<string>) {}

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const e = this.known.get(uri.query);
    if (!e) return `# Episode ${uri.query}\n\nThis episode was opened in an earlier session; open it again from the memory graph or from Scry: Recall….\n`;
    let text: string | undefined;
    try {
      text = await this.text(e.id);
    } catch {
      text = undefined; // the document still shows where the evidence is
    }
    return episodeMarkdown(e, text);
  }

  dispose(): void {
    this.registration.dispose();
  }
}

export async function openTranscript(e: Pick<EpisodeView, 'path' | 'lineStart' | 'lineEnd'>): Promise<void> {
  const uri = vscode.Uri.file(path.resolve(e.path));
  const end = Math.max(e.lineEnd, e.lineStart);
  const range = new vscode.Range(e.lineStart - 1, 0, end - 1, Number.MAX_SAFE_INTEGER);
  await vscode.window.showTextDocument(uri, { selection: range, preview: false });
}
