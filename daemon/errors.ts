// One ScryError subclass per failure. Each names the input it failed on and
// what to do about it; codes come from ErrorCode so none collides.
import { ErrorCode, ScryError } from './protocol/errors';

export { ErrorCode, errorMessage, RemoteError, ScryError } from './protocol/errors';

export class UsageError extends ScryError {
  override readonly code = ErrorCode.InvalidParams;
}

export class RepoNotFoundError extends ScryError {
  override readonly code = ErrorCode.RepoNotFound;
  constructor(readonly repo: string) {
    super(`repository path '${repo}' does not exist or is not a directory`, 'Pass an existing folder with --repo, or run scry inside a git repository');
  }
}

/** A folder that may never be a repo (`/`, a system folder), or only when forced (the home folder). */
export class UnsafeRootError extends ScryError {
  override readonly code = ErrorCode.UnsafeRoot;
  constructor(
    readonly repo: string,
    reason: string,
    remedy?: string,
  ) {
    super(reason, remedy);
  }
}

/** A query or an agent named a folder that is neither a git root nor indexed deliberately. */
export class NotARepoError extends ScryError {
  override readonly code = ErrorCode.NotARepo;
  constructor(
    readonly repo: string,
    gitRoot?: string,
  ) {
    super(
      gitRoot
        ? `'${repo}' is not a repository root (it is inside the git repository '${gitRoot}')`
        : `'${repo}' is not a git repository, so Scry does not index it implicitly`,
      gitRoot ? `Ask about '${gitRoot}' (--repo ${gitRoot})` : `To index this folder deliberately, run scry index ${repo}`,
    );
  }
}

export class ScipDecodeError extends ScryError {
  override readonly code = ErrorCode.ScipDecode;
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(`could not decode SCIP index '${file}': ${detail}`, 'The file is truncated or not a SCIP index; re-run the indexer (scry index --force)');
  }
}

export class IndexerMissingError extends ScryError {
  override readonly code = ErrorCode.IndexerMissing;
  constructor(
    readonly indexer: string,
    readonly lookedAt: string,
  ) {
    super(`indexer '${indexer}' was not found at '${lookedAt}'`, 'Reinstall Scry (npm install) so its bundled indexers are present');
  }
}

export class IndexerFailedError extends ScryError {
  override readonly code = ErrorCode.IndexerFailed;
  constructor(
    readonly indexer: string,
    readonly repo: string,
    readonly exit: string,
    readonly stderrTail: string,
  ) {
    super(
      `indexer '${indexer}' failed on '${repo}' (${exit})${stderrTail ? `: ${causeLine(stderrTail)}` : ''}`,
      'See the daemon log (scry status shows its path); the previous index, if any, is still served',
    );
  }
}

export class NotIndexedError extends ScryError {
  override readonly code = ErrorCode.NotIndexed;
  constructor(readonly repo: string) {
    super(`repository '${repo}' has no index yet`, 'Run scry index in it');
  }
}

export class InvalidParamsError extends ScryError {
  override readonly code = ErrorCode.InvalidParams;
  constructor(what: string) {
    super(what);
  }
}

export class DaemonUnavailableError extends ScryError {
  override readonly code = ErrorCode.DaemonUnavailable;
  constructor(
    readonly socket: string,
    detail: string,
  ) {
    super(
      `could not reach the scry daemon at '${socket}': ${detail}`,
      'Check the daemon log under SCRY_HOME/logs, or run scry start --foreground to see why it does not start',
    );
  }
}

export class AlreadyRunningError extends ScryError {
  override readonly code = ErrorCode.AlreadyRunning;
  constructor(readonly home: string) {
    super(`a scry daemon is already running for SCRY_HOME '${home}'`);
  }
}

/**
 * The line of a failed tool's output that says why: the last error message (`Error: tsconfig.json(1,60):
 * error TS1005 …`), not the stack frames under it or the `Node.js v20.20.2` a crashed Node prints last;
 * else the last line that is neither.
 */
export function causeLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^at\s/.test(l) && !/^Node\.js v\d/.test(l));
  const error = lines.filter((l) => /\b(?:error|Error|ERROR|panic|fatal|Fatal|FATAL)\b/.test(l)).pop();
  return (error ?? lines[lines.length - 1] ?? '').slice(0, 300);
}

export class FileNotIndexedError extends ScryError {
  override readonly code = ErrorCode.FileNotIndexed;
  constructor(
    readonly file: string,
    readonly repo: string,
    suggestion?: string,
  ) {
    super(
      `file '${file}' is not in the index of '${repo}'`,
      suggestion
        ? `Did you mean '${suggestion}'? Paths are relative to the repository root`
        : 'Give a path relative to the repository root (scry search NAME shows where symbols live), or rebuild with scry index --force if the file is new',
    );
  }
}

export class IndexUnreadableError extends ScryError {
  override readonly code = ErrorCode.IndexUnreadable;
  constructor(
    readonly file: string,
    readonly movedTo: string,
    detail: string,
  ) {
    super(
      `index '${file}' is unreadable (${detail}); it was moved aside to '${movedTo}'`,
      'The next query rebuilds it; delete the moved file once you no longer need it',
    );
  }
}

export class ChecksumMismatchError extends ScryError {
  override readonly code = ErrorCode.ChecksumMismatch;
  constructor(
    readonly url: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(
      `refusing to use '${url}': its SHA-256 is ${actual}, expected ${expected}`,
      'The download is corrupt or not the pinned release; put scip-go on PATH, or point SCRY_SCIP_GO_URL at a mirror of the pinned release',
    );
  }
}

export class DownloadFailedError extends ScryError {
  override readonly code = ErrorCode.DownloadFailed;
  constructor(
    readonly url: string,
    detail: string,
  ) {
    super(
      `could not download '${url}': ${detail}`,
      'Install scip-go on PATH (go install github.com/sourcegraph/scip-go/cmd/scip-go@latest), or set SCRY_SCIP_GO_URL to a reachable mirror',
    );
  }
}
