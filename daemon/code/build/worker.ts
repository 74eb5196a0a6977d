// Entry point of dist/build-worker.js: one build in a worker thread, so that
// decoding, SQLite inserts and the final CREATE INDEX / ANALYZE never block
// the daemon's event loop (better-sqlite3 is synchronous).
import { parentPort } from 'node:worker_threads';
import { ErrorCode, ScryError } from '../../errors';
import { idleThisThread, lowerPriority } from '../indexers/run';
import { isPreciseRequest, type BuildRequest, type WorkerCommand, type WorkerMessage } from './runner';
import { collectGarbage } from '../../gc';

// On Linux a thread has its own nice value: this lowers the build (decoding,
// inserts, CREATE INDEX) below the daemon's main thread, which answers queries.
// Elsewhere pid 0 means the whole process, the daemon included: left alone.
if (process.platform === 'linux') lowerPriority(0);
// Loaded only now, so a worker started ahead (runner.ts) loads the build
// code and better-sqlite3 at that priority too, not against the daemon's queries.
const { buildIndex } = require('./build-index') as typeof import('./build-index');

const port = parentPort;
if (!port) throw new Error('build-worker.js must run as a worker thread');
const post = (m: WorkerMessage): void => port.postMessage(m);
// The running build's: a worker kept between builds (runner.ts) runs one at a time.
let aborter: AbortController | undefined;
let idled = false;

// Started ahead of its build, or kept from the last one (see runner.ts): each request comes as a message.
port.on('message', (m: WorkerCommand) => {
  if (m.type === 'abort') aborter?.abort();
  else build(m.request);
});

function build(request: BuildRequest): void {
  aborter = new AbortController();
  // A precise build's ingest runs beside its indexer: it takes only the CPU the indexer leaves.
  if (isPreciseRequest(request) && !idled) {
    idleThisThread();
    idled = true;
  }
  buildIndex({
    ...request,
    signal: aborter.signal,
    onProgress: (event) => post({ type: 'progress', event }),
    log: (line) => post({ type: 'log', line }),
  }).then(
    (outcome) => {
      post({ type: 'done', outcome });
      // Kept for the next build: what this one held goes back now, not whenever V8 next looks.
      setImmediate(collectGarbage);
    },
    (err: unknown) =>
      post({
        type: 'error',
        message: err instanceof Error ? err.message : String(err),
        code: err instanceof ScryError ? err.code : ErrorCode.Generic,
        ...(err instanceof ScryError && err.remedy ? { remedy: err.remedy } : {}),
      }),
  );
}
