// Which paths are tests, by the conventions of the languages Scry indexes.
const TEST_PATH = [
  /(^|\/)(__tests__|tests?|spec|specs)\//,
  /\.(test|spec)\.[cm]?[jt]sx?$/,
  /_test\.(go|py)$/,
  /(^|\/)test_[^/]*\.py$/,
  /(^|\/)conftest\.py$/,
];

export function isTestFile(file: string): boolean {
  return TEST_PATH.some((re) => re.test(file));
}
