// scip-php (davidrjenni/scip-php), when the user already has it on PATH: it
// cannot be installed from here (Packagist, PHP 8.3), so nothing is
// downloaded. Its CLI takes no output path: run in the project root, it reads
// composer.json and Composer's vendor/ (autoload.php, composer/installed.php)
// and writes index.scip there. The build reads that file and removes it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IndexerReport } from '../../protocol';
import { findOnPath } from '../../which';
import type { PrepareContext, Prepared } from './plan';

export const PHP_INDEXER = 'scip-php';

/** What scip-php writes, in the directory it runs in. */
export const SCIP_PHP_OUTPUT = 'index.scip';

/** What scip-php needs from Composer before it can run at all. */
const NEEDS = ['composer.json', 'vendor/autoload.php', 'vendor/composer/installed.php'];

const INSTALL =
  "For precise PHP answers install scip-php (composer global require davidrjenni/scip-php) with Composer's global bin folder on PATH; tree-sitter-php indexes PHP meanwhile";

export function preparePhp(ctx: PrepareContext): Prepared {
  const command = findOnPath(PHP_INDEXER, ctx.env);
  if (!command) return { report: report('missing', 'scip-php is not on PATH', INSTALL) };
  const lacking = NEEDS.find((f) => !fs.existsSync(path.join(ctx.repo, f)));
  if (lacking)
    return {
      report: report(
        'skipped',
        `scip-php needs Composer's install: the repo has no ${lacking}`,
        'Run composer install in the repo; tree-sitter-php indexes PHP meanwhile',
      ),
    };
  const output = path.join(ctx.repo, SCIP_PHP_OUTPUT);
  // The build removes what the indexer wrote: never a file the user put there.
  if (fs.existsSync(output)) {
    return {
      report: report(
        'skipped',
        `the repo already has an ${SCIP_PHP_OUTPUT}, which scip-php would overwrite`,
        `Move it away, or import it with scry index --scip ${SCIP_PHP_OUTPUT}; tree-sitter-php indexes PHP meanwhile`,
      ),
    };
  }
  return { plan: { language: 'php', indexer: PHP_INDEXER, command, args: [], env: ctx.env, output, documentLanguage: 'php' } };
}

function report(status: IndexerReport['status'], error: string, remedy: string): IndexerReport {
  return { language: 'php', indexer: PHP_INDEXER, status, file_count: 0, duration_ms: 0, error, remedy };
}
