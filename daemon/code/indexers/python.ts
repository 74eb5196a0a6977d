// scip-python (an npm dependency), run with the daemon's own Node. It needs a
// project name; a repo without packaging metadata gets its folder's name.
// Third-party imports resolve through the project's virtualenv when one exists.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IndexerMissingError } from '../../errors';
import type { IndexerPlan, PrepareContext } from './plan';

export const PY_INDEXER = 'scip-python';

export function scipPythonMain(): string {
  let pkg: string;
  try {
    pkg = require.resolve('@sourcegraph/scip-python/package.json');
  } catch {
    throw new IndexerMissingError(PY_INDEXER, 'node_modules/@sourcegraph/scip-python');
  }
  const main = path.join(path.dirname(pkg), 'index.js');
  if (!fs.existsSync(main)) throw new IndexerMissingError(PY_INDEXER, main);
  return main;
}

/** $VIRTUAL_ENV, else .venv or venv in the repo: the first that holds an interpreter. */
export function findVirtualenv(repo: string, env: NodeJS.ProcessEnv): string | undefined {
  const candidates = [env.VIRTUAL_ENV, path.join(repo, '.venv'), path.join(repo, 'venv')].filter((c): c is string => !!c);
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'bin', 'python')) || fs.existsSync(path.join(dir, 'Scripts', 'python.exe')));
}

/** Name and version from pyproject.toml or setup.py, when the repo declares them. */
export function declaredProject(repo: string): { name?: string; version?: string } {
  for (const file of ['pyproject.toml', 'setup.py', 'setup.cfg']) {
    let text: string;
    try {
      text = fs.readFileSync(path.join(repo, file), 'utf8');
    } catch {
      continue;
    }
    const name = /^\s*name\s*[=:]\s*["']?([A-Za-z0-9_.-]+)/m.exec(text)?.[1];
    const version = /^\s*version\s*[=:]\s*["']?([A-Za-z0-9_.+-]+)/m.exec(text)?.[1];
    if (name) return { name, version };
  }
  return {};
}

/** Folders holding the repo's own importable packages besides its root: `src/` when a package lives there. */
export function importRoots(repo: string): string[] {
  const src = path.join(repo, 'src');
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(src, { withFileTypes: true });
  } catch {
    return [];
  }
  const holdsPackage = entries.some((e) => (e.isDirectory() && fs.existsSync(path.join(src, e.name, '__init__.py'))) || (e.isFile() && e.name.endsWith('.py')));
  return holdsPackage && !fs.existsSync(path.join(src, '__init__.py')) ? [src] : [];
}

export function preparePython(ctx: PrepareContext): { plan: IndexerPlan } {
  const output = path.join(ctx.workDir, 'python.scip');
  const declared = declaredProject(ctx.repo);
  // Not --quiet: its progress lines carry its count of the files it analyses, which the index is checked against.
  const args = [
    scipPythonMain(),
    'index',
    '--cwd',
    ctx.repo,
    '--output',
    output,
    '--project-name',
    declared.name ?? path.basename(ctx.repo),
    '--project-version',
    declared.version ?? '0',
  ];
  const env: NodeJS.ProcessEnv = { ...ctx.env };
  // src layout: the repo's own packages live in src/, and its tests' `import pkg` must
  // resolve there, not to a copy installed on the machine. Search paths before site-packages.
  const roots = importRoots(ctx.repo);
  if (roots.length > 0) env.PYTHONPATH = [...roots, ...(ctx.env.PYTHONPATH ? [ctx.env.PYTHONPATH] : [])].join(path.delimiter);
  const venv = findVirtualenv(ctx.repo, ctx.env);
  if (venv) {
    env.VIRTUAL_ENV = venv;
    env.PATH = `${path.join(venv, process.platform === 'win32' ? 'Scripts' : 'bin')}${path.delimiter}${ctx.env.PATH ?? ''}`;
  }
  return { plan: { language: 'python', indexer: PY_INDEXER, command: ctx.nodePath, args, env, output, filesReported: pythonFilesReported } };
}

/** The largest N of scip-python's "(i/N): file" progress lines in this piece of its output. */
export function pythonFilesReported(output: string): number | undefined {
  let most: number | undefined;
  for (const m of output.matchAll(/\((\d+)\/(\d+)\): /g)) most = Math.max(most ?? 0, Number(m[2]));
  return most;
}
