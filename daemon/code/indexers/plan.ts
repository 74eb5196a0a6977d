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
