// The "Scry" output channel: the extension's own lines, filtered by
// scry.logLevel, and the daemon's log as it is written.
import * as vscode from 'vscode';
import type { LogLevel } from './supervisor';

const RANK: Record<LogLevel, number> = { error: 0, info: 1, debug: 2 };

export class Output implements vscode.Disposable {
  readonly channel = vscode.window.createOutputChannel('Scry');
  level: LogLevel = 'info';

  log = (level: LogLevel, line: string): void => {
    if (RANK[level] > RANK[this.level]) return;
    this.channel.appendLine(`[${new Date().toISOString()}] [editor] ${level === 'info' ? '' : `${level}: `}${line}`);
  };

  daemonLines = (lines: string[]): void => {
    for (const line of lines) this.channel.appendLine(`[daemon] ${line}`);
  };

  dispose(): void {
    this.channel.dispose();
  }
}
