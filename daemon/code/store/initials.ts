// The initials of a name's words, lowercase: `switchMapTo` -> `smt`,
// `HTTP_ADAPTER` -> `ha`, `get_proxy_auth` -> `gpa`. Stored per symbol so a
// camelCase search (`sMT`, `smt`) is an index lookup.

export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0);
}

export function initialsOf(name: string): string {
  return wordsOf(name)
    .map((w) => w[0]!.toLowerCase())
    .join('');
}
