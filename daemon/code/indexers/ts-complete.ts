// The positive completeness check of a scip-typescript index: it holds a
// document for every file its tsconfig includes, since scip-typescript writes
// one for each (leaving out only files with nothing to index). Its documents
// come in dependency order, so a cut at a document boundary leaves an index
// that refers to nothing missing; only this list tells that files are gone.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { toPosix } from '../../paths';
import type { DecodedIndex } from '../scip/decode';
import { ScipIncompleteError } from '../scip/complete';
import { projectRoot } from './project-root';
import { coveredFiles } from './ts-coverage';
import { scipTypescriptPackage, TS_INDEXER } from './typescript';

/**
 * Throws ScipIncompleteError when a scip-typescript index lacks files that
 * its project's tsconfig includes, in the folders the index covers and
 * their parents (an index of one sub-project is not asked for the files of
 * its siblings). Checked when the project's
 * root tsconfig.json is there to read; otherwise nothing is known to compare.
 */
export function checkTypescriptComplete(index: DecodedIndex, file: string, repo: string): void {
  if (index.metadata?.toolInfo?.name !== TS_INDEXER) return;
  const root = projectRoot(index, repo);
  const config = path.join(root, 'tsconfig.json');
  if (!fs.existsSync(config)) return;
  const documents = new Set(index.documents.map((d) => d.relativePath));
  const folders = foldersAndAncestors(documents);
  const expected = [...coveredFiles(config, scipTypescriptPackage())]
    .map((f) => toPosix(path.relative(root, f)))
    .filter((f) => folders.has(path.posix.dirname(f)));
  const missing = expected.filter((f) => !documents.has(f) && hasCode(path.join(root, f))).sort();
  if (missing.length === 0) return;
  throw new ScipIncompleteError(
    file,
    `it has no document for ${missing.length} of the ${expected.length} files its tsconfig includes in the folders it covers and their parents (e.g. '${missing[0]}')`,
  );
}

/**
 * A name outside comments and string literals (`export {}` counts; a file of
 * only comments or 'use strict' may have no document, having nothing to index).
 */
function hasCode(file: string): boolean {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, '');
  return /[A-Za-z_$]/.test(code);
}

/** The folders of the documents and every folder above them ('.' for the root). */
function foldersAndAncestors(documents: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const d of documents) {
    for (let dir = path.posix.dirname(d); !out.has(dir); dir = path.posix.dirname(dir)) {
      out.add(dir);
      if (dir === '.' || dir === '/') break;
    }
  }
  return out;
}
