// Is an indexer's SCIP output whole? SCIP has no trailer and no count (see
// scip/complete.ts), so a file cut at a document boundary decodes cleanly:
// only what the indexer reported, or the files it must have read, can tell.
// Each indexer Scry runs is checked by what it offers:
//   scip-typescript  the files its tsconfig includes (ts-complete.ts);
//   scip-python      its own count of the files it analysed, when it ran here;
//                    else the repo's .py files (python-files.ts);
//   scip-go          the Go files of the module's packages (go-files.ts);
//   scip-php         nothing: it reads what Composer autoloads, which only
//                    Composer can list, and the files it did not read are
//                    indexed syntactically beside it (marked so), never
//                    claimed precise.
// An index from another indexer is taken as it is: Scry does not know which
// files it reads, and refusing a whole index on a guess loses more than it saves.
import type { DecodedIndex } from '../scip/decode';
import { ScipIncompleteError } from '../scip/complete';
import { GO_INDEXER } from './go';
import { requiredGoFiles } from './go-files';
import { PY_INDEXER } from './python';
import { requiredPythonFiles } from './python-files';
import { projectRoot } from './project-root';
import { checkTypescriptComplete } from './ts-complete';
import { TS_INDEXER } from './typescript';

/** Why an index is not whole, in words that follow "it has"/"it is"; undefined when whole or when nothing can tell. */
export function missingFromIndex(indexer: string, root: string, documents: ReadonlySet<string>, reportedFiles?: number): string | undefined {
  if (indexer === PY_INDEXER && reportedFiles !== undefined) {
    return documents.size < reportedFiles ? `${documents.size} documents where ${PY_INDEXER} reported analysing ${reportedFiles} files` : undefined;
  }
  const required = indexer === GO_INDEXER ? requiredGoFiles(root) : indexer === PY_INDEXER ? requiredPythonFiles(root) : undefined;
  if (!required) return undefined;
  const missing = required.filter((f) => !documents.has(f));
  if (missing.length === 0) return undefined;
  const language = indexer === GO_INDEXER ? 'Go files of its module' : 'Python files of its project';
  return `no document for ${missing.length} of the ${required.length} ${language} that ${indexer} always reads (e.g. '${missing[0]}')`;
}

/** Throws ScipIncompleteError when an imported index is known to lack documents its indexer wrote. */
export function checkImportComplete(index: DecodedIndex, file: string, repo: string): void {
  const indexer = index.metadata?.toolInfo?.name ?? '';
  if (indexer === TS_INDEXER) {
    checkTypescriptComplete(index, file, repo);
    return;
  }
  const why = missingFromIndex(indexer, projectRoot(index, repo), new Set(index.documents.map((d) => d.relativePath)));
  if (why) throw new ScipIncompleteError(file, `it has ${why}`);
}
