// Indexing progress as a percentage of the files language detection counted.
// An estimate (the indexer's own config decides what it reads), so it is held
// below 100 until the indexer has actually finished.
export function percentOf(done: number, expected: number): number | undefined {
  if (expected <= 0) return undefined;
  return Math.min(99, Math.floor((done * 100) / expected));
}
