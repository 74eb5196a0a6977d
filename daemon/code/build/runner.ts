// Runs a build in a worker thread: the bundled dist/build-worker.js, found
// beside the running bundle (the daemon) or in the package's dist/ (tests
// running from source), so every build takes the production path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ErrorCode, ScryError } from '../../errors';
import type { ProgressEvent } from '../../protocol';
import type { BuildOptions, BuildOutcome } from './build-index';

/** The serializable part of BuildOptions, sent to the worker. */
export type BuildRequest = Pick<BuildOptions, 'repo' | 'workDir' | 'nodePath' | 'home' | 'scipFile' | 'syntacticFirst'>;

/** From the daemon to a worker: its one build, then perhaps an abort. */
export type WorkerCommand = { type: 'build'; request: BuildRequest } | { type: 'abort' };

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

/** dist/build-worker.js: beside dist/daemon.js, or from the sources (daemon/code/build/) three levels up. */
export function workerFile(): string | undefined {
  const candidates = [path.join(__dirname, 'build-worker.js'), path.resolve(__dirname, '..', '..', '..', 'dist', 'build-worker.js')];
  return candidates.find((f) => fs.existsSync(f));
}

/**
 * One fresh worker per build, so that a crash or a leak ends with its build;
 * the next one is started when a build ends, ahead of need: loading the
 * bundle and better-sqlite3 (~40 ms) is then off the next build's path.
 */
export class BuildRunner {
  private spare: Worker | undefined;
  private disposed = false;

  run(options: BuildOptions): Promise<BuildOutcome> {
    const file = workerFile();
    if (!file)
      return Promise.reject(
        new BuildFailedError(
          `the build worker (dist/build-worker.js) is missing beside ${__dirname}`,
          ErrorCode.Internal,
          'Run npm run build, or reinstall Scry',
        ),
      );
    const spare = this.takeSpare();
    const worker = spare ?? new Worker(file);
    options.log?.(`build runs in a worker thread (${file})${spare ? ', started ahead' : ''}`);
    const request: BuildRequest = {
      repo: options.repo,
      workDir: options.workDir,
      nodePath: options.nodePath,
      home: options.home,
      scipFile: options.scipFile,
      syntacticFirst: options.syntacticFirst,
    };
    const send = (c: WorkerCommand): void => worker.postMessage(c);
    return new Promise((resolve, reject) => {
      let settled = false;
      const onAbort = (): void => send({ type: 'abort' });
      const finish = (fn: () => void): void => {
        if (settled) return;
        settled = true;
        options.signal?.removeEventListener('abort', onAbort);
        fn();
        // Its database is closed once it reports; the listener on its port would keep it alive.
        void worker.terminate();
        // After the answer: the swap that follows comes first.
        setImmediate(() => this.startSpare(file));
      };
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'progress') options.onProgress?.(m.event);
        else if (m.type === 'log') options.log?.(m.line);
        else if (m.type === 'done') finish(() => resolve(m.outcome));
        else finish(() => reject(new BuildFailedError(m.message, m.code, m.remedy)));
      });
      worker.on('error', (err) => finish(() => reject(new BuildFailedError(`the build worker crashed: ${err.message}`, ErrorCode.Internal))));
      worker.on('exit', (code) => finish(() => reject(new BuildFailedError(`the build worker exited (code ${code}) without a result`, ErrorCode.Internal))));
      send({ type: 'build', request });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.signal?.aborted) onAbort();
    });
  }

  dispose(): void {
    this.disposed = true;
    this.releaseSpare();
  }

  /** Whether a worker is started ahead of the next build (it holds a V8 isolate, the build code and SQLite). */
  get hasSpare(): boolean {
    return this.spare !== undefined;
  }

  /** Ends the worker started ahead: for an idle daemon, whose next build can pay the ~40 ms itself. */
  releaseSpare(): void {
    void this.takeSpare()?.terminate();
  }

  private startSpare(file: string): void {
    if (this.disposed || this.spare) return;
    const worker = new Worker(file);
    // Waiting for a build must not keep the daemon alive.
    worker.unref();
    // One that dies while waiting is dropped; the next build starts its own, and reports why that one fails.
    const drop = (): void => {
      if (this.spare === worker) this.spare = undefined;
    };
    worker.once('error', drop);
    worker.once('exit', drop);
    this.spare = worker;
  }

  private takeSpare(): Worker | undefined {
    const worker = this.spare;
    this.spare = undefined;
    worker?.removeAllListeners();
    worker?.ref();
    return worker;
  }
}
