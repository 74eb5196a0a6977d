// Integrated terminals get the bundled `scry` on PATH and the editor's
// SCRY_HOME, so `scry` and Claude Code there talk to the daemon the editor watches.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

export function applyTerminalEnv(collection: vscode.GlobalEnvironmentVariableCollection, binDir: string, home: string): void {
  const scry = path.join(binDir, 'scry');
  // Some unpackers drop the executable bit; the terminal needs it.
  try {
    if (process.platform !== 'win32' && (fs.statSync(scry).mode & 0o111) === 0) fs.chmodSync(scry, 0o755);
  } catch {
    // Reported when the user runs it; nothing to do here.
  }
  collection.clear();
  collection.description = 'Puts the Scry CLI on PATH and points it at the daemon this editor watches';
  collection.prepend('PATH', `${binDir}${path.delimiter}`);
  collection.replace('SCRY_HOME', home);
}
