// The memory domain: transcripts in (ingest, sweep, hooks), episodes,
// entities and facts out, through a durable extraction queue drained inside
// the daemon. Its database is $SCRY_HOME/memory/memory.db, written only here.
// It knows nothing of sockets, clients or the code index. This file is the
// wiring: the handler table, and which part owns what (Ingestor: files in;
// ExtractionSupervisor: the worker; SweepTimer; memoryStatus: the projection).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { handler, type Domain, type DomainContext } from '../domain';
import { InvalidParamsError } from '../errors';
import * as P from '../protocol';
import type { CodeLookup, MemoryNotes } from '../protocol/anchors';
import { Anchorer, notesAbout, notesAboutFile, whyNow } from './anchors';
import { configFile, MemoryConfigLoader, type MemoryConfig } from './config';
import { EditorStorageList } from './editor-storage';
import { episodeText, episodesOf } from './episodes';
import { graph } from './graph';
import { Ingestor } from './ingestor';
import { factsOfEntity, forget, invalidateFact, listEntities } from './inspect';
import { orientWithCode } from './orient';
import { shortestPath } from './path';
import { recall } from './recall';
import { remember } from './remember';
import { QueryRewriter } from './rewrite';
import { SOURCES, type ForeignOpener, type SourceSet } from './sources';
import { memoryStatus } from './status';
import { MemoryStore } from './store';
import { ExtractionSupervisor } from './supervisor';
import { SweepTimer } from './sweep-timer';

export interface MemoryDomainOptions {
  /** Where default sources hang off (~/.claude, ~/.codex); tests pass a temp dir. */
  userHome?: string;
  /** Run the sweep timer (SCRY_MEMORY_SWEEP=0 turns it off too). */
  sweep?: boolean;
  /** Run the extraction worker (tests of the write path alone turn it off). */
  extract?: boolean;
  /** The transcript formats read: the registry (sources/), unless a test adds one. */
  sources?: SourceSet;
  env?: NodeJS.ProcessEnv;
  /** The code index's lookup (protocol/anchors.ts), handed over by the daemon; without it nothing is anchored. */
  code?: () => CodeLookup | undefined;
  /** The repos the code index holds, handed over by the daemon (Aider's histories live in them). */
  repos?: () => readonly string[];
  /** How other agents' databases are opened (read-only, once per sweep); a test counts the opens through its own. */
  openForeign?: ForeignOpener;
}

export const memoryDir = (home: string): string => path.join(home, 'memory');
export const memoryDb = (home: string): string => path.join(memoryDir(home), 'memory.db');

export function createMemoryDomain(options: MemoryDomainOptions = {}): (ctx: DomainContext) => MemoryDomain {
  return (ctx) => new MemoryDomain(ctx, options);
}

export class MemoryDomain implements Domain {
  readonly name = 'memory';
  readonly notifications = [P.MemoryProgressNotification, P.MemoryChanged];
  readonly methods;
  readonly store: MemoryStore;
  private readonly config: MemoryConfigLoader;
  private readonly ingestor: Ingestor;
  private readonly supervisor: ExtractionSupervisor;
  private readonly sweepTimer: SweepTimer;
  private readonly rewriter: QueryRewriter;
  readonly anchorer: Anchorer;
  /** What code answers may ask of memory (protocol/anchors.ts); the daemon hands it to the code domain. */
  readonly notes: MemoryNotes;
  private readonly env: NodeJS.ProcessEnv;

