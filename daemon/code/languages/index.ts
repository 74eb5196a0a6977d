// What Scry knows about each language, in one place: one file per language,
// registered in registry.ts.
export { detectLanguages, type DetectedLanguage } from './detect';
export type { Grammar, Indexer, Language, SourceExtension, SyntaxFrame, SyntaxRules } from './language';
export {
  allGrammars, documentLanguageOf, grammarById, grammarOfFile, isGrammarId, isIndexedSource, isIndexerCommandLine,
  languageById, languageOfFile, LANGUAGE_IDS, LANGUAGES, type GrammarId, type LanguageId,
} from './registry';
export { SKIP_DIRS } from './skip';
