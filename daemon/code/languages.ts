// Which languages a repo holds, by marker files and by share of source files.
// A language is indexed when it has files and either a marker (tsconfig.json,
// pyproject.toml, go.mod, ...) or at least a tenth of the source files: a
// Python repo with one helper script in JS is not a JavaScript project.
import * as fs from 'node:fs';
import * as path from 'node:path';

export type Language = 'typescript' | 'python' | 'go';

export interface DetectedLanguage {
  language: Language;
  files: number;
  marker?: string;
}

const EXTENSIONS: Record<string, Language> = {
  '.ts': 'typescript', '.tsx': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
  '.js': 'typescript', '.jsx': 'typescript', '.mjs': 'typescript', '.cjs': 'typescript',
  '.py': 'python', '.pyi': 'python',
  '.go': 'go',
};

const MARKERS: Record<Language, string[]> = {
  typescript: ['tsconfig.json', 'jsconfig.json', 'package.json'],
  python: ['pyproject.toml', 'setup.py', 'setup.cfg', 'requirements.txt', 'Pipfile'],
  go: ['go.mod'],
};

export const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', 'out', '.git', 'coverage', 'venv', '.venv', '__pycache__', 'vendor', 'site-packages']);
const MIN_SHARE = 0.1;
const WALK_BUDGET = 20_000;

export function detectLanguages(repo: string): DetectedLanguage[] {
  const counts: Record<Language, number> = { typescript: 0, python: 0, go: 0 };
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
      } else {
        const lang = EXTENSIONS[path.extname(e.name).toLowerCase()];
        if (lang && !e.name.endsWith('.d.ts')) counts[lang]++;
      }
    }
  }
  const total = counts.typescript + counts.python + counts.go;
  const out: DetectedLanguage[] = [];
  for (const language of ['typescript', 'python', 'go'] as const) {
    const files = counts[language];
    if (files === 0) continue;
    const marker = MARKERS[language].find((m) => fs.existsSync(path.join(repo, m)));
    if (marker || files / total >= MIN_SHARE) out.push({ language, files, ...(marker ? { marker } : {}) });
  }
  return out;
}
