// The syntactic indexer: every file of one language parsed with tree-sitter,
// read into facts (the language's reader), resolved across files, and written
// through the same ingest as SCIP output. Files it cannot read are skipped
// with a reason; one bad file never fails the language.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IndexerReport } from '../../protocol';
import { grammarOfLanguageFile, type LanguageId } from '../languages';
import { parseWithin } from './parser';
import { outsideTarget } from '../roots';
import type { IngestSession } from '../store/ingest';
import { toDocument } from './emit';
import type { FileFacts } from './facts';
import { filesOf } from './files';
import type { SyntacticReader } from './reader';
import { Resolver } from './resolve';
import { screen } from './screen';
import { errorMessage } from '../../errors';

export { screen, MAX_FILE_BYTES } from './screen';

/** Per file: a parse that takes longer is abandoned and the file skipped. */
export const PARSE_BUDGET_MS = 5_000;

export interface SyntacticOptions {
  repo: string;
  language: LanguageId;
  /** The language's reader (readers/). */
  reader: SyntacticReader;
  session: IngestSession;
  /** Only these repo-relative files (default: every file of the language). */
  files?: string[];
  signal?: AbortSignal;
  onProgress?: (message: string) => void;
}

export interface SkippedFile {
  file: string;
  reason: string;
}

export interface SyntacticResult {
  report: IndexerReport;
  skipped: SkippedFile[];
  /** The languages its documents are recorded as (PHP's Blade templates as 'blade'). */
  languages: string[];
}

export async function indexSyntactically(options: SyntacticOptions): Promise<SyntacticResult> {
  const started = performance.now();
  const read = await readSyntactically(options.repo, options.language, options.reader, options);
  return writeSyntactically(read, options.session, { started, onProgress: options.onProgress });
}

/** Every file of a language read into facts, with the resolver over them: what writing documents needs. */
export interface ReadSet {
  language: LanguageId;
  reader: SyntacticReader;
  read: Array<{ facts: FileFacts; text: string }>;
  skipped: SkippedFile[];
  resolver: Resolver;
}

export async function readSyntactically(
  repo: string,
  language: LanguageId,
  reader: SyntacticReader,
  options: { files?: string[]; signal?: AbortSignal } = {},
): Promise<ReadSet> {
  const files = options.files ?? filesOf(repo, language, reader.ignored);
  const skipped: SkippedFile[] = [];
  const read: Array<{ facts: FileFacts; text: string }> = [];
  for (const file of files) {
    options.signal?.throwIfAborted();
    const r = await readFacts(repo, file, language, reader);
    if ('skip' in r) skipped.push({ file, reason: r.skip });
    else read.push(r);
  }
  const context: FileFacts[] = [];
  for (const file of reader.resolutionFiles?.(repo) ?? []) {
    const r = await readFacts(repo, file, language, reader);
    if ('facts' in r) context.push(r.facts);
  }
  const resolver = new Resolver([...read.map((r) => r.facts), ...context], { foldCase: reader.foldCase ?? false, builtins: reader.builtins });
  return { language, reader, read, skipped, resolver };
}

/** Writes a read set's documents; `only` keeps some files (those a precise indexer left out). */
export function writeSyntactically(
  set: ReadSet,
  session: IngestSession,
  options: { started?: number; only?: (file: string) => boolean; onProgress?: (message: string) => void } = {},
): SyntacticResult {
  const started = options.started ?? performance.now();
  const { language, reader } = set;
  const read = options.only ? set.read.filter((r) => options.only!(r.facts.path)) : set.read;
  options.onProgress?.(`${reader.name}: resolving ${read.length} files`);
  const before = session.documentCount;
  for (const { facts, text } of read) session.addDocument(toDocument(facts, text, set.resolver, language), { syntactic: true });
  const skipped = options.only ? set.skipped.filter((s) => options.only!(s.file)) : set.skipped;
  const report: IndexerReport = {
    language,
    indexer: reader.name,
    status: 'ok',
    file_count: session.documentCount - before,
    duration_ms: Math.round(performance.now() - started),
    ...(skipped.length > 0 ? { skipped_files: skipped.slice(0, 50).map((s) => `${s.file}: ${s.reason}`) } : {}),
  };
  return { report, skipped, languages: [...new Set(read.map((r) => r.facts.language))] };
}

/** One file's facts as this language's reader reads it (a C++ project's `.h` with the C++ grammar), or why it was skipped. Never throws for a bad file. */
export async function readFacts(
  repo: string,
  file: string,
  language: LanguageId,
  reader: SyntacticReader,
): Promise<{ facts: FileFacts; text: string } | { skip: string }> {
  const outside = outsideTarget(repo, file);
  if (outside !== undefined) return { skip: `links outside the repository (to '${outside}')` };
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.join(repo, file));
  } catch (err) {
    return { skip: `could not be read (${(err as NodeJS.ErrnoException).code ?? String(err)})` };
  }
  const screened = screen(bytes);
  if ('skip' in screened) return screened;
  const { text } = screened;
  try {
    const fromText = reader.textFacts?.(file, text);
    if (fromText) return { facts: fromText, text };
    const grammar = grammarOfLanguageFile(language, file);
    if (!grammar) return { skip: 'no grammar reads it' };
    const tree = await parseWithin(grammar, reader.parsedText?.(text) ?? text, PARSE_BUDGET_MS);
    if (!tree) return { skip: `parsing took longer than ${PARSE_BUDGET_MS / 1000} s` };
    try {
      return { facts: reader.facts(tree.rootNode, file, repo), text };
    } finally {
      tree.delete();
    }
  } catch (err) {
    // A tree nested deeper than the stack allows, or a reader bug: this file only.
    return { skip: `could not be indexed (${errorMessage(err)})` };
  }
}