  constructor(
    private readonly ctx: DomainContext,
    private readonly options: MemoryDomainOptions,
  ) {
    this.env = options.env ?? process.env;
    fs.mkdirSync(memoryDir(ctx.home), { recursive: true, mode: 0o700 });
    this.store = new MemoryStore(memoryDb(ctx.home));
    this.config = new MemoryConfigLoader(configFile(ctx.home));
    // Read before the socket serves, so no answer (status above all) reflects defaults the file may turn off.
    this.config.reload();
    this.rewriter = new QueryRewriter(this.store, { home: ctx.home, env: this.env }, () => (this.config.changed() ? this.reloadConfig() : this.config.current));
    this.anchorer = new Anchorer(this.store, options.code ?? (() => undefined), (l) => ctx.log(l));
    this.notes = {
      about: (repo, name, limit) => notesAbout(this.store, options.code?.(), repo, name, limit),
      aboutFile: (repo, file, limit) => notesAboutFile(this.store, options.code?.(), repo, file, limit),
    };
    const editors = new EditorStorageList(path.join(memoryDir(ctx.home), 'editor-storage.json'), (l) => ctx.log(l));
    this.supervisor = new ExtractionSupervisor(ctx, this.store, { enabled: options.extract !== false, env: this.env });
    this.ingestor = new Ingestor(ctx, this.store, {
      sources: options.sources ?? SOURCES,
      userHome: options.userHome,
      env: this.env,
      config: () => this.reloadConfig(),
      extractAtIngest: options.extract !== false,
      repos: options.repos,
      openForeign: options.openForeign,
      editorStorage: () => editors.all(),
      added: (episodes) => {
        this.supervisor.notify();
        this.anchorer.wake();
        ctx.notify(P.MemoryChanged, { episodes, facts: 0 });
      },
    });
    this.sweepTimer = new SweepTimer(
      ctx,
      () => this.ingestor.sweep(false),
      () => ({ enabled: this.sweepEnabled(), intervalMinutes: this.config.current.sweep.intervalMinutes }),
    );
    const changed = (episodes: number, facts: number): void => ctx.notify(P.MemoryChanged, { episodes, facts });
    this.methods = [
      handler(P.MemoryEditorStorage, (p) => {
        editors.add(p.user_dir, p.workspace_dir);
        const config = this.reloadConfig();
        const roots = Object.fromEntries(
          ['copilot', 'cline', 'roo']
            .filter((id) => Object.hasOwn(this.ingestor.sources, id))
            .map((id) => [id, this.ingestor.rootsOf(this.ingestor.source(id), config)]),
        );
        // The chats there are read now when sweeps are on, not at the next tick.
        if (this.sweepEnabled())
          void this.ingestor.sweep(false).catch((err: unknown) => ctx.error(`memory: sweep after an editor's report failed: ${String(err)}`));
        return { known: editors.all().length, roots };
      }),
      handler(P.MemoryIngest, (p) => this.ingestor.ingest(p.source, p.path)),
      handler(P.MemorySweep, (p) => this.ingestor.sweep(p.dry_run ?? false)),
      handler(P.MemoryRetry, async () => {
        const requeued = this.store.retryFailed();
        this.supervisor.notify();
        return { requeued };
      }),
      handler(P.MemoryStatusMethod, () => this.memoryStatus()),
      handler(P.MemoryRecall, async (p) => recall(this.store, p, new Date(), options.code?.(), await this.rewriter.rewrite(p.query))),
      handler(P.MemoryEpisodes, (p) => episodesOf(this.store, p, options.code?.())),
      handler(P.MemoryEpisode, (p) => episodeText(this.store, p, options.code?.())),
      handler(P.MemoryPath, (p) => shortestPath(this.store, p)),
      handler(P.MemoryRemember, (p) => {
        const hasModel = this.config.current.providers.some((x) => x.type !== 'offline');
        const r = remember(this.store, p, { hasModel });
        if (r.created) {
          // The refine is the worker's only when a model can do it; waking it for nothing costs an idle pass.
          if (hasModel) this.supervisor.notify();
          this.anchorer.wake();
          ctx.notify(P.MemoryChanged, { episodes: 1, facts: r.facts.length, entities: r.entities.map((e) => e.id) });
        }
        return r;
      }),
      handler(P.MemoryEntities, (p) => listEntities(this.store, p)),
      handler(P.MemoryFacts, (p) => factsOfEntity(this.store, p)),
      handler(P.MemoryInvalidate, (p) => {
        const r = invalidateFact(this.store, p);
        if (r.changed) changed(0, 1);
        return r;
      }),
      handler(P.MemoryForget, (p) => {
        const r = forget(this.store, p);
        changed(r.episodes, r.facts);
        return r;
      }),
      handler(P.MemoryGraph, (p) => graph(this.store, p)),
      handler(P.MemoryOrient, (p) => {
        // The hook's off switch is read here, so the hook itself never parses config.yaml.
        if (p.hook && !this.reloadConfig().hooks.sessionStart) return { text: '', tokens: 0, budget: p.budget ?? 0, omitted: 0, elapsed_ms: 0 };
        if (p.cwd === undefined) throw new InvalidParamsError('memory/orient needs cwd: the directory the session starts in');
        return orientWithCode(this.store, { cwd: p.cwd, budget: p.budget }, options.code?.());
      }),
      handler(P.MemoryQueueFile, (p) => this.queueFile(p)),
      handler(P.MemoryWhy, (p) => whyNow(this.store, this.anchorer, options.code?.(), p)),
    ];
  }

