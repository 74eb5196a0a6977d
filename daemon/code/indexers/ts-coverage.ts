// Which TypeScript/JavaScript files of a repo no tsconfig covers (benchmarks,
// scripts, examples folders with no config of their own): grep sees them, so
// the index must too. The repo's configs are read with TypeScript's own
// parser (the one scip-typescript runs), following project references; the
// files left over get an inferred config in Scry's folder, indexed in the
// same scip-typescript run as a further project.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { SKIP_DIRS } from '../languages/skip';

type TS = typeof import('typescript');

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const WALK_BUDGET = 50_000;

export interface Coverage {
  /** Files no config includes, absolute. */
  uncovered: string[];
  /** Files the repo's configs include. */
  covered: number;
}

/** TypeScript as scip-typescript resolves it, loaded only when a repo has a tsconfig. */
function loadTypescript(scipPackageJson: string): TS {
  return createRequire(scipPackageJson)('typescript') as TS;
}

export function tsCoverage(repo: string, rootConfig: string, scipPackageJson: string): Coverage {
  const ts = loadTypescript(scipPackageJson);
  const covered = new Set<string>();
  const seen = new Set<string>();
  const visit = (configFile: string): void => {
    const file = path.resolve(configFile);
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (!parsed) return;
    for (const f of parsed.fileNames) covered.add(path.resolve(f));
    for (const ref of parsed.projectReferences ?? []) visit(ts.resolveProjectReferencePath(ref));
  };
  visit(rootConfig);
  const uncovered = sourceFiles(repo).filter((f) => !covered.has(f));
  return { uncovered, covered: covered.size };
}

/** The repo's own TS/JS sources (not declarations, dependencies or build output). */
function sourceFiles(repo: string): string[] {
  const out: string[] = [];
  let budget = WALK_BUDGET;
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
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) stack.push(path.join(dir, e.name));
      } else if (SOURCE.test(e.name) && !DECLARATION.test(e.name)) out.push(path.join(dir, e.name));
    }
  }
  return out.sort();
}

/**
 * A config for the uncovered files. It extends the repo's root tsconfig: the
 * same target, lib and paths let scip-typescript reuse the lib files it has
 * already parsed (a config of its own cost rxjs's build 20% for one file) and
 * resolve the repo's path aliases; it adds what a script folder needs.
 */
export function uncoveredConfig(rootConfig: string, files: string[]): object {
  return {
    extends: rootConfig,
    compilerOptions: { allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true, composite: false, incremental: false, declaration: false },
    files,
    include: [],
  };
}
