// Transcripts in: `memory ingest` (a file or a folder of one kind), the sweep
// of every registered source's roots, and files a SessionEnd hook hands over
// (answered at once, ingested in the background). Each file goes through
// ingestFile; progress goes out as notifications, and a failure is that
// file's alone.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DomainContext } from '../domain';
import { errorMessage, InvalidParamsError } from '../errors';
import * as P from '../protocol';
import type { MemoryConfig } from './config';
import { drainInbox, inboxFile } from '../inbox';
import { ingestFile, type FileResult } from './ingest';
import {
  discoverIn,
  ForeignReads,
  sourceHome,
  type EditorStorage,
  type ForeignOpener,
  type SourceFile,
  type SourceHome,
  type SourceSet,
  type TranscriptSource,
} from './sources';
import type { MemoryStore } from './store';

export interface IngestorOptions {
  sources: SourceSet;
  /** Where default roots hang off (~/.claude, ~/.codex); tests pass a temp dir. */
  userHome?: string;
  env: NodeJS.ProcessEnv;
  /** The configuration now, read again from config.yaml. */
  config(): MemoryConfig;
  /** New episodes are waiting for extraction. */
  added(count: number): void;
  /** Extract new episodes offline as they are ingested (off only for tests of the write path alone). */
  extractAtIngest: boolean;
  /** The repos the code index holds (sources that live in repos, like Aider's history, are found there). */
  repos?: () => readonly string[];
  /** Storage reported by the editors running Scry's extension. */
  editorStorage?: () => readonly EditorStorage[];
  /** How other agents' databases are opened (read-only); a test counts the opens through its own. */
  openForeign?: ForeignOpener;
}

interface Pending {
  source: TranscriptSource;
  path: string;
}

export class Ingestor {
  private sweeping: Promise<P.SweepResult> | undefined;
  private pending: Pending[] = [];
  private draining: Promise<void> | undefined;
  lastSweep: { at: string; added: number } | undefined;
  /** Per source: the sessions the last sweep found. */
  readonly found = new Map<string, number>();
  /** Sources whose latest read failed, by path: cleared when a later read succeeds. */
  readonly failures = new Map<string, { source: string; error: string; expected?: string }>();

  constructor(
    private readonly ctx: DomainContext,
    private readonly store: MemoryStore,
    private readonly options: IngestorOptions,
  ) {}

  get sweepRunning(): boolean {
    return this.sweeping !== undefined;
  }

  /** The sources this daemon reads. */
  get sources(): SourceSet {
    return this.options.sources;
  }

  /** A registered source by id, or an error that names the ones this daemon reads. */
  source(id: string): TranscriptSource {
    const s = Object.hasOwn(this.options.sources, id) ? this.options.sources[id] : undefined;
    if (!s) throw new InvalidParamsError(`unknown memory source '${id}': this daemon reads ${Object.keys(this.options.sources).join(', ')}`);
    return s;
  }

  /** The source whose transcripts an agent's SessionEnd hook hands over. */
  sourceOfAgent(agent: string): TranscriptSource | undefined {
    return Object.values(this.options.sources).find((s) => s.sessionEnd === agent);
  }

  /** Where default roots hang off for this daemon. */
  private where(): SourceHome {
    return {
      ...sourceHome({ home: this.options.userHome, env: { ...this.options.env, SCRY_HOME: this.ctx.home } }),
      repos: this.options.repos,
      editorStorage: this.options.editorStorage,
    };
  }

  /** Roots a sweep searches for one source: the ones config.yaml names, else its defaults. */
  rootsOf(source: TranscriptSource, config: MemoryConfig): string[] {
    const home = this.where();
    const given = config.sources[source.configKey] ?? [];
    if (given.length > 0) return given.map((p) => path.resolve(p.replace(/^~(?=$|\/)/, home.home)));
    return source.defaultRoots(home);
  }

