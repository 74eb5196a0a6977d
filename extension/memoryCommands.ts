// The memory commands: Show Memory Graph, Recall…, Remember…, Ingest Agent
// Sessions Now, Open Memory Config. Each is a few lines over the daemon and
// the graph panel.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import * as P from '../daemon/protocol';
import type { MemoryGraphPanel, EpisodeDocuments } from './memoryGraph/panel';
import { episodeView } from './memoryGraph/views';
import type { Supervisor } from './supervisor';

export interface MemoryCommandDeps {
  supervisor: Supervisor;
  panel: MemoryGraphPanel;
  episodes: EpisodeDocuments;
  /** The folder a remembered fact was learnt in (its repository becomes its project). */
  cwd: () => string | undefined;
  reg: (id: string, fn: () => unknown) => vscode.Disposable;
}

export function registerMemoryCommands(d: MemoryCommandDeps): vscode.Disposable[] {
  return [
    d.reg('scry.showMemoryGraph', () => d.panel.show()),
    d.reg('scry.recall', () => recall(d)),
    d.reg('scry.remember', () => remember(d)),
    d.reg('scry.ingestNow', () => ingestNow(d)),
    d.reg('scry.openMemoryConfig', () => openMemoryConfig(d)),
  ];
}

type RecallItem = vscode.QuickPickItem & { entity?: number; episode?: P.EpisodeRef };

async function recall(d: MemoryCommandDeps): Promise<void> {
  const query = await vscode.window.showInputBox({
    title: 'Scry: Recall',
    prompt: 'What should memory recall? A name, an alias or a question',
    placeHolder: 'where do we deploy the API?',
    ignoreFocusOut: true,
  });
  if (!query?.trim()) return;
  const r = await d.supervisor.request(P.MemoryRecall.type, { query: query.trim(), limit: 10, facts: 4 });
  const items: RecallItem[] = [];
  for (const m of r.matches) {
    items.push({
      label: `$(symbol-class) ${m.entity.name}`,
      description: m.entity.type,
      detail: m.entity.description ?? `${m.facts_total} facts, ${m.episodes_total} episodes · found by ${m.match}`,
      entity: m.entity.id,
    });
    for (const f of m.facts)
      items.push({
        label: `$(quote) ${f.text}`,
        description: `${m.entity.name} · ${f.relation}${f.valid_to ? ' · no longer holds' : ''}`,
        detail: `confidence ${f.confidence.toFixed(2)}${f.valid_from ? ` · since ${f.valid_from.slice(0, 10)}` : ''}`,
        entity: f.source_id,
      });
    for (const e of m.episodes)
      items.push({ label: `$(history) ${e.summary}`, description: `${e.source} · ${e.occurred_at.slice(0, 10)}`, detail: 'open the episode', episode: e });
  }
  for (const e of r.episodes)
    items.push({ label: `$(history) ${e.summary}`, description: `${e.source} · ${e.occurred_at.slice(0, 10)}`, detail: 'open the episode', episode: e });
  if (items.length === 0) {
    void vscode.window.showInformationMessage(`Scry: memory has nothing on “${query.trim()}”.`);
    return;
  }
  // The answer's note speaks to agents (tool arguments, other tools); a person gets the count of what is not listed.
  const more = r.omitted.entities;
  const title = `Recall “${query.trim()}”: ${P.plural(r.total, 'entity', 'entities')}${more > 0 ? ` (${more} more not listed: ask more precisely)` : ''}`;
  const chosen = await vscode.window.showQuickPick(items, {
    title,
    placeHolder: 'Choose an entity or a fact to open it in the memory graph, an episode to read it',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (chosen?.entity !== undefined) await d.panel.show([chosen.entity]);
  else if (chosen?.episode) await d.episodes.open(episodeView(chosen.episode));
}

async function remember(d: MemoryCommandDeps): Promise<void> {
  const text = await vscode.window.showInputBox({
    title: 'Scry: Remember (1/2)',
    prompt: 'A fact to keep, in plain words',
    placeHolder: 'the hermes API is deployed on web-2',
    ignoreFocusOut: true,
  });
  if (!text?.trim()) return;
  const about = await vscode.window.showInputBox({
    title: 'Scry: Remember (2/2)',
    prompt: 'What is it about? Names separated by commas; type:name creates a new one (service:hermes). Empty: memory finds the names it knows in the text',
    placeHolder: 'service:hermes, machine:web-2',
    ignoreFocusOut: true,
  });
  if (about === undefined) return;
  const entity = about
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const cwd = d.cwd();
  const r = await d.supervisor.request(P.MemoryRemember.type, { text: text.trim(), ...(entity.length ? { entity } : {}), ...(cwd ? { cwd } : {}) });
  const names = r.entities.map((e) => `${e.name} (${e.type})`).join(', ');
  // The entities the user named first, in their order; then those memory added (the repository's project).
  const rank = (e: P.EntityRef): number => {
    const i = entity.findIndex((x) => x.replace(/^[a-z]+:/, '').toLowerCase() === e.name.toLowerCase());
    return i < 0 ? entity.length : i;
  };
  const ids = [...r.entities].sort((a, b) => rank(a) - rank(b)).map((e) => e.id);
  // An open graph shows what was just remembered, focused.
  if (d.panel.isOpen && ids.length > 0) await d.panel.show(ids);
  const what = r.created ? 'Remembered' : 'Already remembered';
  const message = ids.length > 0 ? `Scry: ${what}, about ${names}.` : `Scry: ${what}; it names no entity memory knows${r.note ? ` (${r.note})` : ''}.`;
  const choice =
    ids.length > 0 && !d.panel.isOpen
      ? await vscode.window.showInformationMessage(message, 'Show in Graph')
      : (void vscode.window.showInformationMessage(message), undefined);
  if (choice) await d.panel.show(ids);
}

async function ingestNow(d: MemoryCommandDeps): Promise<void> {
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: 'Scry: ingesting agent sessions', cancellable: false },
    async (progress) => {
      let last = 0;
      const sub = d.supervisor.onNotification(P.MemoryProgressNotification.type, (p) => {
        if (p.phase !== 'sweep' || p.total === 0) return;
        const pct = Math.floor((p.done / p.total) * 100);
        progress.report({ message: `${p.done}/${p.total} ${p.message}`, increment: Math.max(0, pct - last) });
        last = pct;
      });
      try {
        return await d.supervisor.request(P.MemorySweep.type, {});
      } finally {
        sub.dispose();
      }
    },
  );
  const files = result.sources.reduce((n, s) => n + s.files, 0);
  const failed = result.failed.length ? `; ${result.failed.length} failed (${result.failed[0]!.path}: ${result.failed[0]!.error})` : '';
  void vscode.window.showInformationMessage(`Scry: ${P.plural(result.added, 'new episode')} from ${P.plural(files, 'file')}${failed}.`);
}

async function openMemoryConfig(d: MemoryCommandDeps): Promise<void> {
  const status = await d.supervisor.request(P.MemoryStatusMethod.type, {});
  const file = status.config.file;
  // A missing config.yaml opens as a new file at its path: saving creates it.
  const uri = fs.existsSync(file) ? vscode.Uri.file(file) : vscode.Uri.file(file).with({ scheme: 'untitled' });
  await vscode.window.showTextDocument(uri, { preview: false });
}
