// A failure as an agent reads it through MCP. The daemon's errors carry a
// remedy written for a person at a terminal (`--repo`, `scry index --force`);
// an agent calling a tool has tool arguments and other tools instead, so the
// remedy is said in those terms. The message (what failed, on which input)
// stays as the daemon wrote it.
import { ErrorCode, errorMessage, ScryError } from '../errors';

/** The remedy an agent can act on, by error code; undefined keeps the daemon's own. */
const MCP_REMEDY: Partial<Record<number, (remedy: string | undefined) => string | undefined>> = {
  [ErrorCode.RepoNotFound]: () => 'Pass an existing folder as `repo`, or leave `repo` out to ask about the git root of the directory the agent runs in',
  [ErrorCode.NotIndexed]: () => 'Ask again in a moment: the first query indexes it; scry_status shows the progress',
  [ErrorCode.ScipDecode]: () => 'The stored index is damaged; ask the user to rebuild it (`scry index --force` in the repository)',
  [ErrorCode.IndexerFailed]: () => 'scry_status shows the last error and the daemon log; the previous index, if any, still answers',
  [ErrorCode.IndexerMissing]: () => 'Scry is installed incompletely; ask the user to reinstall it',
  [ErrorCode.IndexUnreadable]: () => 'Ask again: the next query rebuilds the index',
  [ErrorCode.FileNotIndexed]: (remedy) =>
    remedy?.startsWith('Did you mean')
      ? remedy
      : 'Give `file` relative to the repository root (scry_search shows where symbols are defined); scry_status says whether the index is behind',
  [ErrorCode.DaemonUnavailable]: () => 'Ask the user to run `scry start --foreground` in a terminal, which shows why the daemon does not start',
  [ErrorCode.EntityNotFound]: () => 'scry_recall finds entities by words as well as by name',
  [ErrorCode.EpisodeNotFound]: () => 'scry_episodes lists the episodes of an entity, with their ids',
  [ErrorCode.AmbiguousEpisode]: () => 'Give more characters of the id (scry_episodes shows them)',
};

/** One line for a failed tool call: what failed, and what the agent can do next. */
export function mcpErrorText(err: unknown): string {
  if (!(err instanceof ScryError)) return errorMessage(err);
  const remedy = MCP_REMEDY[err.code]?.(err.remedy) ?? err.remedy;
  return remedy ? `${err.message}. ${remedy}` : err.message;
}
