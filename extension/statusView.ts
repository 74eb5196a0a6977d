// What the status bar says, computed from the supervisor's state and the
// repos' views. Pure, so every state is a table row in a plain-Node test.
import type { RepoView } from './repoTracker';
import type { SupervisorState } from './supervisor';

export type StatusKind = 'starting' | 'indexing' | 'ready' | 'partial' | 'failed' | 'down' | 'no-node' | 'idle';

export interface StatusView {
  kind: StatusKind;
  text: string;
  /** Plain lines; the status bar joins them into its tooltip. */
  tooltip: string[];
}

export function statusView(state: SupervisorState, repos: readonly RepoView[], now = Date.now()): StatusView {
  switch (state.kind) {
    case 'no-node':
      return { kind: 'no-node', text: '$(error) Scry: no Node', tooltip: [state.reason, 'Click to set scry.nodePath'] };
    case 'down':
      return { kind: 'down', text: '$(error) Scry: daemon down', tooltip: [state.reason, `Restarting in ${Math.ceil(state.retryInMs / 1000)} s`] };
    case 'stopped':
      return { kind: 'down', text: '$(error) Scry: daemon down', tooltip: ['Not watching a daemon'] };
    case 'starting':
      return { kind: 'starting', text: '$(sync~spin) Scry: starting', tooltip: ['Connecting to the Scry daemon'] };
    case 'running':
      break;
  }
  const daemon = `Daemon pid ${state.info.pid} (${state.adopted ? 'adopted' : 'started by the editor'}), Node ${state.info.node}`;
  if (repos.length === 0) return { kind: 'idle', text: '$(database) Scry: no folder', tooltip: ['Open a folder to index it', daemon] };

  const lines = repos.map((r) => repoLine(r, now));
  const indexing = repos.filter((r) => r.phase === 'indexing' || r.phase === 'waiting');
  if (indexing.length > 0) {
    const known = indexing.map((r) => r.percent).filter((p): p is number => typeof p === 'number');
    const percent = known.length > 0 ? Math.floor(known.reduce((a, b) => a + b, 0) / indexing.length) : undefined;
    // Answering already, from a first index: say which, and that the precise one is coming.
    const first = indexing.find((r) => r.result?.syntactic || r.result?.seeded_from)?.result;
    if (first) {
      const from = first.seeded_from ? `seeded from ${first.seeded_from.split(/[\\/]/).pop() || first.seeded_from}` : 'syntactic';
      return { kind: 'indexing', text: `$(sync~spin) Scry: ${from}, precise ${percent !== undefined ? `${percent}%` : 'coming'}`, tooltip: [...lines, daemon] };
    }
    return { kind: 'indexing', text: `$(sync~spin) Scry: indexing${percent !== undefined ? ` ${percent}%` : '…'}`, tooltip: [...lines, daemon] };
  }
  const ready = repos.filter((r) => r.result);
  const failed = repos.filter((r) => r.phase === 'failed');
  if (ready.length === 0) {
    return { kind: 'failed', text: '$(error) Scry: index failed', tooltip: [...lines, daemon] };
  }
  const symbols = ready.reduce((n, r) => n + r.result!.symbols, 0);
  const newest = Math.max(...ready.map((r) => Date.parse(r.result!.indexed_at) || 0));
  const counts = `${formatCount(symbols)} symbols · ${freshness(newest, now)}`;
  const gaps = missingLanguages(repos);
  if (gaps.length > 0 || failed.length > 0) {
    const what = gaps.length > 0 ? gaps.map((g) => `${g.language} ${g.status}`).join(', ') : `${failed.length} failed`;
    const why = gaps.map((g) => `${g.language}: ${g.status}${g.reason ? ` (${g.reason})` : ''}`);
    return { kind: 'partial', text: `$(warning) Scry: partial, ${what} · ${counts}`, tooltip: [...lines, ...why, daemon] };
  }
  return { kind: 'ready', text: `$(check) Scry: ready · ${counts}`, tooltip: [...lines, daemon] };
}

interface LanguageGap {
  language: string;
  status: 'missing' | 'failed';
  reason?: string;
}

/** Languages whose indexer is missing or failed, once each, with the first reason given. */
export function missingLanguages(repos: readonly RepoView[]): LanguageGap[] {
  const gaps = new Map<string, LanguageGap>();
  for (const r of repos) {
    for (const ix of r.result?.indexers ?? []) {
      if ((ix.status === 'missing' || ix.status === 'failed') && !gaps.has(ix.language)) {
        gaps.set(ix.language, { language: ix.language, status: ix.status, reason: ix.remedy ?? ix.error });
      }
    }
  }
  return [...gaps.values()];
}

function repoLine(r: RepoView, now: number): string {
  const name = r.repo.split(/[\\/]/).pop() || r.repo;
  switch (r.phase) {
    case 'waiting':
      return `${name}: waiting`;
    case 'indexing':
      return `${name}: indexing${r.percent !== undefined ? ` ${r.percent}%` : ''}${r.message ? ` (${r.message})` : ''}`;
    case 'failed':
      return `${name}: failed: ${r.error ?? 'unknown error'}`;
    case 'ready':
      return `${name}: ${r.result!.status}, ${formatCount(r.result!.symbols)} symbols in ${formatCount(r.result!.documents)} files, indexed ${freshness(Date.parse(r.result!.indexed_at) || 0, now)}`;
  }
}

export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function freshness(at: number, now: number): string {
  const s = Math.max(0, Math.round((now - at) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} d ago`;
}
