// The file types Scry indexes, in one place: the watcher triggers on exactly
// these, and the overlay parses them. (The original scry forgot `.py`.)
import * as path from 'node:path';

const EXT_LANGUAGES: Readonly<Record<string, string>> = {
  '.ts': 'typescript', '.mts': 'typescript', '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript', '.jsx': 'javascript', '.mjs': 'javascript', '.cjs': 'javascript',
  '.py': 'python', '.pyi': 'python',
  '.go': 'go',
};

/** The source language of a path by its extension, or undefined when Scry does not index it. */
export function sourceLanguage(file: string): string | undefined {
  return EXT_LANGUAGES[path.extname(file).toLowerCase()];
}

export const isIndexedSource = (file: string): boolean => sourceLanguage(file) !== undefined;
