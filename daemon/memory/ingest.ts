// One source file in, its new episodes committed with its cursor. Deterministic
// and incremental: an unchanged file is skipped on its size and mtime; a grown
// one is distilled again and only turns after the cursor's last line become
// new episodes (one turn of overlap); a shrunken or replaced one starts over.
// Episodes and cursor are written in one transaction, so a kill at any point
// leaves the cursor where the committed episodes end, and ids are stable, so
// re-reading creates nothing twice.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { chunkSession } from './chunk';
import type { DistilledSession, EpisodeDraft } from './episode';
import { isExtractorSession } from './extract/providers/claude-cli';
import { extractOffline } from './extract/providers/offline';
import { SOURCES, UnknownFormatError, type ForeignReads, type SourceId, type TranscriptSource } from './sources';
import type { Cursor, MemoryStore, TurnLines } from './store';
import { holdForTests } from '../hold';

export type FileOutcome = 'ingested' | 'unchanged' | 'too-recent' | 'too-short' | 'extractor' | 'failed';

export interface FileResult {
  path: string;
  source: string;
  outcome: FileOutcome;
  added: number;
  existing: number;
  /** The file was shorter than its cursor, or replaced: re-read from the start. */
  reset?: boolean;
  unknownTypes?: Record<string, number>;
  malformedLines?: number;
  redactions?: number;
  error?: string;
  /** Set when the source is in a format this Scry cannot read: what it expected. */
  expected?: string;
}

export interface IngestFileOptions {
  home: string;
  /** Skip files modified more recently than this (a sweep leaves live sessions alone). */
  minAgeMs?: number;
  /** Look, count, write nothing. */
  dryRun?: boolean;
  now?: () => number;
  /**
   * Extract each new episode offline at once (the NLP extractor, no model):
   * the episode is done when ingest returns, so an offline-only memory has
   * nothing pending. With `refine`, it is then queued for a model to refine.
   */
  extract?: { refine: boolean };
  /** The sweep's reads: a database is opened once for every session in it. */
  reads?: ForeignReads;
}

const FINGERPRINT_BYTES = 4096;

function fingerprint(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(FINGERPRINT_BYTES);
    const n = fs.readSync(fd, buf, 0, FINGERPRINT_BYTES, 0);
    return createHash('sha256').update(buf.subarray(0, n)).digest('hex').slice(0, 32);
  } finally {
    fs.closeSync(fd);
  }
}

export async function ingestFile(store: MemoryStore, kind: TranscriptSource | SourceId, input: string, options: IngestFileOptions): Promise<FileResult> {
  const source: TranscriptSource = typeof kind === 'string' ? SOURCES[kind] : kind;
  const resolved = path.resolve(input);
  const file = source.trackedFile?.(resolved) ?? resolved;
  const base = { path: file, source: source.id, added: 0, existing: 0 };
  let stat: { size: number; mtimeMs: number; fingerprint?: string };
  try {
    stat = source.stamp ? source.stamp(file, options.reads) : fs.statSync(file);
  } catch (err) {
    if (err instanceof UnknownFormatError) return { ...base, outcome: 'failed', error: err.message, expected: err.expected };
    return { ...base, outcome: 'failed', error: `cannot read '${file}': ${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
  const now = options.now?.() ?? Date.now();
  if (options.minAgeMs !== undefined && now - stat.mtimeMs < options.minAgeMs) return { ...base, outcome: 'too-recent' };
  const cursor = store.getCursor(file, source.id);
  if (cursor && cursor.size === stat.size && cursor.mtimeMs === stat.mtimeMs) return { ...base, outcome: 'unchanged' };
  const print = stat.fingerprint ?? fingerprint(file);
  const reset =
    cursor !== undefined && (stat.size < cursor.offset || (cursor.fingerprint !== undefined && cursor.fingerprint !== '' && cursor.fingerprint !== print));

  let session: DistilledSession;
  try {
    session = await source.distill(file, options.reads);
  } catch (err) {
    // Nothing of it is stored and its cursor stays: a Scry that knows the format reads it from the start.
    if (err instanceof UnknownFormatError) return { ...base, outcome: 'failed', error: err.message, expected: err.expected };
    return { ...base, outcome: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
  const stats = { unknownTypes: session.unknownTypes, malformedLines: session.malformedLines, redactions: session.redactions };
  const next: Cursor = {
    path: file,
    source: source.id,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    offset: session.consumedBytes,
    lastLine: reset ? 0 : (cursor?.lastLine ?? 0),
    fingerprint: print,
  };
  // The extractor's own `claude -p` sessions are Scry talking to a model, not project knowledge.
  if (isExtractorSession(session.cwd, options.home)) {
    if (!options.dryRun) store.setCursor(next);
    return { ...base, ...stats, outcome: 'extractor' };
  }
  const drafts = chunkSession(session, { afterLine: next.lastLine, fallbackTime: new Date(stat.mtimeMs).toISOString(), conversational: source.conversational });
  if (drafts.length === 0) {
    // Remember the bytes were seen, not the lines: the turn floor counts the whole session next time.
    if (!options.dryRun) store.setCursor(next);
    return { ...base, ...stats, outcome: next.lastLine > 0 ? 'unchanged' : 'too-short', ...(reset ? { reset } : {}) };
  }
  next.lastLine = Math.max(next.lastLine, ...drafts.map((d) => d.lineEnd));
  if (options.dryRun) return { ...base, ...stats, outcome: 'ingested', added: drafts.length, ...(reset ? { reset } : {}) };
  const { added, existing } = store.commitEpisodes(drafts, next, turnLinesOf(drafts, session));
  holdForTests('SCRY_TEST_INGEST_HOLD_MS');
  if (options.extract) await extractNow(store, drafts, options.extract.refine);
  return { ...base, ...stats, outcome: 'ingested', added, existing, ...(reset ? { reset } : {}) };
}

/** Each episode's turns' source lines, in order: a passage's line span is its turn's. */
function turnLinesOf(drafts: readonly EpisodeDraft[], session: DistilledSession): Map<string, TurnLines> {
  const out = new Map<string, TurnLines>();
  for (const d of drafts)
    out.set(
      d.id,
      session.turns.filter((t) => t.lineStart >= d.lineStart && t.lineEnd <= d.lineEnd).map((t) => [t.lineStart, t.lineEnd] as const),
    );
  return out;
}

/**
 * The offline extraction of the episodes just committed, one transaction
 * each, yielding between them so a long session never stalls the daemon.
 * A kill in between leaves the rest pending in the queue, where the worker
 * takes them.
 */
async function extractNow(store: MemoryStore, drafts: readonly EpisodeDraft[], refine: boolean): Promise<void> {
  for (const d of drafts) {
    const episode = store.episode(d.id);
    if (!episode || episode.extraction !== 'pending') continue;
    const extraction = extractOffline({ episode, glossary: store.glossary({ repo: episode.repoRoot, limit: 60 }), referenceTime: episode.occurredAt });
    store.atomically(() => {
      store.applyExtraction(episode.id, extraction, 'offline');
      if (refine) store.queueRefine(episode.id);
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
