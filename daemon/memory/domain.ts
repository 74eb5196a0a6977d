// The memory domain: transcripts in (ingest, sweep), episodes, entities and
// facts out, through a durable extraction queue drained inside the daemon.
// Its database is $SCRY_HOME/memory/memory.db, written only here. It knows
// nothing of sockets, clients or the code index.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { handler, type Domain, type DomainContext, type DomainFactory } from '../domain';
import { errorMessage, InvalidParamsError } from '../errors';
import * as P from '../protocol';
import { configFile, MemoryConfigLoader, type MemoryConfig } from './config';
import { discoverSources, defaultRoots, type DiscoverableSource, type SourceFile } from './distill';
import { createProviders, ExtractionChain, ExtractionWorker } from './extract';
import { ingestFile, type FileResult } from './ingest';
import { episodeText, episodesOf } from './episodes';
import { graph } from './graph';
import { drainInbox, inboxFile } from './inbox';
import { factsOfEntity, forget, invalidateFact, listEntities } from './inspect';
import { orient } from './orient';
import { shortestPath } from './path';
import { recall } from './recall';
import { remember } from './remember';
import { MemoryStore } from './store';

export interface MemoryDomainOptions {
  /** Where default sources hang off (~/.claude, ~/.codex); tests pass a temp dir. */
  userHome?: string;
  /** Run the sweep timer (SCRY_MEMORY_SWEEP=0 turns it off too). */
  sweep?: boolean;
  /** Run the extraction worker (tests of the write path alone turn it off). */
  extract?: boolean;
  env?: NodeJS.ProcessEnv;
}

export const memoryDir = (home: string): string => path.join(home, 'memory');
export const memoryDb = (home: string): string => path.join(memoryDir(home), 'memory.db');

/** The first sweep waits this long after start, so a daemon that boots for one query does not read every transcript first. */
const FIRST_SWEEP_DELAY_MS = 60_000;

export function createMemoryDomain(options: MemoryDomainOptions = {}): DomainFactory {
  return (ctx) => new MemoryDomain(ctx, options);
}

