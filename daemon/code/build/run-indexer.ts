// One precise indexer run within a build: start it, decode its SCIP output
// while it is still being written (polled between its writes), hand each
// document to the ingest (or hold them all for the syntactic companion to
// complete first), and tell a whole output from a failed or cut one. A failing
// indexer fails its language, never the build (build-index.ts decides).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IndexerFailedError, ScryError } from '../../errors';
import type { IndexerReport, ProgressEvent } from '../../protocol';
import { missingFromIndex } from '../indexers/complete';
import { percentOf } from '../indexers/estimate';
import type { IndexerPlan } from '../indexers/plan';
import { INDEXER_PID_FILE, runProcess } from '../indexers/run';
import { ScipIncompleteError } from '../scip/complete';
import { ScipStreamReader, type ScipItem } from '../scip/stream';
import type { IngestSession } from '../store/ingest';
import type { Companion } from '../syntactic/beside';

const POLL_MS = 50;

/** What a run needs of its build's options (BuildOptions). */
export interface RunOptions {
  repo: string;
  /** The repo's folder under SCRY_HOME/repos, where the running indexer's pid is recorded. */
  workDir: string;
  onProgress?: (event: Omit<ProgressEvent, 'repo'>) => void;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

/**
 * expectedFiles: the language's file count from detection, for a progress
 * percentage. ready: what the ingest needs before the first document (the
 * local-function reader's grammars), loaded while the indexer starts up
 * rather than before it; its failure stops the run and fails the language.
 */
export async function runIndexer(
  plan: IndexerPlan,
  options: RunOptions,
  session: IngestSession,
  expectedFiles: number,
  companion?: Companion,
  ready?: Promise<void>,
): Promise<{ report: IndexerReport; error?: ScryError }> {
  const { repo } = options;
  const scipPath = plan.output;
  const indexerName = plan.indexer;
  const language = plan.language;
  const pidFile = path.join(options.workDir, INDEXER_PID_FILE);
  fs.rmSync(scipPath, { force: true });
  const reader = new ScipStreamReader(scipPath);
  let fd: number | undefined;
  let offset = 0;
  const chunk = Buffer.allocUnsafe(1 << 20);
  const before = session.documentCount;
  const held: ScipItem[] | undefined = companion?.holdsDocuments ? [] : undefined;
  // What the output holds and what the indexer said it did, to tell a whole output from a cut one.
  const documents = new Set<string>();
  let filesReported: number | undefined;
  const onOutput = plan.filesReported
    ? (text: string): void => {
        const n = plan.filesReported?.(text);
        if (n !== undefined) filesReported = Math.max(filesReported ?? 0, n);
      }
    : undefined;
  const take = (item: ScipItem): void => {
    if (item.kind === 'document') documents.add(item.document.relativePath);
    // scip-php names Document.language by the number of its enum value: the plan says what to record.
    if (item.kind === 'document' && plan.documentLanguage) item.document.language = plan.documentLanguage;
    if (held) held.push(item);
    else addItem(session, item, companion);
  };
  let reported = -1;
  let reportedAt = 0;
  let prepared = ready === undefined;
  let drainError: unknown;
  // Its failure stops the indexer; `await ready` below then throws it.
  const stop = new AbortController();
  ready?.then(
    () => {
      prepared = true;
    },
    () => stop.abort(),
  );
  // Decode whatever the indexer has flushed so far; runs between its writes.
  const drain = (): void => {
    if (!prepared) return;
    if (fd === undefined) {
      try {
        fd = fs.openSync(scipPath, 'r');
      } catch {
        return;
      }
    }
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, offset);
      if (n <= 0) break;
      offset += n;
      for (const item of reader.push(chunk.subarray(0, n))) take(item);
    }
    const done = held ? held.filter((i) => i.kind === 'document').length : session.documentCount - before;
    // At most one event a second, and only when something moved.
    if (done !== reported && Date.now() - reportedAt >= 1000) {
      reported = done;
      reportedAt = Date.now();
      options.onProgress?.({ phase: 'indexing', message: `${indexerName}: ${done} files indexed`, percent: percentOf(done, expectedFiles) });
    }
  };
  options.onProgress?.({ phase: 'indexing', message: `running ${indexerName}` });
  const timer = setInterval(() => {
    try {
      drain();
    } catch (err) {
      drainError = err;
    }
  }, POLL_MS);
  try {
    // Recorded so that a daemon killed mid-build can have its orphaned indexer stopped on restart.
    const onSpawn = (pid: number): void => fs.writeFileSync(pidFile, String(pid));
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    const run = await runProcess(plan.command, plan.args, { cwd: repo, env: plan.env, signal, onSpawn, onOutput });
    clearInterval(timer);
    await ready;
    if (drainError) throw drainError;
    if (run.signal || run.code !== 0) {
      const exit = run.signal ? `killed by ${run.signal}` : `exit code ${run.code}`;
      const err = new IndexerFailedError(indexerName, repo, exit, run.outputTail);
      const report: IndexerReport = {
        language,
        indexer: indexerName,
        status: 'failed',
        file_count: session.documentCount - before,
        duration_ms: Math.round(run.durationMs),
        error: err.message,
        remedy: err.remedy,
        stderr_tail: run.outputTail.slice(-1000),
      };
      return { report, error: err };
    }
    drain();
    reader.end();
    if (fd === undefined) {
      const err = new IndexerFailedError(indexerName, repo, `exit code 0 without writing ${plan.output}`, run.outputTail);
      return {
        report: {
          language,
          indexer: indexerName,
          status: 'failed',
          file_count: 0,
          duration_ms: Math.round(run.durationMs),
          error: err.message,
          remedy: err.remedy,
          stderr_tail: run.outputTail.slice(-1000),
        },
        error: err,
      };
    }
    // Exit 0 and a clean end, yet cut at a document boundary (a full disk, a killed writer): refused, never served as whole.
    const missing = missingFromIndex(indexerName, repo, documents, filesReported);
    if (missing) {
      const err = new ScipIncompleteError(scipPath, `it has ${missing}`);
      options.log?.(err.oneLine());
      return {
        report: {
          language,
          indexer: indexerName,
          status: 'failed',
          file_count: documents.size,
          duration_ms: Math.round(run.durationMs),
          error: err.message,
          remedy: err.remedy,
        },
        error: err,
      };
    }
    if (held && companion) addHeld(session, held, companion);
    return { report: { language, indexer: indexerName, status: 'ok', file_count: session.documentCount - before, duration_ms: Math.round(run.durationMs) } };
  } catch (err) {
    // A broken indexer (cannot start, unreadable output) fails its language, not the build.
    const e = err as NodeJS.ErrnoException;
    const error = err instanceof ScryError ? err : new IndexerFailedError(indexerName, repo, e.code ?? 'spawn error', e.message);
    return {
      report: {
        language,
        indexer: indexerName,
        status: 'failed',
        file_count: session.documentCount - before,
        duration_ms: 0,
        error: error.message,
        remedy: error.remedy,
      },
      error,
    };
  } finally {
    clearInterval(timer);
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(scipPath, { force: true });
    fs.rmSync(pidFile, { force: true });
  }
}

function addItem(session: IngestSession, item: ScipItem, companion: Companion | undefined): void {
  if (item.kind === 'document') {
    companion?.addExtents(item.document);
    session.addDocument(item.document);
  } else if (item.kind === 'metadata') session.setMetadata(item.metadata);
  else session.addExternalSymbol(item.symbol);
}

/** An indexer's whole output, completed by the syntactic reader (its kept references), then stored. */
function addHeld(session: IngestSession, held: ScipItem[], companion: Companion): void {
  const docs = held.flatMap((i) => (i.kind === 'document' ? [i.document] : []));
  companion.complete(
    docs,
    held.flatMap((i) => (i.kind === 'external' ? [i.symbol] : [])),
  );
  for (const item of held) {
    if (item.kind === 'metadata') session.setMetadata(item.metadata);
    else if (item.kind === 'external') session.addExternalSymbol(item.symbol);
  }
  for (const doc of docs) session.addDocument(doc);
}
