// What anchoring reads and keeps between a pass's read-ahead and its
// resolving: git's answers (diffs and renames since a commit, declarations
// then and now) and files' lines. One AnchorResolver owns them.
import type { FileLines } from './file-lines';
import type { GitDeclarations } from './git-declarations';
import type { GitSince } from './git-since';

export interface Caches {
  readonly git: GitSince;
  readonly declared: GitDeclarations;
  readonly lines: FileLines;
}
