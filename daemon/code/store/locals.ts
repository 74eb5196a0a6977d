// What ingest asks of the code that finds functions declared inside other
// functions (syntactic/local-functions.ts reads them with tree-sitter):
// declared here, beside the ingest that uses them, so the store imports no
// reader. And the note the TypeScript indexer leaves beside its index on how
// the repo's files were covered, which ingest records.

export interface LocalFunction {
  /** 0-based [startLine, startCol, endLine, endCol] of the whole declaration. */
  extent: [number, number, number, number];
  kind: 'function' | 'method' | 'class';
  /**
   * A method written in an object literal bound to a name (`const buffer = {
   * getBuffer() {…} }`): its name, and where the owner's name starts (0-based
   * line, column). The indexer may give it no definition of its own.
   */
  objectMethod?: { name: string; owner: [number, number] };
}

/** Per `line:col` (0-based) of a function-like declaration's name, its extent and kind. */
export type LocalFunctions = Map<string, LocalFunction>;

/** Reads one source file's function-like declarations. */
export interface LocalFunctionSource {
  /** Undefined when no grammar reads the file (or the parse fails). */
  read(file: string, text: string): LocalFunctions | undefined;
}

/** Written by indexers/typescript.ts into the repo's index folder, read by ingest into the index's metadata. */
export const COVERAGE_FILE = 'typescript-coverage.json';
