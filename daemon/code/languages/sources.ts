// The source files of a repo and the language that reads each. An extension
// has one owner, but another language may claim some of its files (C++ a
// `.h` in a C++ project, or one whose text is C++): the repo's extensions
// and build files decide project-wide claims, a file's own start the rest.
// Detection, the syntactic indexer and the overlay all ask here, so a header
// is counted, indexed and parsed as the same language.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isClaimable, languageOfFile, languageOfSource, projectClaims, type LanguageId } from './registry';
import { walkRepo } from './skip';

/** A claim reads this much of a file: declarations that mark a header as C++ come early. */
const HEAD_BYTES = 64 * 1024;

/**
 * Repo-relative, '/'-separated paths of the files some language owns by
 * extension, sorted; skipping what every part of Scry skips (dependencies,
 * build output, hidden folders). `budget` caps the entries visited.
 */
export function listSources(repo: string, budget = Number.POSITIVE_INFINITY): string[] {
  return walkRepo(repo, (e) => e.isFile() && languageOfFile(e.name) !== undefined, budget);
}

/** Which language reads each of these files (all the repo's sources, or a budgeted walk of them). */
export function sourceLanguages(repo: string, files: readonly string[]): (file: string) => LanguageId | undefined {
  const projects = projectClaims(repo, new Set(files.map((f) => path.extname(f).toLowerCase())));
  return (file) => (isClaimable(file) ? languageOfSource(file, { projects, text: () => readHead(path.join(repo, file)) }) : languageOfFile(file));
}

function readHead(file: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = fs.readSync(fd, buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
