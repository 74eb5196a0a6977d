// Runs a build in a worker thread: the bundled dist/build-worker.js, found
// beside the running bundle (the daemon) or in the package's dist/ (tests
// running from source), so every build takes the production path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ErrorCode, ScryError } from '../../errors';
import type { ProgressEvent } from '../../protocol';
import { plural } from '../../protocol/plural';
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

/** A precise build runs beside its indexer; the others (a first index, an import) run alone. */
export function isPreciseRequest(request: Pick<BuildRequest, 'syntacticFirst' | 'scipFile'>): boolean {
  return !request.syntacticFirst && !request.scipFile;
}

/**
 * How many precise builds one worker runs before a fresh one takes over, so
 * that whatever a build leaves behind (a leak, a fragmented heap) is bounded.
 */
export const BUILDS_PER_WORKER = 8;

/**
 * How long a kept worker waits for the next precise build. It holds ~60 MB
 * (rxjs: a daemon between builds at 170 MB against 111 MB without it), worth
 * it for the rebuilds a branch switch or a rebase brings in a burst, not for
 * a daemon that rebuilds once an hour.
 */
export const KEEP_MS = 5 * 60_000;

/**
 * Builds run in worker threads. A worker that ran a build well is kept for
 * the next one: V8 compiles the ingest afresh in every new isolate, and on
 * rxjs that compiling was ~0.4 s of CPU on V8's helper threads, taken from the
 * indexer running beside it. A precise build puts its worker's thread under
 * SCHED_IDLE (worker.ts), which it cannot leave, so a worker that has run one
 * is kept for precise builds only: a first index or an import, which run
 * alone and should not wait on the rest of the machine, takes a worker kept
 * from a first index (a never-seen repo's precise build follows its first
 * index in the same warm worker), or a fresh one started ahead (when the
 * daemon starts, and when a build ends and no kept worker could run one), so
 * that loading the bundle and better-sqlite3 (~65 ms) is off the build's
 * path. A worker that failed, crashed or was aborted is never kept, nor one
 * that has run BUILDS_PER_WORKER builds, and none waits longer than KEEP_MS.
 */
export class BuildRunner {
  private spare: Waiting | undefined;
  private kept: Kept | undefined;
  private disposed = false;