  restore(): void {
    this.reloadConfig();
    this.sweepTimer.start();
    this.anchorer.wake();
    // Transcripts SessionEnd hooks handed over while no daemon ran wait in the inbox until the hook is on.
    setImmediate(() => void (this.config.current.hooks.sessionEnd ? this.ingestor.takeInbox() : undefined));
  }

  status(): { memory: P.MemoryStatus } {
    return { memory: this.memoryStatus() };
  }

  async dispose(): Promise<void> {
    this.sweepTimer.stop();
    await this.ingestor.dispose();
    await this.supervisor.stop();
    await this.anchorer.stop();
    this.store.close();
  }

  /** Ingests one file, or every source of that kind under a folder. */
  ingest(source: string, input: string): Promise<P.IngestResult> {
    return this.ingestor.ingest(source, input);
  }

  /** Every registered source under its roots. */
  sweep(dryRun: boolean): Promise<P.SweepResult> {
    return this.ingestor.sweep(dryRun);
  }

  /** A SessionEnd hook's transcript (by source id, or by the agent whose hook it is). */
  private queueFile(p: P.QueueFileParams): P.QueueFileResult {
    if (p.hook && !this.reloadConfig().hooks.sessionEnd) return { queued: false, reason: 'hooks.session_end is off in config.yaml' };
    const source = p.source !== undefined ? this.ingestor.source(p.source) : this.ingestor.sourceOfAgent(p.agent ?? '');
    if (!source)
      throw new InvalidParamsError(p.agent !== undefined ? `no memory source reads ${p.agent}'s transcripts` : 'memory/queue-file needs source or agent');
    return this.ingestor.queueFile(source, p.path);
  }

  /** Reads config.yaml; an invalid file keeps the last good configuration (and says so in status and the log). */
  private reloadConfig(): MemoryConfig {
    const error = this.config.reload();
    if (error) this.ctx.error(`memory: ${error.oneLine()}`);
    this.supervisor.apply(this.config.current);
    return this.config.current;
  }

  private sweepEnabled(): boolean {
    return this.config.current.sweep.enabled && this.env.SCRY_MEMORY_SWEEP !== '0' && this.options.sweep !== false;
  }

  private memoryStatus(): P.MemoryStatus {
    const config = this.config.current;
    return memoryStatus({
      dbFile: memoryDb(this.ctx.home),
      store: this.store,
      supervisor: this.supervisor,
      config,
      configState: {
        file: this.config.file,
        ...(this.config.error ? { error: this.config.error.oneLine() } : {}),
        ...(this.config.fallback ? { using: this.config.fallback } : {}),
      },
      sweep: { enabled: this.sweepEnabled(), running: this.ingestor.sweepRunning, ...(this.ingestor.lastSweep ? { last: this.ingestor.lastSweep } : {}) },
      sources: Object.values(this.options.sources ?? SOURCES).map((source) => ({
        source,
        roots: this.ingestor.rootsOf(source, config),
        stores: this.ingestor.storesOf(source, config),
      })),
      seen: { found: this.ingestor.found, failures: this.ingestor.failures },
    });
  }
}
