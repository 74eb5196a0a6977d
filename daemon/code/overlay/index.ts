// The syntactic overlay: tree-sitter occurrences for files changed since the
// last precise build, merged into answers until the rebuild lands.
export { extractOccurrences, type SyntacticOccurrence } from './extract';
export { mergeOverlay, mergeOverlayGroups, type KnownSymbol, type OverlayView } from './merge';
export { Overlay, type OverlayHit } from './overlay';
export { GrammarLoadError, parserFor, parseSource, parseWithin } from '../syntactic/parser';
export { isGrammarId, type GrammarId } from '../languages';
