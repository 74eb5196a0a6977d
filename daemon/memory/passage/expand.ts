// Query words a session would likely have written another way: the short
// and long forms developers use for the same thing. A general table, not
// one made from any question set; stemming covers inflections, the
// glossary (entity names and aliases) covers the project's own names.
const PAIRS: ReadonlyArray<readonly string[]> = [
  ['db', 'database'],
  ['repo', 'repository'],
  ['config', 'configuration', 'settings'],
  ['auth', 'authentication', 'login'],
  ['env', 'environment'],
  ['deps', 'dependencies', 'dependency'],
  ['k8s', 'kubernetes'],
  ['pr', 'pull request'],
  ['docs', 'documentation'],
  ['dir', 'directory', 'folder'],
  ['perf', 'performance'],
  ['prod', 'production'],
  ['infra', 'infrastructure'],
  ['app', 'application'],
  ['impl', 'implementation'],
  ['lib', 'library'],
  ['pkg', 'package'],
  ['err', 'error'],
  ['msg', 'message'],
  ['params', 'parameters'],
  ['args', 'arguments'],
  ['js', 'javascript'],
  ['ts', 'typescript'],
  ['py', 'python'],
  ['storage', 'store', 'persist'],
  ['deploy', 'release', 'ship'],
  ['server', 'host', 'machine'],
];

const BY_WORD = new Map<string, string[]>();
for (const group of PAIRS) for (const w of group) BY_WORD.set(w, [...(BY_WORD.get(w) ?? []), ...group.filter((x) => x !== w)]);

export interface Expanded {
  /** The query's words, then their other forms. */
  terms: string[];
  /** For each term, the index of the query word it stands for. */
  origin: number[];
}

/** The words plus their other forms (each once, the query's own first). */
export function expandWords(words: readonly string[], max = 20): Expanded {
  const terms = [...words];
  const origin = words.map((_, i) => i);
  words.forEach((w, i) => {
    for (const x of BY_WORD.get(w) ?? []) {
      if (terms.includes(x) || terms.length >= max) continue;
      terms.push(x);
      origin.push(i);
    }
  });
  return { terms, origin };
}
