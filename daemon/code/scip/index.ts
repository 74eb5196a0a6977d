// SCIP, the indexers' output format: the generated protobuf code (gen/),
// wrapped by a streaming reader, a whole-file decoder, symbol-string parsing,
// kinds, the completeness check, and the export back to a .scip file.
export { ScipIncompleteError } from './complete';
export { decodeScip, fullRange, type DecodedIndex } from './decode';
export { kindFromDeclaration, kindName, kindNumber, SCIP_KIND_NAMES } from './kinds';
export { ScipStreamReader, type ScipItem } from './stream';
export { isLocalSymbol, parseSymbol, qualifiedName, symbolName, type ParsedSymbol } from './symbol';
