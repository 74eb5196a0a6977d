// What anchoring reads and keeps between a pass's read-ahead and its
// resolving: git's answers and files' lines. One AnchorResolver owns them.
import type { FileLines } from './file-lines';
import type { GitSince } from './git-since';

export interface Caches {
  readonly git: GitSince;
  readonly lines: FileLines;
}
