// What the editor knows about each repo it indexes: progress while a build
// runs, the last build's result, and its failure if any. Fed by index
// requests and by the daemon's progress and swap notifications.
import { Emitter, type Event } from 'vscode-jsonrpc/node';
import type { IndexResult, ProgressEvent, RepoStatus } from '../daemon/protocol';

export interface RepoView {
  repo: string;
  phase: 'waiting' | 'indexing' | 'ready' | 'failed';
  percent?: number;
  message?: string;
  result?: Pick<IndexResult, 'status' | 'indexed_at' | 'documents' | 'symbols' | 'occurrences' | 'indexers' | 'syntactic' | 'seeded_from'>;
  error?: string;
}

export class RepoTracker {
  private readonly views = new Map<string, RepoView>();
  private readonly changed = new Emitter<void>();
  readonly onDidChange: Event<void> = this.changed.event;

  /** Sets the repos the workspace has, keeping what is known about ones that stay. */
  setRepos(repos: readonly string[]): void {
    for (const key of [...this.views.keys()]) if (!repos.includes(key)) this.views.delete(key);
    for (const repo of repos) if (!this.views.has(repo)) this.views.set(repo, { repo, phase: 'waiting' });
    this.changed.fire();
  }

  get repos(): string[] {
    return [...this.views.keys()];
  }

  list(): RepoView[] {
    return [...this.views.values()];
  }

  get(repo: string): RepoView | undefined {
    return this.views.get(repo);
  }

  started(repo: string): void {
    this.update(repo, { phase: 'indexing', percent: undefined, message: 'starting', error: undefined });
  }

  progress(e: ProgressEvent): void {
    const view = this.views.get(e.repo);
    if (!view) return;
    if (e.phase === 'failed') this.update(e.repo, { phase: 'failed', error: e.message, percent: undefined });
    // 'done' is followed by the swap notification (or the index answer), which carries the counts.
    else if (e.phase !== 'done') this.update(e.repo, { phase: 'indexing', message: e.message, percent: e.percent ?? view.percent });
  }

  /**
   * A build's result. The syntactic first index answers already, but the precise build follows: the repo stays
   * 'indexing' with the first index's counts until the precise one swaps in (or its build fails). A worktree
   * seeded from a sibling is ready: its index is the sibling's precise one, and its own build may wait.
   */
  finished(result: IndexResult): void {
    if (!this.views.has(result.repo)) return;
    const first = result.syntactic === true;
    this.update(result.repo, {
      phase: first ? 'indexing' : 'ready',
      result,
      percent: undefined,
      message: first ? 'precise index building' : undefined,
      error: undefined,
    });
  }

  failed(repo: string, error: string): void {
    this.update(repo, { phase: 'failed', error, percent: undefined });
  }

  /** Takes a status answer (after an adopt or reconnect) as the truth for repos we track. */
  fromStatus(statuses: readonly RepoStatus[]): void {
    for (const s of statuses) {
      if (!this.views.has(s.repo)) continue;
      if (s.indexed_at) {
        const status = s.effective_status === 'indexing' || s.effective_status === 'none' ? 'ready' : s.effective_status;
        this.update(s.repo, {
          phase: s.building ? 'indexing' : 'ready',
          result: {
            status,
            indexed_at: s.indexed_at,
            documents: s.documents,
            symbols: s.symbols,
            occurrences: s.occurrences,
            indexers: s.indexers,
            syntactic: s.syntactic,
            seeded_from: s.seeded_from,
          },
        });
      } else if (s.building) this.update(s.repo, { phase: 'indexing' });
    }
  }

  dispose(): void {
    this.changed.dispose();
  }

  private update(repo: string, patch: Partial<RepoView>): void {
    const view = this.views.get(repo);
    if (!view) return;
    Object.assign(view, patch);
    this.changed.fire();
  }
}
