// Whether a decoded SCIP index is whole. SCIP has no trailer and no count: a
// file cut after any document decodes cleanly. Nor do the references tell:
// scip-typescript writes files in dependency order, so the first part of a
// cut index refers to nothing it lacks, and a repo's tests may refer into
// folders its tsconfig leaves out, so a complete index can point into files
// it has no document for. A cut is found only against a list of what the
// indexer was given (indexers/ts-complete.ts, for scip-typescript).
import { ErrorCode, ScryError } from '../../errors';

export class ScipIncompleteError extends ScryError {
  override readonly code = ErrorCode.ScipDecode;
  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(
      `SCIP index '${file}' is incomplete: ${detail}`,
      'It was cut short (or made before those files existed); run the indexer again and import its whole output',
    );
  }
}
