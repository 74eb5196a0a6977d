// Secret redaction applied to every text before it is clipped, stored, logged
// or sent to a model. Four passes, cheapest filter first: key material and
// config blocks (keys.ts), provider tokens by their shape (tokens.ts),
// secrets by where they stand (context.ts), and a last net for random-looking
// tokens no rule names (entropy.ts). Each rule runs only when one of its
// keywords occurs in the text. Ordinary code, git hashes, UUIDs and words
// pass through: a false positive only costs a word, but a rule that fires on
// hashes would blank out half of every transcript.
import { CONTEXT_RULES } from './context';
import { HIGH_ENTROPY_RULE } from './entropy';
import { KEY_RULES } from './keys';
import { applyRule, type Rule } from './rule';
import { TOKEN_RULES } from './tokens';

export interface RedactResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

const RULES: readonly Rule[] = [...KEY_RULES, ...TOKEN_RULES, ...CONTEXT_RULES, HIGH_ENTROPY_RULE];

// No secret fits in fewer characters than this; shorter texts skip every rule.
const MIN_LENGTH = 8;

/** Replaces every secret in `text` by `[redacted:<kind>]` and counts them. */
export function redact(text: string): RedactResult {
  if (text.length < MIN_LENGTH) return { text, count: 0 };
  let lower = text.toLowerCase();
  let out = text;
  let count = 0;
  for (const rule of RULES) {
    if (rule.keywords && !rule.keywords.some((k) => lower.includes(k))) continue;
    const r = applyRule(rule, out);
    if (r.count > 0) {
      out = r.text;
      lower = out.toLowerCase();
      count += r.count;
    }
  }
  return { text: out, count };
}

/** Every string inside a JSON-like value redacted (before it is serialised: escaped text hides secrets from the rules). */
export function redactDeep(value: unknown): unknown {
  if (typeof value === 'string') return redact(value).text;
  if (Array.isArray(value)) return value.map(redactDeep);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v)]));
  return value;
}
