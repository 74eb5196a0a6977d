// Which languages a repo holds, by marker files and by share of source files.
// A language is indexed when it has files and either a marker (tsconfig.json,
// pyproject.toml, go.mod, ...) or at least a tenth of the source files: a
// Python repo with one helper script in JS is not a JavaScript project. A
// marker in a top-level folder that holds the language's files counts too:
// a Phoenix or Django app's `assets/package.json` beside `assets/js/` is a
// JavaScript project inside it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LANGUAGE_IDS, languageById, type LanguageId } from './registry';
import { listSources, sourceLanguages } from './sources';

export interface DetectedLanguage {
  language: LanguageId;
  files: number;
  marker?: string;
}

const MIN_SHARE = 0.1;
const WALK_BUDGET = 20_000;

export function detectLanguages(repo: string): DetectedLanguage[] {
  const counts = new Map<LanguageId, number>();
  /** The top-level folders holding each language's files. */
  const tops = new Map<LanguageId, Set<string>>();
  let total = 0;
  const files = listSources(repo, WALK_BUDGET);
  // A header counts for the language that reads it: C++ in a C++ project.
  const languageOf = sourceLanguages(repo, files);
  for (const file of files) {
    const language = languageOf(file);
    const name = path.posix.basename(file);
    if (!language || languageById(language).uncounted?.some((end) => name.endsWith(end))) continue;
    counts.set(language, (counts.get(language) ?? 0) + 1);
    total++;
    const top = file.includes('/') ? file.slice(0, file.indexOf('/')) : undefined;
    if (top !== undefined) tops.set(language, (tops.get(language) ?? new Set<string>()).add(top));
  }
  const out: DetectedLanguage[] = [];
  for (const language of LANGUAGE_IDS) {
    const files = counts.get(language) ?? 0;
    if (files === 0) continue;
    const markers = languageById(language).markers;
    const marker = markers.find((m) => fs.existsSync(path.join(repo, m))) ?? subprojectMarker(repo, markers, tops.get(language));
    if (marker || files / total >= MIN_SHARE) out.push({ language, files, ...(marker ? { marker } : {}) });
  }
  return out;
}

/** `assets/package.json`: a marker in a top-level folder holding some of the language's files. */
function subprojectMarker(repo: string, markers: readonly string[], folders: ReadonlySet<string> | undefined): string | undefined {
  for (const folder of [...(folders ?? [])].sort()) {
    const marker = markers.find((m) => fs.existsSync(path.join(repo, folder, m)));
    if (marker) return `${folder}/${marker}`;
  }
  return undefined;
}
