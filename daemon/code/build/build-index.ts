// One build of one repo: each detected language's indexer run in turn (its
// output decoded while it is still being written, run-indexer.ts), or its
// syntactic reader, or an imported .scip file, all stored into index.db.next.
// The caller swaps it in.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ScipDecodeError, ScryError } from '../../errors';
import type { IndexerReport, ProgressEvent } from '../../protocol';
import { plural, pluralNoun } from '../../protocol/plural';
import type { PrepareContext, Prepared } from '../indexers/plan';
import { indexerOf, isIndexedLanguage, type Indexer } from '../indexers/registry';
import { detectLanguages, LANGUAGE_IDS, languageById, type LanguageId } from '../languages';
import { decodeScip } from '../scip/decode';
import { checkImportComplete } from '../indexers/complete';
import { readerOf } from '../readers';
import { IngestSession, type IngestResult } from '../store/ingest';
import { indexSyntactically } from '../syntactic';
import { Companion } from '../syntactic/beside';
import { LocalFunctionReader } from '../syntactic/local-functions';
import { runIndexer } from './run-indexer';

export interface BuildOptions {
  repo: string;
  /** The repo's folder under SCRY_HOME/repos. */
  workDir: string;
  nodePath: string;
  /** SCRY_HOME, where downloaded indexers live. */
  home: string;
  env?: NodeJS.ProcessEnv;
  /** Import this prebuilt .scip file instead of running indexers. */
  scipFile?: string;
  /**
   * The first index of a repo that has none: every language with a
   * tree-sitter reader read syntactically, no precise indexer run, so the repo
   * answers in seconds; the precise build follows and is swapped in.
   */
  syntacticFirst?: boolean;
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

export async function buildIndex(options: BuildOptions): Promise<BuildOutcome> {
  const started = performance.now();
  const { repo, workDir } = options;
  fs.mkdirSync(workDir, { recursive: true, mode: 0o700 });
  const nextPath = path.join(workDir, 'index.db.next');
  const session = new IngestSession(nextPath, repo);
  const indexers: IndexerReport[] = [];
  let languages: string[] = [];
  try {
    const failures: ScryError[] = [];
    if (options.scipFile) {
      session.useLocalFunctions(await LocalFunctionReader.load());
      indexers.push(withSkipped(importScip(options.scipFile, repo, session), session.skipped, options.log));
    } else if (options.syntacticFirst) {
      const detected = detectLanguages(repo);
      languages = detected.map((d) => d.language);
      indexers.push(
        ...(await indexFirst(
          detected.map((d) => d.language),
          options,
          session,
        )),
      );
    } else {
      const detected = detectLanguages(repo);
      languages = detected.map((d) => d.language);
      if (detected.length === 0) {
        indexers.push({ language: 'none', indexer: 'none', status: 'skipped', file_count: 0, duration_ms: 0, error: `no ${namesOfLanguages()} files found` });
      }
      const ctx: PrepareContext = { repo, workDir, home: options.home, nodePath: options.nodePath, env: options.env ?? process.env, signal: options.signal };
      // One language after another: indexers are memory-hungry, and a failing one only makes the build partial.
      for (const { language, files } of detected) {
        const declared = languageById(language);
        const indexer = indexerOf(language);
        const reader = readerOf(language);
        // A first-index reader is not this build's: the precise indexer alone answers for its language.
        const syntactic = reader?.firstIndexOnly ? undefined : reader;
        let companion: Companion | undefined;
        const skippedBefore = session.skipped.length;
        if (indexer) {
          const prepared = await prepare(language, indexer, ctx);
          let report: IndexerReport;
          if ('report' in prepared) report = prepared.report;
          else {
            // The syntactic reader's part beside the precise indexer: extents (scip-go, scip-php give none), Laravel's edges.
            companion = syntactic ? await Companion.read(repo, language, syntactic, options.signal) : undefined;
            const ready = language === 'typescript' ? LocalFunctionReader.load().then((reader) => session.useLocalFunctions(reader)) : undefined;
            const run = await runIndexer(prepared.plan, options, session, files, companion, ready);
            report = run.report;
            if (run.error && !syntactic) failures.push(run.error);
          }
          indexers.push(withSkipped(report, session.skipped.slice(skippedBefore), options.log));
          if (report.status === 'ok') {
            const leftOut = companion?.writeLeftOut(session);
            if (leftOut) indexers.push(leftOut.report);
            continue;
          }
          // Without its precise indexer a language with a grammar is still indexed, syntactically.
          if (!syntactic) continue;
        }
        if (syntactic) {
          const name = syntactic.name;
          options.onProgress?.({ phase: 'indexing', message: `running ${name}` });
          const run =
            companion?.writeAll(session) ??
            (await indexSyntactically({
              repo,
              language,
              reader: syntactic,
              session,
              signal: options.signal,
              onProgress: (message) => options.onProgress?.({ phase: 'indexing', message }),
            }));
          indexers.push(run.report);
          for (const s of run.skipped) options.log?.(`${name}: skipped '${s.file}': ${s.reason}`);
          continue;
        }
        // Detected, and read by nothing of Scry's: never another language's indexer (one extension, one language).
        indexers.push({
          language,
          indexer: 'none',
          status: 'skipped',
          file_count: 0,
          duration_ms: 0,
          error: `Scry has no indexer for ${declared.displayName}: its ${plural(files, 'file')} ${pluralNoun(files, 'is', 'are')} not indexed`,
          remedy: declared.remedy ?? `Index it with a SCIP indexer for ${declared.displayName} and import its output with scry index --scip FILE`,
        });
      }
    }
    const ok = indexers.filter((r) => r.status === 'ok').length;
    const served = new Set(indexers.filter((r) => r.status === 'ok').map((r) => r.language));
    const broken = indexers.filter((r) => r.status !== 'ok' && r.language !== 'none' && !served.has(r.language)).length;
    // Nothing succeeded: keep serving the previous index rather than an empty one.
    if (ok === 0 && failures[0]) throw failures[0];
    const ingest = session.finish({
      repo,
      indexers: JSON.stringify(indexers),
      languages: JSON.stringify(languages),
      status: ok === 0 ? 'empty' : broken > 0 ? 'partial' : 'ready',
      build_ms: String(Math.round(performance.now() - started)),
      ...(options.syntacticFirst ? { first_index: 'syntactic' } : {}),
    });
    for (const w of ingest.warnings) options.log?.(`warning: ${w}`);
    return { nextPath, ingest, indexers, durationMs: performance.now() - started };
  } catch (err) {
    session.abort();
    throw err;
  }
}

/** The first index: each language's tree-sitter reader; a language without one waits for its precise indexer, and says so. */
async function indexFirst(languages: LanguageId[], options: BuildOptions, session: IngestSession): Promise<IndexerReport[]> {
  const reports: IndexerReport[] = [];
  for (const language of languages) {
    const reader = readerOf(language);
    if (!reader) {
      const indexer = indexerOf(language);
      reports.push({
        language,
        indexer: indexer?.name ?? 'none',
        status: 'skipped',
        file_count: 0,
        duration_ms: 0,
        error: `${languageById(language).displayName} has no syntactic reader: its files answer once ${indexer?.name ?? 'an indexer'} has run`,
      });
      continue;
    }
    options.onProgress?.({ phase: 'indexing', message: `running ${reader.name} (first index)` });
    const run = await indexSyntactically({ repo: options.repo, language, reader, session, signal: options.signal });
    reports.push(run.report);
    for (const s of run.skipped) options.log?.(`${reader.name}: skipped '${s.file}': ${s.reason}`);
  }
  return reports;
}

/** A report naming the documents the ingest left out of this indexer's output (links out of the repo, binary files), each logged. */
function withSkipped(report: IndexerReport, skipped: ReadonlyArray<{ file: string; reason: string }>, log?: (line: string) => void): IndexerReport {
  if (skipped.length === 0) return report;
  for (const s of skipped) log?.(`${report.indexer}: skipped '${s.file}': ${s.reason}`);
  const lines = [...(report.skipped_files ?? []), ...skipped.map((s) => `${s.file}: ${s.reason}`)];
  return { ...report, skipped_files: lines.slice(0, 50) };
}

function importScip(file: string, repo: string, session: IngestSession): IndexerReport {
  const started = performance.now();
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    throw new ScipDecodeError(file, (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(err));
  }
  // decodeScip rejects an empty, truncated or document-less file, naming it;
  // a file cut at a document boundary decodes, and is caught by what it lacks
  // against the files its indexer was given, where those can be known.
  const index = decodeScip(bytes, file);
  checkImportComplete(index, file, repo);
  session.addIndex(index);
  return {
    language: 'scip',
    indexer: `import ${path.basename(file)}`,
    status: 'ok',
    file_count: session.documentCount,
    duration_ms: Math.round(performance.now() - started),
  };
}

/** "TypeScript/JavaScript, Python or Go": the languages Scry indexes. */
function namesOfLanguages(): string {
  const names = LANGUAGE_IDS.filter(isIndexedLanguage).map((id) => languageById(id).displayName);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
}

async function prepare(language: LanguageId, indexer: Indexer, ctx: PrepareContext): Promise<Prepared> {
  try {
    return await indexer.prepare(ctx);
  } catch (err) {
    if (!(err instanceof ScryError)) throw err;
    return { report: { language, indexer: indexer.name, status: 'missing', file_count: 0, duration_ms: 0, error: err.message, remedy: err.remedy } };
  }
}
