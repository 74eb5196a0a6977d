// Tells the daemon where this editor keeps its storage, each time it
// connects: the editor's `User` folder (the parent of globalStorage, where
// Cline and Roo keep their tasks) and this workspace's
// `workspaceStorage/<hash>` (where VS Code keeps its chat sessions). The
// sweep then reads those chats under their agents' names.
import * as path from 'node:path';
import type * as vscode from 'vscode';
import * as P from '../daemon/protocol';
import { errorMessage } from '../daemon/protocol/errors';
import type { Supervisor } from './supervisor';

/** The folders to report, from the extension's own storage locations (file URIs only: a virtual one has no folder to sweep). */
export function storageDirs(
  globalStorage: { scheme: string; fsPath: string },
  workspaceStorage: { scheme: string; fsPath: string } | undefined,
): P.EditorStorageParams | undefined {
  if (globalStorage.scheme !== 'file') return undefined;
  // <User>/globalStorage/<this extension>; <User>/workspaceStorage/<hash>/<this extension>.
  const userDir = path.dirname(path.dirname(globalStorage.fsPath));
  const workspaceDir = workspaceStorage?.scheme === 'file' ? path.dirname(workspaceStorage.fsPath) : undefined;
  return { user_dir: userDir, ...(workspaceDir ? { workspace_dir: workspaceDir } : {}) };
}

export function reportEditorStorage(
  context: vscode.ExtensionContext,
  supervisor: Supervisor,
  log: (level: 'info' | 'error', line: string) => void,
): vscode.Disposable {
  const params = storageDirs(context.globalStorageUri, context.storageUri);
  return supervisor.onDidConnect(() => {
    if (!params) return;
    void supervisor.request(P.MemoryEditorStorage.type, params).then(
      (r) =>
        log(
          'info',
          `memory: this editor's chats are swept from ${Object.entries(r.roots)
            .map(([id, roots]) => `${id}: ${roots.length} places`)
            .join(', ')}`,
        ),
      (err: unknown) => log('error', `memory: could not report this editor's storage: ${errorMessage(err)}`),
    );
  });
}
