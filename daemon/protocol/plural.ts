// How a count reads in every answer, CLI line and message: `1 file`, `3 files`.
// One helper, so no sentence writes its own `n === 1 ? '' : 's'`.

/** The word for a count: `word` for one, else `many` (`word` + s unless given: `entity`/`entities`, `match`/`matches`). */
export const pluralNoun = (n: number, word: string, many = `${word}s`): string => (n === 1 ? word : many);

/** A count and its word: `1 file`, `3 files`, `2 entities` (with `many`). */
export const plural = (n: number, word: string, many?: string): string => `${n} ${pluralNoun(n, word, many)}`;
