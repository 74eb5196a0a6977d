// Runs a build in a worker thread when the bundled worker is present (the
// daemon), else on this thread (tests that import the sources directly).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ScryError } from '../errors';
import type { ProgressEvent } from '../protocol';
import { buildIndex, type BuildOptions, type BuildOutcome } from './build';

/** The serializable part of BuildOptions, sent to the worker. */
export type BuildRequest = Pick<BuildOptions, 'repo' | 'workDir' | 'nodePath' | 'home' | 'scipFile'>;

export type WorkerMessage =
  | { type: 'progress'; event: Omit<ProgressEvent, 'repo'> }
  | { type: 'log'; line: string }
  | { type: 'done'; outcome: BuildOutcome }
  | { type: 'error'; message: string; code: number };

/** A build failure reported by the worker, keeping its JSON-RPC code. */
export class BuildFailedError extends ScryError {
  override readonly code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

const WORKER_FILE = path.join(__dirname, 'build-worker.js');

export function runBuild(options: BuildOptions): Promise<BuildOutcome> {
  if (!fs.existsSync(WORKER_FILE)) return buildIndex(options);
  const request: BuildRequest = { repo: options.repo, workDir: options.workDir, nodePath: options.nodePath, home: options.home, scipFile: options.scipFile };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, { workerData: request });
    let settled = false;
    const onAbort = (): void => worker.postMessage('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      fn();
      // Its database is closed once it reports; the listener on its port would keep it alive.
      void worker.terminate();
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'progress') options.onProgress?.(m.event);
      else if (m.type === 'log') options.log?.(m.line);
      else if (m.type === 'done') finish(() => resolve(m.outcome));
      else finish(() => reject(new BuildFailedError(m.message, m.code)));
    });
    worker.on('error', (err) => finish(() => reject(new BuildFailedError(`the build worker crashed: ${err.message}`, -32000))));
    worker.on('exit', (code) => finish(() => reject(new BuildFailedError(`the build worker exited (code ${code}) without a result`, -32000))));
  });
}
