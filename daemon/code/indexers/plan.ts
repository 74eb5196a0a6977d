// What a build needs to run one indexer: a command line and where it writes.
// When an indexer cannot run at all, its preparation returns a report instead.
import type { IndexerReport } from '../../protocol';

export interface IndexerPlan {
  language: string;
  indexer: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * The .scip file the indexer writes: inside Scry's folder, except for an
   * indexer that can only write into the repo (scip-php's index.scip, which
   * the build removes once read).
   */
  output: string;
  /** Records every document as this language, whatever the indexer calls it. */
  documentLanguage?: string;
  /**
   * The indexer's own count of the files it indexed, read from a piece of its
   * output (scip-python's "(i/N): file" lines); its index must hold that many
   * documents (indexers/complete.ts).
   */
  filesReported?: (output: string) => number | undefined;
}

export type Prepared = { plan: IndexerPlan } | { report: IndexerReport };

export interface PrepareContext {
  repo: string;
  /** The repo's folder under SCRY_HOME/repos. */
  workDir: string;
  home: string;
  nodePath: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}