export class MemoryDomain implements Domain {
  readonly name = 'memory';
  readonly notifications = [P.MemoryProgressNotification, P.MemoryChanged];
  readonly methods;
  readonly store: MemoryStore;
  private readonly config: MemoryConfigLoader;
  private applied: string | undefined;
  private worker: ExtractionWorker | undefined;
  private workerSub: { dispose(): void } | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping: Promise<P.SweepResult> | undefined;
  private lastSweep: { at: string; added: number } | undefined;
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly ctx: DomainContext, private readonly options: MemoryDomainOptions) {
    this.env = options.env ?? process.env;
    fs.mkdirSync(memoryDir(ctx.home), { recursive: true, mode: 0o700 });
    this.store = new MemoryStore(memoryDb(ctx.home));
    this.config = new MemoryConfigLoader(configFile(ctx.home));
    this.methods = [
      handler(P.MemoryIngest, (p) => this.ingest(p.source, p.path)),
      handler(P.MemorySweep, (p) => this.sweep(p.dry_run ?? false)),
      handler(P.MemoryRetry, async () => {
        const requeued = this.store.retryFailed();
        this.worker?.notify();
        return { requeued };
      }),
      handler(P.MemoryStatusMethod, () => this.memoryStatus()),
      handler(P.MemoryRecall, (p) => recall(this.store, p)),
      handler(P.MemoryEpisodes, (p) => episodesOf(this.store, p)),
      handler(P.MemoryEpisode, (p) => episodeText(this.store, p)),
      handler(P.MemoryPath, (p) => shortestPath(this.store, p)),
      handler(P.MemoryRemember, (p) => {
        const hasModel = this.config.current.providers.some((x) => x.type !== 'offline');
        const r = remember(this.store, p, { hasModel });
        if (r.created) {
          // The refine is the worker's only when a model can do it; waking it for nothing costs an idle pass.
          if (hasModel) this.worker?.notify();
          this.ctx.notify(P.MemoryChanged, { episodes: 1, facts: r.facts.length });
        }
        return r;
      }),
      handler(P.MemoryEntities, (p) => listEntities(this.store, p)),
      handler(P.MemoryFacts, (p) => factsOfEntity(this.store, p)),
      handler(P.MemoryInvalidate, (p) => {
        const r = invalidateFact(this.store, p);
        if (r.changed) this.ctx.notify(P.MemoryChanged, { episodes: 0, facts: 1 });
        return r;
      }),
      handler(P.MemoryForget, (p) => {
        const r = forget(this.store, p);
        this.ctx.notify(P.MemoryChanged, { episodes: r.episodes, facts: r.facts });
        return r;
      }),
      handler(P.MemoryGraph, (p) => graph(this.store, p)),
      handler(P.MemoryOrient, (p) => {
        // The hook's off switch is read here, so the hook itself never parses config.yaml.
        if (p.hook && !this.reloadConfig().hooks.sessionStart) return { text: '', tokens: 0, budget: p.budget ?? 0, omitted: 0, elapsed_ms: 0 };
        if (p.cwd === undefined) throw new InvalidParamsError('memory/orient needs cwd: the directory the session starts in');
        return orient(this.store, { cwd: p.cwd, budget: p.budget });
      }),
      handler(P.MemoryQueueFile, (p) => this.queueFile(p.source, p.path, p.hook ?? false)),
    ];
  }

  restore(): void {
    this.reloadConfig();
    this.scheduleSweep(Math.min(FIRST_SWEEP_DELAY_MS, this.config.current.sweep.intervalMinutes * 60_000));
    // Transcripts SessionEnd hooks handed over while no daemon ran.
    setImmediate(() => void this.takeInbox());
  }

  /** A SessionEnd hook's transcript: answered at once, ingested in the background. */
  private queueFile(source: P.MemorySource, file: string, hook: boolean): P.QueueFileResult {
    if (hook && !this.reloadConfig().hooks.sessionEnd) return { queued: false, reason: 'hooks.session_end is off in config.yaml' };
    const resolved = path.resolve(file);
    if (!fs.existsSync(resolved)) return { queued: false, reason: `'${file}' does not exist` };
    this.pendingFiles.push({ kind: source, path: resolved });
    this.drainFiles ??= this.ingestPending().finally(() => {
      this.drainFiles = undefined;
    });
    return { queued: true };
  }

  private pendingFiles: Array<{ kind: DiscoverableSource; path: string }> = [];
  private drainFiles: Promise<void> | undefined;

  private async ingestPending(): Promise<void> {
    // Let the hook's answer go out first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.pendingFiles.length > 0) {
      const batch = this.pendingFiles.splice(0);
      try {
        await this.ingestAll(expand(batch.flatMap((f) => (f.kind === 'claude' ? discoverSources('claude', { root: path.dirname(f.path) }).filter((s) => s.path === f.path) : [{ kind: f.kind, path: f.path }]))), 'ingest', false);
      } catch (err) {
        this.ctx.error(`memory: could not ingest a handed-over transcript: ${errorMessage(err)}`);
      }
    }
  }

  private async takeInbox(): Promise<void> {
    const files = drainInbox(inboxFile(this.ctx.home), (line) => this.ctx.log(`memory inbox: ${line}`));
    if (files.length === 0) return;
    if (!this.config.current.hooks.sessionEnd) return;
    for (const f of files) this.queueFile(f.source, f.path, false);
    await this.drainFiles;
  }

  status(): { memory: P.MemoryStatus } {
    return { memory: this.memoryStatus() };
  }

  async dispose(): Promise<void> {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = undefined;
    await this.sweeping?.catch(() => undefined);
    await this.drainFiles?.catch(() => undefined);
    await this.stopWorker();
    this.store.close();
  }

  /** Ingests one file, or every source of that kind under a folder. */
  async ingest(source: P.MemorySource, input: string): Promise<P.IngestResult> {
    this.reloadConfig();
    const resolved = path.resolve(input);
    if (!fs.existsSync(resolved)) throw new InvalidParamsError(`memory source '${input}' does not exist`);
    const files = fs.statSync(resolved).isDirectory() && !(source === 'run' && fs.existsSync(path.join(resolved, 'state.json'))) ? discoverSources(source, { root: resolved }) : [{ kind: source, path: resolved }];
    return this.ingestAll(expand(files), 'ingest', false);
  }

  /** Every known source: the roots config.yaml names, else the defaults. Files modified in the last minutes wait. */
  sweep(dryRun: boolean): Promise<P.SweepResult> {
    if (this.sweeping) return this.sweeping;
    const run = this.runSweep(dryRun).finally(() => {
      this.sweeping = undefined;
    });
    this.sweeping = run;
    return run;
  }

  private async runSweep(dryRun: boolean): Promise<P.SweepResult> {
    const started = performance.now();
    const config = this.reloadConfig();
    const minAgeMs = config.sweep.minAgeMinutes * 60_000;
    const sources: P.SweepResult['sources'] = [];
    const failed: P.SweepResult['failed'] = [];
    let added = 0;
    for (const kind of ['claude', 'codex', 'run', 'seed'] as const) {
      const roots = this.rootsOf(kind, config);
      const files = expand(roots.flatMap((root) => discoverSources(kind, { root })));
      const r = await this.ingestAll(files, 'sweep', dryRun, minAgeMs);
      const count = (o: FileResult['outcome']): number => r.files.filter((f) => f.outcome === o).length;
      sources.push({ source: kind, roots, files: files.length, ingested: count('ingested'), unchanged: count('unchanged') + count('too-short') + count('extractor'), too_recent: count('too-recent'), failed: count('failed'), added: r.added });
      for (const f of r.files) if (f.outcome === 'failed') failed.push({ path: f.path, error: f.error ?? 'failed' });
      added += r.added;
    }
    if (!dryRun) this.lastSweep = { at: new Date().toISOString(), added };
    this.ctx.log(`memory sweep${dryRun ? ' (dry run)' : ''}: ${added} new episodes, ${failed.length} failed, in ${Math.round(performance.now() - started)} ms`);
    return { sources, added, failed, elapsed_ms: round(performance.now() - started), dry_run: dryRun };
  }

  private rootsOf(kind: DiscoverableSource, config: MemoryConfig): string[] {
    const s = config.sources;
    const given = kind === 'claude' ? (s.claude ? [s.claude] : undefined) : kind === 'codex' ? (s.codex ? [s.codex] : undefined) : kind === 'run' ? (s.runs.length ? s.runs : undefined) : s.seeds.length ? s.seeds : undefined;
    if (given) return given.map((p) => path.resolve(p.replace(/^~(?=$|\/)/, this.options.userHome ?? os.homedir())));
    return defaultRoots(kind, { home: this.options.userHome ?? os.homedir(), env: { ...this.env, SCRY_HOME: this.ctx.home } });
  }

  private async ingestAll(files: Array<{ kind: DiscoverableSource; path: string }>, phase: 'ingest' | 'sweep', dryRun: boolean, minAgeMs?: number): Promise<P.IngestResult> {
    const started = performance.now();
    const results: FileResult[] = [];
    let added = 0;
    let existing = 0;
    let lastNote = 0;
    for (const [i, f] of files.entries()) {
      let r: FileResult;
      try {
        r = await ingestFile(this.store, f.kind, f.path, { home: this.ctx.home, minAgeMs, dryRun });
      } catch (err) {
        // A store error on one file (disk full, a locked db) is that file's failure, never the whole ingest's.
        r = { path: f.path, source: f.kind, outcome: 'failed', added: 0, existing: 0, error: errorMessage(err) };
      }
      if (r.outcome === 'failed') this.ctx.log(`memory: could not ingest ${f.path}: ${r.error}`);
      results.push(r);
      added += r.added;
      existing += r.existing;
      if (r.outcome === 'ingested' && !dryRun) this.ctx.log(`memory: ingested ${r.path}: ${r.added} new episodes`);
      if (Date.now() - lastNote > 100 || i === files.length - 1) {
        lastNote = Date.now();
        this.ctx.notify(P.MemoryProgressNotification, { phase, done: i + 1, total: files.length, message: path.basename(f.path) });
      }
      // Let queries in between files: a sweep of a large history must not stall the daemon.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (added > 0 && !dryRun) {
      this.worker?.notify();
      this.ctx.notify(P.MemoryChanged, { episodes: added, facts: 0 });
    }
    return { files: results, added, existing, failed: results.filter((r) => r.outcome === 'failed').length, elapsed_ms: round(performance.now() - started), ...(dryRun ? { dry_run: true } : {}) };
  }

  /** Reads config.yaml; an invalid file keeps the last good configuration (and says so in status and the log). */
  private reloadConfig(): MemoryConfig {
    const error = this.config.reload();
    if (error) this.ctx.error(`memory: ${error.oneLine()}`);
    const config = this.config.current;
    const key = JSON.stringify(config);
    if (key !== this.applied) {
      this.applied = key;
      void this.startWorker(config);
    }
    return config;
  }

  private async startWorker(config: MemoryConfig): Promise<void> {
    await this.stopWorker();
    if (this.options.extract === false) return;
    const chain = new ExtractionChain(createProviders(config, { home: this.ctx.home, env: this.env }), this.store, { budget: config.budget });
    const worker = new ExtractionWorker(this.store, chain, { deadlineMs: config.deadlineMs, budget: config.budget });
    this.workerSub = worker.onProgress((e) => {
      if (e.type === 'extracted') this.ctx.notify(P.MemoryChanged, { episodes: 0, facts: e.facts });
      else if (e.type === 'failed' && e.episodeId) this.ctx.log(`memory: extraction failed for episode ${e.episodeId.slice(0, 12)}: ${e.error}`);
    });
    this.worker = worker;
    // Remembered facts waited for a model while there was none.
    if (chain.hasModel) this.store.refinesDueNow();
    worker.start();
    this.ctx.log(`memory: extraction chain ${chain.providers.map((p) => p.name).join(' -> ')}`);
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.workerSub?.dispose();
    await worker?.stop();
  }

  private scheduleSweep(delayMs: number): void {
    const config = this.config.current;
    const off = this.env.SCRY_MEMORY_SWEEP === '0' || this.options.sweep === false || !config.sweep.enabled;
    if (off) return;
    this.sweepTimer = setTimeout(() => {
      this.sweep(false).then(
        () => this.scheduleSweep(this.config.current.sweep.intervalMinutes * 60_000),
        (err: unknown) => {
          this.ctx.error(`memory sweep failed: ${errorMessage(err)}`);
          this.scheduleSweep(this.config.current.sweep.intervalMinutes * 60_000);
        },
      );
    }, delayMs);
    this.sweepTimer.unref();
  }

  private memoryStatus(): P.MemoryStatus {
    const c = this.store.counts();
    const w = this.worker?.status();
    const config = this.config.current;
    return {
      db: memoryDb(this.ctx.home),
      episodes: c.episodes,
      entities: c.entities,
      facts: c.facts,
      current_facts: c.currentFacts,
      sources_tracked: c.cursors,
      queue: { pending: c.pending, done: c.done, failed: c.failed, running: w?.running ?? false, ...(w?.current ? { current: w.current } : {}) },
      providers: (w?.providers ?? []).map((p) => ({
        name: p.name,
        type: p.type,
        successes: p.successes,
        failures: p.failures,
        ...(p.lastError ? { last_error: p.lastError } : {}),
        ...(p.cooldownUntil ? { cooldown_until: p.cooldownUntil } : {}),
        cooling_down: p.coolingDown,
      })),
      budget: w
        ? { day: w.budget.day, episodes: w.budget.episodes, tokens: w.budget.tokens, ...(w.budget.dailyEpisodes !== undefined ? { daily_episodes: w.budget.dailyEpisodes } : {}), ...(w.budget.dailyTokens !== undefined ? { daily_tokens: w.budget.dailyTokens } : {}), over: w.budget.over }
        : { day: new Date().toISOString().slice(0, 10), episodes: 0, tokens: 0, over: false },
      config: { file: this.config.file, ...(this.config.error ? { error: this.config.error.oneLine() } : {}) },
      sweep: { enabled: config.sweep.enabled && this.env.SCRY_MEMORY_SWEEP !== '0' && this.options.sweep !== false, interval_minutes: config.sweep.intervalMinutes, ...(this.lastSweep ? { last_at: this.lastSweep.at, last_added: this.lastSweep.added } : {}), running: this.sweeping !== undefined },
      ...(w?.hint ? { hint: w.hint } : {}),
    };
  }
}

/** A Claude session and its subagent transcripts, each tracked as its own file. */
function expand(files: readonly SourceFile[] | ReadonlyArray<{ kind: DiscoverableSource; path: string }>): Array<{ kind: DiscoverableSource; path: string }> {
  return files.flatMap((f) => [{ kind: f.kind, path: f.path }, ...('subagents' in f && f.subagents ? f.subagents.map((s) => ({ kind: f.kind, path: s })) : [])]);
}

const round = (ms: number): number => Math.round(ms * 100) / 100;
