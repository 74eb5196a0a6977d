// One build of one repo: run the indexer, decode its output while it is still
// being written, and store it into index.db.next. The caller swaps it in.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IndexerFailedError, ScipDecodeError, ScryError } from '../errors';
import type { IndexerReport, ProgressEvent } from '../protocol';
import { runProcess } from './indexers/run';
import { countSourceFiles, percentOf } from './indexers/estimate';
import { hasTypescriptOrJavascript, scipTypescriptArgs, SKIP_DIRS, TS_EXTENSIONS, TS_INDEXER } from './indexers/typescript';
import { ScipStreamReader, type ScipItem } from './scip/stream';
import { IngestSession, type IngestResult } from './store/ingest';

export interface BuildOptions {
  repo: string;
  /** The repo's folder under SCRY_HOME/repos. */
  workDir: string;
  nodePath: string;
  /** Import this prebuilt .scip file instead of running indexers. */
  scipFile?: string;
  onProgress?: (event: Omit<ProgressEvent, 'repo'>) => void;
  signal?: AbortSignal;
  log?: (line: string) => void;
}

export interface BuildOutcome {
  nextPath: string;
  ingest: IngestResult;
  indexers: IndexerReport[];
  durationMs: number;
}

const POLL_MS = 50;

export async function buildIndex(options: BuildOptions): Promise<BuildOutcome> {
  const started = performance.now();
  const { repo, workDir } = options;
  fs.mkdirSync(workDir, { recursive: true, mode: 0o700 });
  const nextPath = path.join(workDir, 'index.db.next');
  const session = new IngestSession(nextPath, repo);
  const indexers: IndexerReport[] = [];
  try {
    const failures: ScryError[] = [];
    if (options.scipFile) {
      indexers.push(importScip(options.scipFile, session));
    } else if (!hasTypescriptOrJavascript(repo)) {
      indexers.push({ language: 'typescript', indexer: TS_INDEXER, status: 'skipped', file_count: 0, duration_ms: 0, error: 'no TypeScript or JavaScript files found' });
    } else {
      const { report, error } = await runTypescript(options, session);
      indexers.push(report);
      if (error) failures.push(error);
    }
    const ok = indexers.filter((r) => r.status === 'ok').length;
    // Nothing succeeded: keep serving the previous index rather than an empty one.
    if (ok === 0 && failures[0]) throw failures[0];
    const ingest = session.finish({
      repo,
      indexers: JSON.stringify(indexers),
      status: ok === 0 ? 'empty' : ok < indexers.filter((r) => r.status !== 'skipped').length ? 'partial' : 'ready',
      build_ms: String(Math.round(performance.now() - started)),
    });
    for (const w of ingest.warnings) options.log?.(`warning: ${w}`);
    return { nextPath, ingest, indexers, durationMs: performance.now() - started };
  } catch (err) {
    session.abort();
    throw err;
  }
}

function importScip(file: string, session: IngestSession): IndexerReport {
  const started = performance.now();
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new ScipDecodeError(file, (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(err));
  }
  if (bytes.length === 0) throw new ScipDecodeError(file, 'the file is empty');
  const reader = new ScipStreamReader(file);
  for (const item of reader.push(bytes)) addItem(session, item);
  reader.end();
  if (session.documentCount === 0) throw new ScipDecodeError(file, 'it contains no documents');
  return { language: 'scip', indexer: `import ${path.basename(file)}`, status: 'ok', file_count: session.documentCount, duration_ms: Math.round(performance.now() - started) };
}

function addItem(session: IngestSession, item: ScipItem): void {
  if (item.kind === 'document') session.addDocument(item.document);
  else if (item.kind === 'metadata') session.setMetadata(item.metadata);
  else session.addExternalSymbol(item.symbol);
}

async function runTypescript(options: BuildOptions, session: IngestSession): Promise<{ report: IndexerReport; error?: ScryError }> {
  const { repo, workDir } = options;
  const scipPath = path.join(workDir, 'typescript.scip');
  fs.rmSync(scipPath, { force: true });
  const args = scipTypescriptArgs(repo, scipPath, workDir);
  const reader = new ScipStreamReader(scipPath);
  let fd: number | undefined;
  let offset = 0;
  const chunk = Buffer.allocUnsafe(1 << 20);
  const before = session.documentCount;
  const expected = countSourceFiles(repo, TS_EXTENSIONS, SKIP_DIRS);
  let reported = -1;
  let reportedAt = 0;
  // Decode whatever the indexer has flushed so far; runs between its writes.
  const drain = (): void => {
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
      for (const item of reader.push(chunk.subarray(0, n))) addItem(session, item);
    }
    const done = session.documentCount - before;
    // At most one event a second, and only when something moved.
    if (done !== reported && Date.now() - reportedAt >= 1000) {
      reported = done;
      reportedAt = Date.now();
      options.onProgress?.({ phase: 'indexing', message: `${TS_INDEXER}: ${done} files indexed`, percent: percentOf(done, expected) });
    }
  };
  options.onProgress?.({ phase: 'indexing', message: `running ${TS_INDEXER}` });
  let drainError: unknown;
  const timer = setInterval(() => {
    try {
      drain();
    } catch (err) {
      drainError = err;
    }
  }, POLL_MS);
  try {
    const run = await runProcess(options.nodePath, args, { cwd: repo, signal: options.signal });
    clearInterval(timer);
    if (drainError) throw drainError;
    if (run.signal || run.code !== 0) {
      const exit = run.signal ? `killed by ${run.signal}` : `exit code ${run.code}`;
      const err = new IndexerFailedError(TS_INDEXER, repo, exit, run.outputTail);
      const report: IndexerReport = { language: 'typescript', indexer: TS_INDEXER, status: 'failed', file_count: session.documentCount - before, duration_ms: Math.round(run.durationMs), error: err.message, remedy: err.remedy, stderr_tail: run.outputTail.slice(-1000) };
      return { report, error: err };
    }
    drain();
    reader.end();
    return { report: { language: 'typescript', indexer: TS_INDEXER, status: 'ok', file_count: session.documentCount - before, duration_ms: Math.round(run.durationMs) } };
  } catch (err) {
    if (err instanceof ScryError) throw err;
    const e = err as NodeJS.ErrnoException;
    throw new IndexerFailedError(TS_INDEXER, repo, e.code ?? 'spawn error', e.message);
  } finally {
    clearInterval(timer);
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(scipPath, { force: true });
  }
}
