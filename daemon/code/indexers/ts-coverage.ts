// Which TypeScript/JavaScript files of a repo no tsconfig covers (benchmarks,
// scripts, examples folders with no config of their own): grep sees them, so
// the index must too. The repo's configs are read with TypeScript's own
// parser (the one scip-typescript runs), following project references; the
// files left over get an inferred config in Scry's folder, indexed in the
// same scip-typescript run as a further project.
//
// Loading TypeScript to read the configs costs ~170 ms of every build, so the
// answer is kept beside the index with what it depends on: every file
// TypeScript read while parsing (configs, `extends` bases, references, also
// those found missing) by mtime and size, and the list of source files. A
// rebuild with none of those changed reuses it.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { walkRepo } from '../languages/skip';

type TS = typeof import('typescript');

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const DECLARATION = /\.d\.[cm]?ts$/;
const WALK_BUDGET = 50_000;

export interface Coverage {
  /** Files no config includes, absolute. */
  uncovered: string[];
  /** Files the repo's configs include. */
  covered: number;
  /** Read from the cache: no input changed since it was computed. */
  cached?: boolean;
}

interface CacheEntry {
  version: 1;
  sources: string;
  /** Each file TypeScript read (or looked for) while parsing the configs: [path, mtimeMs, size], -1 when missing. */
  inputs: Array<[string, number, number]>;
  uncovered: string[];
  covered: number;
}

const stamp = (file: string): [string, number, number] => {
  try {
    const st = fs.statSync(file);
    return [file, st.mtimeMs, st.size];
  } catch {
    return [file, -1, -1];
  }
};

const digest = (files: string[]): string => createHash('sha256').update(files.join('\0')).digest('hex');

function readCache(cacheFile: string, sources: string): Coverage | undefined {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as CacheEntry;
  } catch {
    return undefined;
  }
  if (entry.version !== 1 || entry.sources !== sources || !Array.isArray(entry.inputs)) return undefined;
  for (const [file, mtime, size] of entry.inputs) {
    const [, m, z] = stamp(file);
    if (m !== mtime || z !== size) return undefined;
  }
  return { uncovered: entry.uncovered, covered: entry.covered, cached: true };
}

/** TypeScript as scip-typescript resolves it, loaded only when a repo has a tsconfig. */
function loadTypescript(scipPackageJson: string): TS {
  return createRequire(scipPackageJson)('typescript') as TS;
}

/** cacheFile: where the answer is kept for the next build (see above); without it, always computed. */
export function tsCoverage(repo: string, rootConfig: string, scipPackageJson: string, cacheFile?: string): Coverage {
  const files = sourceFiles(repo);
  const sources = digest(files);
  const cached = cacheFile ? readCache(cacheFile, sources) : undefined;
  if (cached) return cached;
  const { covered, inputs } = readConfigs(rootConfig, scipPackageJson);
  const uncovered = files.filter((f) => !covered.has(f));
  if (cacheFile) {
    const entry: CacheEntry = { version: 1, sources, inputs: [...inputs].sort().map(stamp), uncovered, covered: covered.size };
    try {
      fs.writeFileSync(cacheFile, JSON.stringify(entry));
    } catch {
      // Only a cache: the next build computes it again.
    }
  }
  return { uncovered, covered: covered.size };
}

/** The files (absolute) a tsconfig and the projects it references include, read with TypeScript's own parser as scip-typescript does. */
export function coveredFiles(rootConfig: string, scipPackageJson: string): Set<string> {
  return readConfigs(rootConfig, scipPackageJson).covered;
}

function readConfigs(rootConfig: string, scipPackageJson: string): { covered: Set<string>; inputs: Set<string> } {
  const ts = loadTypescript(scipPackageJson);
  const covered = new Set<string>();
  const seen = new Set<string>();
  const inputs = new Set<string>();
  const host = {
    ...ts.sys,
    readFile: (f: string, encoding?: string) => {
      inputs.add(path.resolve(f));
      return ts.sys.readFile(f, encoding);
    },
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  };
  const visit = (configFile: string): void => {
    const file = path.resolve(configFile);
    if (seen.has(file)) return;
    seen.add(file);
    inputs.add(file);
    if (!fs.existsSync(file)) return;
    const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, host);
    if (!parsed) return;
    for (const f of parsed.fileNames) covered.add(path.resolve(f));
    for (const ref of parsed.projectReferences ?? []) visit(ts.resolveProjectReferencePath(ref));
  };
  visit(rootConfig);
  return { covered, inputs };
}

/** The repo's own TS/JS sources (not declarations, dependencies or build output), absolute. */
function sourceFiles(repo: string): string[] {
  return walkRepo(repo, (e) => SOURCE.test(e.name) && !DECLARATION.test(e.name), WALK_BUDGET).map((f) => path.join(repo, f));
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
