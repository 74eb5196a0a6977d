export { PASSAGE_MAX, proseAndCrumbs, splitPassages, type PassageSpan } from './split';
export { SNIPPET_MAX, snippetOf, stemPrefix, termMatcher, termsIn, wholeSentences } from './snippet';
