// Keeps the workspace's repos indexed by the daemon: on every (re)connect it
// reads their status and asks for an index (the daemon answers at once when
// one exists), and it feeds progress and swap notifications to the tracker.
import { errorMessage } from '../daemon/protocol/errors';
import type { Disposable } from 'vscode-jsonrpc/node';
import * as P from '../daemon/protocol';
import type { RepoTracker } from './repoTracker';
import type { LogLevel, Supervisor } from './supervisor';

export class WorkspaceIndexer implements Disposable {
  private readonly subscriptions: Disposable[] = [];

  constructor(
    private readonly supervisor: Supervisor,
    private readonly tracker: RepoTracker,
    private readonly log: (level: LogLevel, line: string) => void = () => undefined,
  ) {
    this.subscriptions.push(
      supervisor.onNotification(P.Progress.type, (e) => tracker.progress(e)),
      supervisor.onNotification(P.IndexSwapped.type, (r) => tracker.finished(r)),
      supervisor.onDidConnect(() => void this.indexAll(false)),
    );
  }

  /** Indexes every tracked repo; `force` rebuilds those that already have an index. */
  async indexAll(force: boolean): Promise<void> {
    const repos = this.tracker.repos;
    if (repos.length === 0 || !this.supervisor.connection) return;
    if (!force) {
      try {
        const status = await this.supervisor.request(P.Status.type, {});
        this.tracker.fromStatus(status.repos);
      } catch (err) {
        this.log('debug', `status before indexing failed: ${String(err)}`);
      }
    }
    await Promise.all(repos.map((repo) => this.index(repo, force)));
  }

  async index(repo: string, force: boolean): Promise<P.IndexResult | undefined> {
    const view = this.tracker.get(repo);
    if (force || !view?.result) this.tracker.started(repo);
    this.log('info', `${force ? 'reindexing' : 'indexing'} ${repo}`);
    try {
      // A folder the user opened in the editor is named deliberately, as `scry index PATH` is; the daemon still
      // refuses / and system folders. A reindex is not `--force` for the home folder: it only rebuilds what is admitted.
      const result = await this.supervisor.request(P.IndexRepo.type, force ? { repo, force } : { repo, explicit: true });
      this.tracker.finished(result);
      this.log('info', `indexed ${repo}: ${result.status}, ${result.documents} files, ${result.symbols} symbols`);
      return result;
    } catch (err) {
      const message = errorMessage(err);
      // A connection lost mid-build is the supervisor's to report; the next connect re-asks.
      if (this.supervisor.connection) this.tracker.failed(repo, message);
      this.log('error', `indexing ${repo} failed: ${message}`);
      return undefined;
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
