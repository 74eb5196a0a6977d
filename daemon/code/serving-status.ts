// The one rule for the status an answer carries while the first index serves:
// a syntactic answer (the first index, the glance, or the CLI's own read of
// the first index while the daemon starts) says `building` for as long as the
// precise build runs, and never `ready`. Used by serving.ts and cli/direct.ts.
import type { IndexStatus } from '../protocol/code';

export interface StatusInput {
  /** What the index itself says (ready, partial, ...). */
  status: IndexStatus;
  /** The answer came from a syntactic index: the first index or a glance. */
  syntactic?: boolean;
}

/** `building` while a syntactic answer stands in for a precise build still running; else the index's own status. */
export function answerStatus(index: StatusInput, preciseBuilding: boolean): IndexStatus {
  return index.syntactic === true && preciseBuilding ? 'building' : index.status;
}
