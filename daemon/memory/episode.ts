// The shapes that cross between the memory domain's two halves: the source
// side (distill, redact, chunk) produces EpisodeDrafts; the graph side
// (store, extract, resolve) consumes them. Nothing here does I/O.

/** Where an episode came from: a source id from the registry (sources/), or `manual` for a remember. */
export type SourceType = string;

/** Who said a turn. `summary` is a model-written compaction summary, never the user's words. */
export type TurnRole = 'user' | 'assistant' | 'summary';

/** One turn of a distilled session: redacted text with tool activity reduced to breadcrumbs. */
export interface Turn {
  role: TurnRole;
  /** Distilled, redacted text; breadcrumbs like `[ran: npm test]` are on their own lines. */
  text: string;
  /** ISO time of the turn's first line, when the source records one. */
  at?: string;
  /** 1-based line span in the source file that this turn came from (inclusive). */
  lineStart: number;
  lineEnd: number;
  /** Set when the turn came from a subagent's transcript (its agent id). */
  subagent?: string;
}

/** Where a session ran, as the transcript records it. */
export interface SessionContext {
  cwd?: string;
  gitBranch?: string;
  /** Git root of cwd, when the transcript names one or it can be found on disk. */
  repoRoot?: string;
}

/** What a distiller made of one source file (or run directory). */
export interface DistilledSession extends SessionContext {
  source: SourceType;
  /** Absolute path of the source file (for a run: its state.json). */
  path: string;
  /** The session's own id (Claude sessionId, Codex session id, run id, seed file name). */
  sessionId: string;
  /** Set when this transcript is a subagent / fork of another session. */
  parentSessionId?: string;
  startedAt?: string;
  endedAt?: string;
  /** Optional title (Claude `summary` lines, a run's goal, a seed's title). */
  title?: string;
  turns: Turn[];
  /** Bytes of the file consumed: up to the end of the last complete line. A truncated last line is not consumed. */
  consumedBytes: number;
  /** Lines read (complete lines only). */
  lines: number;
  /** Line types seen that the distiller does not know, with counts (skipped, never fatal). */
  unknownTypes: Record<string, number>;
  /** Lines that were not valid JSON (skipped, counted). */
  malformedLines: number;
  /** Secrets replaced while distilling. */
  redactions: number;
}

/** An episode ready to store: the evidence that entities and facts are derived from. */
export interface EpisodeDraft extends SessionContext {
  /** Stable: sha256 of source path + line span, so re-ingesting creates nothing new. */
  id: string;
  source: SourceType;
  sourcePath: string;
  sessionId: string;
  parentSessionId?: string;
  /** 1-based inclusive line span in the source file. */
  lineStart: number;
  lineEnd: number;
  /** ISO time the episode happened (its first turn, else the file's mtime). */
  occurredAt: string;
  /** Distilled, redacted text: turns as `role: text` blocks. */
  text: string;
  /** A short deterministic summary (first user request, last outcome); a model may refine it later. */
  summary: string;
  /** Estimated tokens of `text` (see estimateTokens). */
  tokens: number;
}

/** One rule for every token count in memory (chunking, budgets, orientation): ~4 characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
