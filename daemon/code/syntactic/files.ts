// The files of one language in a repo, skipping what every part of Scry
// skips (dependencies, build output, hidden folders), in a stable order. A
// file another language claims (a C++ project's `.h`) is that language's.
import { listSources, sourceLanguages, type LanguageId } from '../languages';

export function filesOf(repo: string, language: LanguageId, ignored: readonly RegExp[] = []): string[] {
  const files = listSources(repo);
  const languageOf = sourceLanguages(repo, files);
  return files.filter((f) => languageOf(f) === language && !ignored.some((re) => re.test(f)));
}
