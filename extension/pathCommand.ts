// "Scry: Install 'scry' Command in PATH" and its undo: adapters over
// pathLink.ts that say where the link is and how to take it back.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { errorMessage } from '../daemon/protocol/errors';
import { inspectLink, linkDirs, linkPlace, removeLink, tildify, writeLink } from './pathLink';

export const UNDO_TITLE = "Scry: Uninstall 'scry' Command from PATH";

export async function installPathCommand(scryBin: string, extensionId: string): Promise<void> {
  const place = linkPlace();
  const state = inspectLink(place.link, scryBin, extensionId);
  if (state.kind === 'other') {
    const choice = await vscode.window.showWarningMessage(
      `Scry: ${tildify(place.link)} is already ${state.what}. Replace it with a link to this editor's scry?`,
      { modal: true },
      'Replace',
    );
    if (choice !== 'Replace') return;
  }
  if (state.kind !== 'ours' || !state.current) writeLink(place, scryBin);
  const hint = place.onPath ? '' : ` ${tildify(place.dir)} is not on your PATH yet: add export PATH="${place.dir}:$PATH" to your shell profile.`;
  void vscode.window.showInformationMessage(`Scry: linked ${tildify(place.link)} to ${scryBin}: new terminals run this scry.${hint} Undo: "${UNDO_TITLE}".`);
}

export function uninstallPathCommand(scryBin: string, extensionId: string): void {
  const removed: string[] = [];
  const left: string[] = [];
  for (const dir of linkDirs()) {
    const link = path.join(dir, 'scry');
    const state = inspectLink(link, scryBin, extensionId);
    if (state.kind === 'ours') {
      removeLink(link);
      removed.push(tildify(link));
    } else if (state.kind === 'other') left.push(`${tildify(link)} (${state.what})`);
  }
  const kept = left.length > 0 ? ` Left alone, not made by Scry: ${left.join(', ')}.` : '';
  if (removed.length > 0) void vscode.window.showInformationMessage(`Scry: removed ${removed.join(', ')}.${kept}`);
  else
    void vscode.window.showInformationMessage(
      `Scry: no 'scry' link made by this extension in ${linkDirs()
        .map((d) => tildify(d))
        .join(' or ')}.${kept}`,
    );
}

/** After an update the link still names the old version's folder: point it at this one. */
export function repointPathLink(scryBin: string, extensionId: string, log: (line: string) => void): void {
  for (const dir of linkDirs()) {
    const link = path.join(dir, 'scry');
    const state = inspectLink(link, scryBin, extensionId);
    if (state.kind !== 'ours' || state.current) continue;
    try {
      writeLink({ dir, link, onPath: true }, scryBin);
      log(`re-pointed ${link} from ${state.target} to ${scryBin}`);
    } catch (err) {
      log(`could not re-point ${link}: ${errorMessage(err)}`);
    }
  }
}
