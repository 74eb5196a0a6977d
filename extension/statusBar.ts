// The status bar item: one line of state, a tooltip with per-repo detail,
// and a click that opens the action picker.
import * as vscode from 'vscode';
import * as P from '../daemon/protocol';
import { memoryLines, type MemoryLines } from './memoryStatus';
import type { RepoTracker } from './repoTracker';
import { statusView, type StatusView } from './statusView';
import type { Supervisor } from './supervisor';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('scry.status', vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly timer: NodeJS.Timeout;
  current: StatusView | undefined;
  /** The memory part of the last `memory/status`, when the daemon answered one. */
  memory: MemoryLines | undefined;
  private memoryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly supervisor: Supervisor,
    private readonly tracker: RepoTracker,
  ) {
    this.item.name = 'Scry';
    this.item.command = 'scry.showActions';
    this.subscriptions.push(
      supervisor.onDidChangeState(() => this.render()),
      tracker.onDidChange(() => this.render()),
      supervisor.onDidConnect(() => this.refreshMemory()),
      supervisor.onNotification(P.MemoryChanged.type, () => this.refreshMemory()),
      supervisor.onNotification(P.MemoryProgressNotification.type, () => this.refreshMemory()),
    );
    // Freshness ("3 min ago") ages without any event.
    this.timer = setInterval(() => this.render(), 30_000);
    this.render();
    this.item.show();
  }

  render(): void {
    const view = statusView(this.supervisor.state, this.tracker.list());
    this.current = view;
    this.item.text = view.text;
    const memory = this.memory ? [this.memory.counts, this.memory.queue, this.memory.provider] : [];
    this.item.tooltip = new vscode.MarkdownString([...view.tooltip, ...memory].map(escapeMarkdown).join('  \n'));
    this.item.backgroundColor =
      view.kind === 'down' || view.kind === 'no-node' || view.kind === 'failed'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : view.kind === 'partial'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
  }

  /** Asks for memory/status once a burst of notifications settles. */
  refreshMemory(): void {
    if (this.memoryTimer) clearTimeout(this.memoryTimer);
    this.memoryTimer = setTimeout(() => {
      if (!this.supervisor.connection) return;
      this.supervisor.request(P.MemoryStatusMethod.type, {}).then(
        (s) => {
          this.memory = memoryLines(s);
          this.render();
        },
        () => undefined,
      );
    }, 500);
  }

  dispose(): void {
    clearInterval(this.timer);
    if (this.memoryTimer) clearTimeout(this.memoryTimer);
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}

const escapeMarkdown = (s: string): string => s.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
