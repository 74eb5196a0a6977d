// Cuts a distilled session into episodes of about `maxTokens`, on turn
// boundaries, each repeating the previous episode's last turn so a decision
// and its context are never split across two episodes with nothing shared.
import { createHash } from 'node:crypto';
import type { DistilledSession, EpisodeDraft, Turn } from './episode';
import { estimateTokens } from './episode';
import { isConversational } from './sources';

export interface ChunkOptions {
  /** Incremental re-ingest: only turns ending after this source line (plus one overlapping turn) form new episodes. */
  afterLine?: number;
  /** Target episode size in estimated tokens. */
  maxTokens?: number;
  /**
   * Sessions with fewer turns yield nothing yet (counted on the whole session,
   * never on what follows afterLine). Defaults to 3 for conversational transcripts, which
   * keep growing; 2 for subagent transcripts, whose whole work is often a
   * prompt and a report; 1 for runs and seeds, which are written whole.
   */
  minTurns?: number;
  /** Whether the source grows a turn at a time (its registry entry says; looked up by the session's source when not given). */
  conversational?: boolean;
  /** occurredAt when neither the turn nor the session records a time (the lead passes the file's mtime). */
  fallbackTime?: string;
}

const SUMMARY_MAX = 200;
const OUTCOME_MAX = 80;

/** Episode id: sha256 of `sourcePath:lineStart-lineEnd`, so the same span always gets the same id. */
export function episodeId(sourcePath: string, lineStart: number, lineEnd: number): string {
  return createHash('sha256').update(`${sourcePath}:${lineStart}-${lineEnd}`).digest('hex');
}

export function chunkSession(session: DistilledSession, opts: ChunkOptions = {}): EpisodeDraft[] {
  const maxTokens = opts.maxTokens ?? 4000;
  const minTurns = opts.minTurns ?? defaultMinTurns(session, opts.conversational ?? isConversational(session.source));
  const turns = session.turns;
  if (turns.length < minTurns) return [];

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

  const episodes: EpisodeDraft[] = [];
  for (;;) {
    let end = start; // inclusive
    let size = sizes[start]!;
    while (end + 1 < turns.length && size + sizes[end + 1]! <= maxTokens) {
      end++;
      size += sizes[end]!;
    }
    episodes.push(draft(session, turns.slice(start, end + 1), blocks.slice(start, end + 1), opts.fallbackTime));
    if (end + 1 >= turns.length) break;
    start = overlaps(end) ? end : end + 1;
  }
  return episodes;
}

function defaultMinTurns(session: DistilledSession, conversational: boolean): number {
  if (!conversational) return 1;
  return session.parentSessionId ? 2 : 3;
}

function renderTurn(t: Turn, capTokens: number): string {
  const label = t.subagent ? `${t.role} (subagent ${t.subagent})` : t.role;
  let text = t.text;
  const capChars = capTokens * 4;
  if (text.length > capChars) text = `${text.slice(0, capChars)}\n[truncated: ${text.length - capChars} more characters]`;
  return `${label}: ${text}`;
}

function draft(session: DistilledSession, turns: Turn[], blocks: string[], fallbackTime: string | undefined): EpisodeDraft {
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
    occurredAt: turns[0]!.at ?? session.startedAt ?? fallbackTime ?? session.endedAt ?? new Date(0).toISOString(),
    text,
    summary: summarize(turns),
    tokens: estimateTokens(text),
  };
  if (session.parentSessionId) ep.parentSessionId = session.parentSessionId;
  if (session.cwd) ep.cwd = session.cwd;
  if (session.gitBranch) ep.gitBranch = session.gitBranch;
  if (session.repoRoot) ep.repoRoot = session.repoRoot;
  return ep;
}

/** Prose lines of a turn: breadcrumbs and blank lines removed, whitespace folded. */
function prose(text: string): string {
  return text
    .split('\n')
    .filter((l) => l.trim() && !/^\[(?:ran|edited|read|searched|fetched|used|task)[: ]/.test(l.trim()))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function clipTo(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`;
}

/** First user request of the chunk, then the last assistant outcome when it is short. */
export function summarize(turns: readonly Turn[]): string {
  const request = turns.find((t) => t.role === 'user' && prose(t.text)) ?? turns.find((t) => prose(t.text)) ?? turns[0];
  const head = request ? prose(request.text) || request.text.trim() : '';
  const lastAssistant = [...turns].reverse().find((t) => t.role === 'assistant' && t !== request && prose(t.text));
  let outcome = '';
  if (lastAssistant) {
    const paras = prose(lastAssistant.text.split(/\n\s*\n/).filter((p) => prose(p)).pop() ?? '');
    if (paras.length > 0 && paras.length <= OUTCOME_MAX) outcome = paras;
  }
  if (!outcome) return clipTo(head, SUMMARY_MAX);
  return `${clipTo(head, SUMMARY_MAX - outcome.length - 3)} → ${outcome}`;
}
