// The prefilter: which rule keywords occur in a text, found in one pass over
// its characters. Keywords are indexed by their first two (ASCII, lower-cased)
// characters, so most positions cost one table lookup; `includes` once per
// keyword per text was the slowest part of redaction.

const lowerAscii = (c: number): number => (c >= 65 && c <= 90 ? c | 0x20 : c);

export class KeywordIndex {
  private readonly table: Array<string[] | undefined> = new Array<string[] | undefined>(128 * 128);

  constructor(keywords: Iterable<string>) {
    for (const k of new Set(keywords)) {
      if (k.length < 2 || k !== k.toLowerCase() || /[^\x20-\x7e]/.test(k))
        throw new Error(`redaction keyword '${k}' must be lower-case ASCII of 2 or more characters`);
      const slot = k.charCodeAt(0) * 128 + k.charCodeAt(1);
      (this.table[slot] ??= []).push(k);
    }
  }

  /** The keywords present in `text`, case-insensitively. */
  find(text: string): Set<string> {
    const found = new Set<string>();
    const n = text.length - 1;
    let c1 = n >= 0 ? lowerAscii(text.charCodeAt(0)) : 0;
    for (let i = 0; i < n; i++) {
      const c0 = c1;
      c1 = lowerAscii(text.charCodeAt(i + 1));
      if (c0 >= 128 || c1 >= 128) continue;
      const list = this.table[c0 * 128 + c1];
      if (list === undefined) continue;
      // The characters first: most candidates fail on the third, which is cheaper than a set lookup.
      for (const k of list) if (matchesAt(text, i, k) && !found.has(k)) found.add(k);
    }
    return found;
  }
}

function matchesAt(text: string, at: number, keyword: string): boolean {
  if (at + keyword.length > text.length) return false;
  for (let j = 2; j < keyword.length; j++) if (lowerAscii(text.charCodeAt(at + j)) !== keyword.charCodeAt(j)) return false;
  return true;
}