  /** The roots that exist on this machine: the stores a sweep reads. */
  storesOf(source: TranscriptSource, config: MemoryConfig): string[] {
    return this.rootsOf(source, config).filter((r) => fs.existsSync(r));
  }

  /** Ingests one file, or every source of that kind under a folder. */
  ingest(id: string, input: string): Promise<P.IngestResult> {
    const source = this.source(id);
    this.options.config();
    const resolved = path.resolve(input);
    if (!fs.existsSync(resolved)) throw new InvalidParamsError(`memory source '${input}' does not exist`);
    // A database holding many sessions (a source with stamps) is searched like a folder.
    const search = fs.statSync(resolved).isDirectory() ? !source.isSource?.(resolved) : source.stamp !== undefined;
    return this.withReads((reads) => {
      const files = search ? discoverIn(source, resolved, this.where(), reads) : [{ kind: source.id, path: resolved }];
      return this.ingestAll(this.expand(files), 'ingest', false, undefined, reads);
    });
  }

  /** Runs `work` with one set of foreign reads (each database opened once), closed when it settles. */
  private async withReads<T>(work: (reads: ForeignReads) => Promise<T>): Promise<T> {
    const reads = new ForeignReads(this.options.openForeign);
    try {
      return await work(reads);
    } finally {
      reads.dispose();
    }
  }

  /** Every registered source under its roots. Files modified in the last minutes wait. */
  sweep(dryRun: boolean): Promise<P.SweepResult> {
    if (this.sweeping) return this.sweeping;
    const run = this.runSweep(dryRun).finally(() => {
      this.sweeping = undefined;
    });
    this.sweeping = run;
    return run;
  }

  private runSweep(dryRun: boolean): Promise<P.SweepResult> {
    return this.withReads((reads) => this.sweepWith(reads, dryRun));
  }

  private async sweepWith(reads: ForeignReads, dryRun: boolean): Promise<P.SweepResult> {
    const started = performance.now();
    const config = this.options.config();
    const minAgeMs = config.sweep.minAgeMinutes * 60_000;
    const sources: P.SweepResult['sources'] = [];
    const failed: P.SweepResult['failed'] = [];
    let added = 0;
    for (const source of Object.values(this.options.sources)) {
      const roots = this.rootsOf(source, config);
      const files = this.expand(roots.flatMap((root) => discoverIn(source, root, this.where(), reads)));
      const r = await this.ingestAll(files, 'sweep', dryRun, minAgeMs, reads);
      const count = (o: FileResult['outcome']): number => r.files.filter((f) => f.outcome === o).length;
      if (!dryRun) {
        this.found.set(source.id, files.length);
        // A failure whose path the sweep no longer finds (a database now listed session by session, a deleted file) is over.
        const now = new Set(files.map((f) => f.path));
        for (const [p, f] of this.failures) if (f.source === source.id && !now.has(p)) this.failures.delete(p);
      }
      sources.push({
        source: source.id,
        roots,
        stores: roots.filter((r) => fs.existsSync(r)),
        files: files.length,
        ingested: count('ingested'),
        unchanged: count('unchanged') + count('too-short') + count('extractor'),
        too_recent: count('too-recent'),
        failed: count('failed'),
        added: r.added,
      });
      for (const f of r.files)
        if (f.outcome === 'failed') failed.push({ path: f.path, error: f.error ?? 'failed', ...(f.expected ? { expected: f.expected } : {}) });
      added += r.added;
    }
    if (!dryRun) this.lastSweep = { at: new Date().toISOString(), added };
    this.ctx.log(`memory sweep${dryRun ? ' (dry run)' : ''}: ${added} new episodes, ${failed.length} failed, in ${Math.round(performance.now() - started)} ms`);
    return { sources, added, failed, elapsed_ms: round(performance.now() - started), dry_run: dryRun };
  }

