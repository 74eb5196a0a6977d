// The files of one language in a repo, skipping what every part of Scry
// skips (dependencies, build output, hidden folders), in a stable order. A
// file another language claims (a C++ project's `.h`) is that language's.
import { listSources, mayRead, sourceLanguages, type LanguageId } from '../languages';

export function filesOf(repo: string, language: LanguageId, ignored: readonly RegExp[] = []): string[] {
  const files = listSources(repo);
  const languageOf = sourceLanguages(repo, files);
  // Only a file this language may read is asked about: a header's start is read for C and C++, not for every language.
  return files.filter((f) => mayRead(f, language) && languageOf(f) === language && !ignored.some((re) => re.test(f)));
}
