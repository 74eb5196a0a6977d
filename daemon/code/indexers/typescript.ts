// scip-typescript, run with the daemon's own Node. A repo without a tsconfig
// gets one inferred into Scry's own folder: nothing is written into the repo.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IndexerMissingError } from '../../errors';

export const TS_INDEXER = 'scip-typescript';

export const SKIP_DIRS = ['node_modules', 'dist', 'build', 'out', '.git', 'coverage'];

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
        exclude: SKIP_DIRS.map((d) => path.join(repo, '**', d)),
      };
  fs.writeFileSync(inferred, JSON.stringify(config, null, 2));
  return [...args, inferred];
}

export const TS_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);

/** Is there anything for scip-typescript here? Bounded walk, so huge repos stay cheap. */
export function hasTypescriptOrJavascript(repo: string): boolean {
  if (['tsconfig.json', 'jsconfig.json', 'package.json'].some((f) => fs.existsSync(path.join(repo, f)))) return true;
  let budget = 2000;
  const stack = [repo];
  while (stack.length > 0 && budget > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (--budget <= 0) break;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.includes(e.name) && !e.name.startsWith('.')) stack.push(path.join(dir, e.name));
      } else if (TS_EXTENSIONS.has(path.extname(e.name))) return true;
    }
  }
  return false;
}
