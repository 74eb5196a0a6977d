// Which precise indexer reads each language, and what follows from it with
// the readers: whether Scry indexes a language or a file at all, and which
// processes are its indexers (so a restarted daemon kills only its own orphans).
import { grammarOfFile, LANGUAGE_IDS, languageOfFile, type LanguageId } from '../languages';
import { readerOf } from '../readers';
import { GO_INDEXER, prepareGo } from './go';
import { PHP_INDEXER, preparePhp } from './php';
import type { PrepareContext, Prepared } from './plan';
import { preparePython, PY_INDEXER } from './python';
import { prepareTypescript, TS_INDEXER } from './typescript';

export interface Indexer {
  readonly name: string;
  /** Substrings of the indexer process's command line, so a restarted daemon kills only its own orphans. */
  readonly processNames: readonly string[];
  prepare(ctx: PrepareContext): Prepared | Promise<Prepared>;
}

const INDEXERS: { readonly [L in LanguageId]?: Indexer } = {
  typescript: { name: TS_INDEXER, processNames: [TS_INDEXER], prepare: prepareTypescript },
  python: { name: PY_INDEXER, processNames: [PY_INDEXER], prepare: preparePython },
  go: { name: GO_INDEXER, processNames: [GO_INDEXER], prepare: prepareGo },
  php: { name: PHP_INDEXER, processNames: [PHP_INDEXER], prepare: preparePhp },
};

/** The precise indexer of a language, or undefined when none runs for it. */
export const indexerOf = (language: LanguageId): Indexer | undefined => INDEXERS[language];

/** Does any indexer of Scry's read this language (a precise one or the syntactic indexer)? */
export const isIndexedLanguage = (id: LanguageId): boolean => indexerOf(id) !== undefined || readerOf(id) !== undefined;

/**
 * Files the watcher reports: any a registered indexer or grammar reads. A
 * file of a language Scry only detects changes nothing it could answer, so it
 * starts no rebuild.
 */
export function isIndexedSource(file: string): boolean {
  const language = languageOfFile(file);
  return language !== undefined && (grammarOfFile(file) !== undefined || isIndexedLanguage(language));
}

/** Is this /proc cmdline one of Scry's indexers? A recycled pid running anything else is left alone. */
export function isIndexerCommandLine(cmdline: string): boolean {
  return LANGUAGE_IDS.some((id) => indexerOf(id)?.processNames.some((name) => cmdline.includes(name)) ?? false);
}
