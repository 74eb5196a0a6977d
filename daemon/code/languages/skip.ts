// Folders no part of Scry looks into: dependencies, build output, caches and
// virtualenvs. One list for detection, the watcher and the inferred tsconfig,
// so a file the watcher ignores is never counted or indexed either.
export const SKIP_DIRS: ReadonlySet<string> = new Set([
  '.git', 'dist', 'build', 'out', 'coverage', 'target', '.cache',
  'node_modules', '.next', '.turbo',
  '__pycache__', '.venv', 'venv', 'site-packages', '.mypy_cache', '.pytest_cache', '.tox',
  'vendor',
]);