  constructor(
    private readonly buildsPerWorker = BUILDS_PER_WORKER,
    private readonly keepMs = KEEP_MS,
  ) {}

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
    const request: BuildRequest = {
      repo: options.repo,
      workDir: options.workDir,
      nodePath: options.nodePath,
      home: options.home,
      scipFile: options.scipFile,
      syntacticFirst: options.syntacticFirst,
    };
    const precise = isPreciseRequest(request);
    const kept = precise || this.kept?.idle === false ? this.takeKept() : undefined;
    const spare = kept ? undefined : this.takeSpare();
    const worker = kept?.worker ?? spare ?? new Worker(file);
    const builds = (kept?.builds ?? 0) + 1;
    const idle = precise || kept?.idle === true;
    const how = kept ? `, kept from ${plural(kept.builds, 'build')} before` : spare ? ', started ahead' : '';
    options.log?.(`build runs in a worker thread (${file})${how}`);
    const send = (c: WorkerCommand): void => worker.postMessage(c);
    return new Promise((resolve, reject) => {
      let settled = false;
      const onAbort = (): void => send({ type: 'abort' });
      const finish = (fn: () => void, keep: boolean): void => {
        if (settled) return;
        settled = true;
        options.signal?.removeEventListener('abort', onAbort);
        // Only this build's own listeners: removeAllListeners would take Node's, which ref and unref the worker's port.
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        fn();
        if (keep && !options.signal?.aborted && builds < this.buildsPerWorker) this.keep(worker, builds, idle);
        // Its database is closed once it reports; the listener on its port would keep it alive.
        else void worker.terminate();
        // After the answer: the swap that follows comes first.
        setImmediate(() => this.startSpare(file));
      };
      const onMessage = (m: WorkerMessage): void => {
        if (m.type === 'progress') options.onProgress?.(m.event);
        else if (m.type === 'log') options.log?.(m.line);
        else if (m.type === 'done') finish(() => resolve(m.outcome), true);
        else finish(() => reject(new BuildFailedError(m.message, m.code, m.remedy)), false);
      };
      const onError = (err: Error): void => finish(() => reject(new BuildFailedError(`the build worker crashed: ${err.message}`, ErrorCode.Internal)), false);
      const onExit = (code: number): void =>
        finish(() => reject(new BuildFailedError(`the build worker exited (code ${code}) without a result`, ErrorCode.Internal)), false);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      send({ type: 'build', request });
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.signal?.aborted) onAbort();
    });
  }

  /** A build is likely soon (the daemon starts): a worker is started ahead for it, unless one waits already. */
  prepare(): void {
    const file = workerFile();
    if (file) this.startSpare(file);
  }

  /** What waits for the next build: a worker started ahead, and one kept from its builds (under SCHED_IDLE once it ran a precise one). */
  get waiting(): { spare: boolean; kept?: { builds: number; idle: boolean } } {
    return { spare: this.spare !== undefined, ...(this.kept ? { kept: { builds: this.kept.builds, idle: this.kept.idle } } : {}) };
  }

  /** No more builds: the waiting workers end; resolves once they have. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await this.releaseWaiting();
  }

  /** Whether a worker waits for the next build: one started ahead, or one kept from its builds (each holds a V8 isolate, the build code and SQLite). */
  get hasWaiting(): boolean {
    return this.spare !== undefined || this.kept !== undefined;
  }

  /** Ends the workers waiting for a build: for an idle daemon, whose next build can pay their start itself. */
  async releaseWaiting(): Promise<void> {
    await Promise.all([this.takeSpare()?.terminate(), this.takeKept()?.worker.terminate()]);
  }

  private keep(worker: Worker, builds: number, idle: boolean): void {
    if (this.disposed || this.kept) {
      void worker.terminate();
      return;
    }
    const expire = setTimeout(() => {
      if (this.kept?.worker === worker) void this.takeKept()?.worker.terminate();
    }, this.keepMs);
    expire.unref();
    this.kept = { worker, builds, idle, expire, drop: this.wait(worker, () => this.kept?.worker === worker && this.takeKept()) };
  }

  /** A fresh worker for the next first index or import, unless one waits already or a kept one can run those. */
  private startSpare(file: string): void {
    if (this.disposed || this.spare || this.kept?.idle === false) return;
    const worker = new Worker(file);
    this.spare = { worker, drop: this.wait(worker, () => this.spare?.worker === worker && this.takeSpare()) };
  }

  /**
   * A worker waiting for a build keeps no daemon alive; one that dies while
   * waiting is dropped (the next build starts its own, and reports why that
   * one fails). Returns the listener, for the build that takes the worker.
   */
  private wait(worker: Worker, drop: () => unknown): () => void {
    const listener = (): void => void drop();
    worker.unref();
    worker.once('error', listener);
    worker.once('exit', listener);
    return listener;
  }

  private takeSpare(): Worker | undefined {
    const spare = this.spare;
    this.spare = undefined;
    return spare && taken(spare);
  }

  private takeKept(): Kept | undefined {
    const kept = this.kept;
    this.kept = undefined;
    if (kept) {
      clearTimeout(kept.expire);
      taken(kept);
    }
    return kept;
  }
}

/** A worker waiting for a build, and the listener that drops it should it die first. */
interface Waiting {
  worker: Worker;
  drop: () => void;
}

/** One kept from its builds, how many it has run, whether its thread is under SCHED_IDLE, and the timer that ends its wait (KEEP_MS). */
interface Kept extends Waiting {
  builds: number;
  idle: boolean;
  expire: NodeJS.Timeout;
}

/** The waiting worker, now a build's: its drop listener gone, and ref'd again. */
function taken(waiting: Waiting): Worker {
  waiting.worker.off('error', waiting.drop);
  waiting.worker.off('exit', waiting.drop);
  waiting.worker.ref();
  return waiting.worker;
}
