// Cuts a distilled session into episodes of about `maxTokens`, on turn
// boundaries, each repeating the previous episode's last turn so a decision
// and its context are never split across two episodes with nothing shared.
import { createHash } from 'node:crypto';
import type { DistilledSession, EpisodeDraft, Turn } from './episode';
import { estimateTokens } from './episode';
import { isConversational } from './sources';
import { hasSubstance } from './substance';
import { sessionTopic, summarize } from './summary';

export { summarize } from './summary';

export interface ChunkOptions {
  /** Incremental re-ingest: only turns ending after this source line (plus one overlapping turn) form new episodes. */
  afterLine?: number;
  /** Target episode size in estimated tokens. */
  maxTokens?: number;
  /**
   * Conversational sessions with fewer words than this (see substance.ts), or
   * with no answer at all, yield nothing yet: counted on the whole session,
   * never on what follows afterLine. Runs and seeds, written whole, have no floor.
   */
  minWords?: number;
  /** Whether the source grows a turn at a time (its registry entry says; looked up by the session's source when not given). */
  conversational?: boolean;
  /** occurredAt when neither the turn nor the session records a time (the lead passes the file's mtime). */
  fallbackTime?: string;
}

/** Episode id: sha256 of `sourcePath:lineStart-lineEnd`, so the same span always gets the same id. */
export function episodeId(sourcePath: string, lineStart: number, lineEnd: number): string {
  return createHash('sha256').update(`${sourcePath}:${lineStart}-${lineEnd}`).digest('hex');
}

export function chunkSession(session: DistilledSession, opts: ChunkOptions = {}): EpisodeDraft[] {
  const maxTokens = opts.maxTokens ?? 4000;
  const turns = session.turns;
  if (turns.length === 0) return [];
  const conversational = opts.conversational ?? isConversational(session.source);
  if (conversational && !hasSubstance(turns, opts.minWords)) return [];

  // A turn larger than 4x the budget is cut: its head says what it was about, the rest is payload the distiller missed.
  const cap = maxTokens * 4;
  const blocks = turns.map((t) => renderTurn(t, cap));
  const sizes = blocks.map((b) => estimateTokens(b) + 1);
  // Overlap turn i into the episode starting at i + 1 only when both fit: a huge turn stands alone.
  const overlaps = (i: number): boolean => sizes[i]! + sizes[i + 1]! <= maxTokens;

  let start = 0;
  if (opts.afterLine !== undefined) {
    const afterLine = opts.afterLine;
    const firstNew = turns.findIndex((t) => t.lineEnd > afterLine);
    if (firstNew === -1) return [];
    start = firstNew > 0 && overlaps(firstNew - 1) ? firstNew - 1 : firstNew;
  }

  // What the whole session is about, for an episode in which nobody asks anything.
  const about = sessionTopic(turns, session.title);
  const episodes: EpisodeDraft[] = [];
  for (;;) {
    let end = start; // inclusive
    let size = sizes[start]!;
    while (end + 1 < turns.length && size + sizes[end + 1]! <= maxTokens) {
      end++;
      size += sizes[end]!;
    }
    episodes.push(draft(session, turns.slice(start, end + 1), blocks.slice(start, end + 1), opts.fallbackTime, about));
    if (end + 1 >= turns.length) break;
    start = overlaps(end) ? end : end + 1;
  }
  return episodes;
}

function renderTurn(t: Turn, capTokens: number): string {
  const label = t.subagent ? `${t.role} (subagent ${t.subagent})` : t.role;
  let text = t.text;
  const capChars = capTokens * 4;
  if (text.length > capChars) text = `${text.slice(0, capChars)}\n[truncated: ${text.length - capChars} more characters]`;
  return `${label}: ${text}`;
}

function draft(session: DistilledSession, turns: Turn[], blocks: string[], fallbackTime: string | undefined, about: string | undefined): EpisodeDraft {
  const lineStart = Math.min(...turns.map((t) => t.lineStart));
  const lineEnd = Math.max(...turns.map((t) => t.lineEnd));
  const text = blocks.join('\n\n');
  const ep: EpisodeDraft = {
    id: episodeId(session.path, lineStart, lineEnd),
    source: session.source,
    sourcePath: session.path,
    sessionId: session.sessionId,
    lineStart,
    lineEnd,
    occurredAt:
      isoTime(turns.find((t) => t.at)?.at) ?? isoTime(session.startedAt) ?? isoTime(fallbackTime) ?? isoTime(session.endedAt) ?? new Date(0).toISOString(),
    text,
    summary: summarize(turns, about),
    tokens: estimateTokens(text),
  };
  if (session.parentSessionId) ep.parentSessionId = session.parentSessionId;
  if (session.cwd) ep.cwd = session.cwd;
  if (session.gitBranch) ep.gitBranch = session.gitBranch;
  if (session.repoRoot) ep.repoRoot = session.repoRoot;
  return ep;
}

/**
 * A transcript's time as one canonical ISO string (UTC, milliseconds), so
 * stored times compare as strings: `…00Z`, `…00.000Z` and `+02:00` forms
 * sort wrongly against each other. Undefined when it is not a time.
 */
function isoTime(at: string | undefined): string | undefined {
  if (at === undefined) return undefined;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
