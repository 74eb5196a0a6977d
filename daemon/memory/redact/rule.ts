// One redaction rule: a global regex whose named group `s` is the secret.
// What the regex matched before `s` (group `pre`) and after it (group `post`)
// is kept; only the secret becomes `[redacted:<kind>]`. `keywords` (lower
// case) are the prefilter: the rule runs only when one of them occurs in the
// text, so most of a transcript never reaches a regex.

export interface Rule {
  kind: string;
  /** Lower-case substrings, one of which the text must hold; none: the rule always runs. */
  keywords?: readonly string[];
  re: RegExp;
  /** Whether the captured value really is a secret; default yes. */
  accept?: (value: string, groups: Record<string, string | undefined>) => boolean;
  /** A pass over the whole text instead of `re` (a scan no regex does fast): the text rewritten and the count. */
  scan?: (text: string) => { text: string; count: number };
  /** For a match holding several secrets: returns the rewritten match and how many it replaced. */
  rewrite?: (match: string, groups: Record<string, string | undefined>) => { text: string; count: number };
}

export const marker = (kind: string): string => `[redacted:${kind}]`;

export const isMarker = (v: string): boolean => v.startsWith('[redacted:');

/** Opens a shielded span (public.ts): a value holding one is never taken by a rule that judges by form. */
export const SHIELD = '\uE000';

/** Applies one rule; returns the text and how many values it replaced (each pushed onto `found`). */
export function applyRule(rule: Rule, text: string, found?: string[]): { text: string; count: number } {
  if (rule.scan) return rule.scan(text);
  let count = 0;
  rule.re.lastIndex = 0;
  const out = text.replace(rule.re, (...args: unknown[]) => {
    const match = args[0] as string;
    const last = args[args.length - 1];
    const groups = typeof last === 'object' && last !== null ? (last as Record<string, string | undefined>) : {};
    if (rule.rewrite) {
      const r = rule.rewrite(match, groups);
      count += r.count;
      return r.text;
    }
    const value = groups.s ?? match;
    if (value.length === 0 || isMarker(value) || value.includes(SHIELD)) return match;
    if (rule.accept && !rule.accept(value, groups)) return match;
    count++;
    found?.push(value);
    return `${groups.pre ?? ''}${marker(rule.kind)}${groups.post ?? ''}`;
  });
  return { text: out, count };
}
