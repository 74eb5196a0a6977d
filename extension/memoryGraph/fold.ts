// The side panel lists an entity's sessions, not every episode: a session's
// episodes fold into one row, and so do the episodes that only restate it: a
// compaction of the conversation (its own subagent-like session, whose parent
// is the session it summarises), or a near-duplicate (an episode cut again
// from the same span of the same transcript, or one with the same summary).
// The row shown is the session's newest episode that is not a compaction; the
// row counts what it folded. Pure, so plain-Node tests read it.
import type * as P from '../../daemon/protocol';

/** The summary scry's distiller gives a compaction's episodes (daemon/memory/summary.ts COMPACTION_TOPIC). */
const COMPACTION = /^Compaction of the conversation so far\b/;

export const isCompaction = (e: Pick<P.EpisodeRef, 'summary'>): boolean => COMPACTION.test(e.summary);

export interface FoldedEpisode {
  episode: P.EpisodeRef;
  /** Other episodes of its session (compactions and near-duplicates included) folded into this row. */
  folded: number;
}

/** Two episodes of one transcript whose line spans overlap by most of the shorter one say the same thing. */
function nearDuplicate(a: P.EpisodeRef, b: P.EpisodeRef): boolean {
  if (a.summary === b.summary && a.path === b.path) return true;
  if (a.path !== b.path) return false;
  const overlap = Math.min(a.line_end, b.line_end) - Math.max(a.line_start, b.line_start) + 1;
  const shorter = Math.min(a.line_end - a.line_start, b.line_end - b.line_start) + 1;
  return overlap > 0 && overlap >= 0.5 * shorter;
}

/** One row per session, newest session first; `episodes` come newest first, as the daemon sends them. */
export function foldEpisodes(episodes: readonly P.EpisodeRef[]): FoldedEpisode[] {
  const sessions = new Map<string, P.EpisodeRef[]>();
  for (const e of episodes) {
    const key = e.parent_session_id ?? e.session_id;
    const list = sessions.get(key);
    if (list) list.push(e);
    else sessions.set(key, [e]);
  }
  const rows: FoldedEpisode[] = [];
  for (const list of sessions.values()) {
    const shown = list.find((e) => !isCompaction(e)) ?? list[0]!;
    rows.push({ episode: shown, folded: list.length - 1 });
  }
  // Sessions told apart by id can still be one span cut twice (a transcript ingested under two ids).
  const out: FoldedEpisode[] = [];
  for (const r of rows) {
    const same = out.find((o) => nearDuplicate(o.episode, r.episode));
    if (same) same.folded += r.folded + 1;
    else out.push(r);
  }
  return out;
}
