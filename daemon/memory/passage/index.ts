export { PASSAGE_MAX, SHORT_RUN, SHORT_RUN_SLACK, proseAndCrumbs, splitPassages, type PassageSpan } from './split';
export { SNIPPET_MAX, snippetOf, stemPrefix, termMatcher, termsIn, wholeSentences } from './snippet';
