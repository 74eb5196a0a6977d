// Which paths are tests: each registered language's conventions, and test
// folders, which mean the same in every language.
import { LANGUAGE_IDS, languageById } from './registry';

const TEST_FOLDER = /(^|\/)(tests?|spec|specs)\//;
const TEST_PATH = [TEST_FOLDER, ...LANGUAGE_IDS.flatMap((id) => languageById(id).tests)];

export function isTestFile(file: string): boolean {
  return TEST_PATH.some((re) => re.test(file));
}
