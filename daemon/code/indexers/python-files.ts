// The Python files scip-python must write a document for, when nothing but
// the repo can say: every .py file under the project root that Pyright's
// default excludes leave in (node_modules, __pycache__, hidden folders, and
// virtualenvs). Stubs (.pyi) are not required. A project that configures
// Pyright's include or exclude lists its own files, which are not read here:
// then nothing is required.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { walkRepo } from '../languages/skip';

/** Repo-relative paths, sorted; undefined when the project configures which files Pyright reads. */
export function requiredPythonFiles(root: string): string[] | undefined {
  if (configuresPyright(root)) return undefined;
  const venvs = new Set<string>();
  const files = walkRepo(root, (e) => e.isFile() && (e.name.endsWith('.py') || e.name === 'pyvenv.cfg'));
  for (const f of files) if (f.endsWith('pyvenv.cfg')) venvs.add(path.posix.dirname(f));
  return files.filter((f) => f.endsWith('.py') && ![...venvs].some((v) => v === '.' || f.startsWith(`${v}/`)));
}

function configuresPyright(root: string): boolean {
  if (fs.existsSync(path.join(root, 'pyrightconfig.json'))) return true;
  try {
    return /^\s*\[tool\.pyright\]/m.test(fs.readFileSync(path.join(root, 'pyproject.toml'), 'utf8'));
  } catch {
    return false;
  }
}
