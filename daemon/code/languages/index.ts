// The catalog: what Scry knows about each language, as data (ids, extensions,
// grammars' WASM, markers, tests, skip lists, detection, the source walk). It
// imports nothing else of daemon/code/ (test/architecture holds it to that).
// Adding a language: a file here declaring it (see language.ts; an
// indexer-only extension leaves out `grammar`), its entry in registry.ts, a
// new grammar's WASM in .vscodeignore, its reader and syntax rules in
// readers/ and its precise indexer, if any, in indexers/ (each registered in
// that folder's registry.ts), and its examples in
// test/code/languages/registry.test.ts, which the compiler then asks for.
export { detectLanguages, type DetectedLanguage } from './detect';
export type { Claim, Grammar, Language, SourceExtension } from './language';
export {
  allGrammars,
  documentLanguageOf,
  grammarById,
  grammarOfFile,
  grammarOfLanguageFile,
  isClaimable,
  isGrammarId,
  mayRead,
  languageById,
  languageOfFile,
  languageOfSource,
  LANGUAGE_IDS,
  LANGUAGES,
  projectClaims,
  type GrammarId,
  type LanguageId,
  type SourceContext,
} from './registry';
export { SKIP_DIRS } from './skip';
export { listSources, sourceLanguages } from './sources';
