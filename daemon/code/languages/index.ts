// What Scry knows about each language, in one place. Adding one: a file here
// declaring it (see language.ts; a tree-sitter-only language leaves out
// `indexer`, an indexer-only extension leaves out `grammar`), its entry in
// registry.ts, a new grammar's WASM in .vscodeignore, and its examples in
// test/code/languages/registry.test.ts, which the compiler then asks for.
export { detectLanguages, type DetectedLanguage } from './detect';
export type { Claim, Grammar, Indexer, Language, SourceExtension, SyntacticReader, SyntaxFrame, SyntaxRules } from './language';
export {
  allGrammars, documentLanguageOf, grammarById, grammarOfFile, grammarOfLanguageFile, isClaimable, isGrammarId, mayRead, isIndexedLanguage, isIndexedSource, isIndexerCommandLine,
  languageById, languageOfFile, languageOfSource, LANGUAGE_IDS, LANGUAGES, projectClaims, type GrammarId, type LanguageId, type SourceContext,
} from './registry';
export { SKIP_DIRS } from './skip';
export { listSources, sourceLanguages } from './sources';
