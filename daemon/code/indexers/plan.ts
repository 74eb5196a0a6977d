// What a build needs to run one indexer: a command line and where it writes.
// When an indexer cannot run at all, its preparation returns a report instead.
import type { IndexerReport } from '../../protocol';

export interface IndexerPlan {
  language: string;
  indexer: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** The .scip file the indexer writes (inside Scry's folder, never the repo). */
  output: string;
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
