// scip-typescript, run with the daemon's own Node. A repo without a tsconfig
// gets one inferred into Scry's own folder: nothing is written into the repo.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IndexerMissingError } from '../../errors';
// skip.ts itself, not the registry: the registry imports this file.
import { SKIP_DIRS } from '../languages/skip';
import type { IndexerPlan } from './plan';

export const TS_INDEXER = 'scip-typescript';

export function scipTypescriptMain(): string {
  let pkg: string;
  try {
    pkg = require.resolve('@sourcegraph/scip-typescript/package.json');
  } catch {
    throw new IndexerMissingError(TS_INDEXER, 'node_modules/@sourcegraph/scip-typescript');
  }
  const main = path.join(path.dirname(pkg), 'dist', 'src', 'main.js');
  if (!fs.existsSync(main)) throw new IndexerMissingError(TS_INDEXER, main);
  return main;
}

/** The arguments for one run; writes an inferred tsconfig into workDir when the repo has none. */
export function scipTypescriptArgs(repo: string, output: string, workDir: string): string[] {
  const args = [scipTypescriptMain(), 'index', '--cwd', repo, '--output', output, '--no-progress-bar'];
  if (fs.existsSync(path.join(repo, 'tsconfig.json'))) return args;
  const hasJsconfig = fs.existsSync(path.join(repo, 'jsconfig.json'));
  const inferred = path.join(workDir, 'tsconfig.inferred.json');
  const config = hasJsconfig
    ? { extends: path.join(repo, 'jsconfig.json'), compilerOptions: { allowJs: true, noEmit: true } }
    : {
        compilerOptions: { allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true, typeRoots: [path.join(repo, 'node_modules', '@types')] },
        include: [path.join(repo, '**', '*')],
        exclude: [...SKIP_DIRS].map((d) => path.join(repo, '**', d)),
      };
  fs.writeFileSync(inferred, JSON.stringify(config, null, 2));
  return [...args, inferred];
}

export function prepareTypescript(ctx: { repo: string; workDir: string; nodePath: string }): { plan: IndexerPlan } {
  const output = path.join(ctx.workDir, 'typescript.scip');
  return { plan: { language: 'typescript', indexer: TS_INDEXER, command: ctx.nodePath, args: scipTypescriptArgs(ctx.repo, output, ctx.workDir), output } };
}