  /** A SessionEnd hook's transcript: answered at once, ingested in the background. */
  queueFile(source: TranscriptSource, file: string): P.QueueFileResult {
    const resolved = path.resolve(file);
    if (!fs.existsSync(resolved)) return { queued: false, reason: `'${file}' does not exist` };
    this.pending.push({ source, path: resolved });
    this.draining ??= this.ingestPending().finally(() => {
      this.draining = undefined;
    });
    return { queued: true };
  }

  private async ingestPending(): Promise<void> {
    // Let the hook's answer go out first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0);
      try {
        await this.withReads((reads) =>
          this.ingestAll(
            this.expand(batch.map((f) => ({ kind: f.source.id, ...(f.source.single?.(f.path) ?? { path: f.path }) }))),
            'ingest',
            false,
            undefined,
            reads,
          ),
        );
      } catch (err) {
        this.ctx.error(`memory: could not ingest a handed-over transcript: ${errorMessage(err)}`);
      }
    }
  }

  /** Transcripts SessionEnd hooks handed over while no daemon ran. */
  async takeInbox(): Promise<void> {
    const entries = drainInbox(inboxFile(this.ctx.home), (line) => this.ctx.log(`memory inbox: ${line}`));
    for (const e of entries) {
      const source =
        e.source !== undefined
          ? Object.hasOwn(this.options.sources, e.source)
            ? this.options.sources[e.source]
            : undefined
          : this.sourceOfAgent(e.agent ?? '');
      if (source) this.queueFile(source, e.path);
      else this.ctx.log(`memory inbox: skipped ${e.path}: no source reads ${e.source ?? `${e.agent}'s transcripts`}`);
    }
    await this.draining;
  }

  async dispose(): Promise<void> {
    await this.sweeping?.catch(() => undefined);
    await this.draining?.catch(() => undefined);
  }

  /** A source and what belongs to it (a Claude session's subagents), each tracked as its own file. */
  private expand(files: readonly SourceFile[]): Array<{ source: TranscriptSource; path: string }> {
    return files.flatMap((f) => {
      const source = this.source(f.kind);
      return [{ source, path: f.path }, ...(f.subagents ?? []).map((s) => ({ source, path: s }))];
    });
  }

  private async ingestAll(
    files: Array<{ source: TranscriptSource; path: string }>,
    phase: 'ingest' | 'sweep',
    dryRun: boolean,
    minAgeMs: number | undefined,
    reads: ForeignReads,
  ): Promise<P.IngestResult> {
    const started = performance.now();
    const results: FileResult[] = [];
    let added = 0;
    let existing = 0;
    let lastNote = 0;
    // A model in the chain refines what the offline extractor read at ingest.
    const extract = this.options.extractAtIngest ? { refine: this.options.config().providers.some((p) => p.type !== 'offline') } : undefined;
    for (const [i, f] of files.entries()) {
      let r: FileResult;
      try {
        r = await ingestFile(this.store, f.source, f.path, { home: this.ctx.home, minAgeMs, dryRun, reads, ...(extract ? { extract } : {}) });
      } catch (err) {
        // A store error on one file (disk full, a locked db) is that file's failure, never the whole ingest's.
        r = { path: f.path, source: f.source.id, outcome: 'failed', added: 0, existing: 0, error: errorMessage(err) };
      }
      if (r.outcome === 'failed') {
        this.ctx.log(`memory: could not ingest ${f.path}: ${r.error}`);
        if (!dryRun) this.failures.set(r.path, { source: r.source, error: r.error ?? 'failed', ...(r.expected ? { expected: r.expected } : {}) });
      } else if (r.outcome !== 'too-recent' && !dryRun) this.failures.delete(r.path);
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
    if (added > 0 && !dryRun) this.options.added(added);
    return {
      files: results,
      added,
      existing,
      failed: results.filter((r) => r.outcome === 'failed').length,
      elapsed_ms: round(performance.now() - started),
      ...(dryRun ? { dry_run: true } : {}),
    };
  }
}

const round = (ms: number): number => Math.round(ms * 100) / 100;
