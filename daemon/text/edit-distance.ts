// Levenshtein distance with a cap, for "did you mean": a symbol name typed
// wrong (code/query/suggest.ts) and a flag typed wrong (cli/flags.ts).

/** Edits (insert, delete, replace) from a to b, or cap + 1 once every path needs more than cap. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > cap) return cap + 1;
    prev = row;
  }
  return Math.min(prev[b.length]!, cap + 1);
}

/** The candidate closest to `word` within `cap` edits, if one is. */
export function closest(word: string, candidates: Iterable<string>, cap: number): string | undefined {
  let best: string | undefined;
  let bestD = cap + 1;
  for (const c of candidates) {
    const d = editDistance(word, c, cap);
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best;
}
