// Which languages a repo holds, by marker files and by share of source files.
// A language is indexed when it has files and either a marker (tsconfig.json,
// pyproject.toml, go.mod, ...) or at least a tenth of the source files: a
// Python repo with one helper script in JS is not a JavaScript project.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGE_IDS, languageById, languageOfFile, type LanguageId } from './registry';
import { SKIP_DIRS } from './skip';

export interface DetectedLanguage {
  language: LanguageId;
  files: number;
  marker?: string;
}

const MIN_SHARE = 0.1;
const WALK_BUDGET = 20_000;

export function detectLanguages(repo: string): DetectedLanguage[] {
  const counts = new Map<LanguageId, number>();
  let total = 0;
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
        // Hidden folders hold tool configuration, not the project's code: they would only skew the shares.
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) stack.push(path.join(dir, e.name));
        continue;
      }
      const language = languageOfFile(e.name);
      if (!language || languageById(language).uncounted?.some((end) => e.name.endsWith(end))) continue;
      counts.set(language, (counts.get(language) ?? 0) + 1);
      total++;
    }
  }
  const out: DetectedLanguage[] = [];
  for (const language of LANGUAGE_IDS) {
    const files = counts.get(language) ?? 0;
    if (files === 0) continue;
    const marker = languageById(language).markers.find((m) => fs.existsSync(path.join(repo, m)));
    if (marker || files / total >= MIN_SHARE) out.push({ language, files, ...(marker ? { marker } : {}) });
  }
  return out;
}
