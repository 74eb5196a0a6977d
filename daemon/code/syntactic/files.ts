// The files of one language in a repo, skipping what every part of Scry
// skips (dependencies, build output, hidden folders), in a stable order.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { languageOfFile, SKIP_DIRS, type LanguageId } from '../languages';

export function filesOf(repo: string, language: LanguageId, ignored: readonly RegExp[] = []): string[] {
  const out: string[] = [];
  const stack = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(repo, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) stack.push(child);
      } else if (e.isFile() && languageOfFile(e.name) === language && !ignored.some((re) => re.test(child))) out.push(child);
    }
  }
  return out.sort();
}
