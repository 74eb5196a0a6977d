// Runs a build in a worker thread: the bundled dist/build-worker.js, found
// beside the running bundle (the daemon) or in the package's dist/ (tests
// running from source), so every build takes the production path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ErrorCode, ScryError } from '../errors';
import type { ProgressEvent } from '../protocol';
import type { BuildOptions, BuildOutcome } from './build';

/** The serializable part of BuildOptions, sent to the worker. */
export type BuildRequest = Pick<BuildOptions, 'repo' | 'workDir' | 'nodePath' | 'home' | 'scipFile'>;

export type WorkerMessage =
  | { type: 'progress'; event: Omit<ProgressEvent, 'repo'> }
  | { type: 'log'; line: string }
  | { type: 'done'; outcome: BuildOutcome }
  | { type: 'error'; message: string; code: number; remedy?: string };

/** A build failure reported by the worker, keeping its JSON-RPC code. */
export class BuildFailedError extends ScryError {
  override readonly code: number;
  constructor(message: string, code: number, remedy?: string) {
    super(message, remedy);
    this.code = code;
  }
}

/** dist/build-worker.js: beside dist/daemon.js, or from the sources (daemon/code/) two levels up. */
export function workerFile(): string | undefined {
  const candidates = [path.join(__dirname, 'build-worker.js'), path.resolve(__dirname, '..', '..', 'dist', 'build-worker.js')];
  return candidates.find((f) => fs.existsSync(f));
}

export function runBuild(options: BuildOptions): Promise<BuildOutcome> {
  const WORKER_FILE = workerFile();
  if (!WORKER_FILE) return Promise.reject(new BuildFailedError(`the build worker (dist/build-worker.js) is missing beside ${__dirname}`, ErrorCode.Internal, 'Run npm run build, or reinstall Scry'));
  options.log?.(`build runs in a worker thread (${WORKER_FILE})`);
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
      else finish(() => reject(new BuildFailedError(m.message, m.code, m.remedy)));
    });
    worker.on('error', (err) => finish(() => reject(new BuildFailedError(`the build worker crashed: ${err.message}`, ErrorCode.Internal))));
    worker.on('exit', (code) => finish(() => reject(new BuildFailedError(`the build worker exited (code ${code}) without a result`, ErrorCode.Internal))));
  });
}
