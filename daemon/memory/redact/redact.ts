// Secret redaction applied to every text before it is clipped, stored, logged
// or sent to a model. Passes, cheapest filter first: key material and config
// blocks (keys.ts), provider tokens by their shape (tokens.ts,
// tokens-sweep.ts), secrets by where they stand (commands.ts, configs.ts,
// context.ts, prose.ts, calls.ts), and a last net for random-looking tokens
// no rule names (entropy.ts). Each rule runs only when one of its
// keywords occurs in the text. Ordinary code, git hashes, UUIDs and words
// pass through: a false positive only costs a word, but a rule that fires on
// hashes would blank out half of every transcript.
import { CALL_RULES } from './calls';
import { COMMAND_RULES } from './commands';
import { CONFIG_RULES } from './configs';
import { CONTEXT_RULES } from './context';
import { HIGH_ENTROPY_RULE } from './entropy';
import { KEY_RULES } from './keys';
import { KeywordIndex } from './keywords';
import { PROSE_RULES } from './prose';
import { applyRule, type Rule } from './rule';
import { TOKEN_RULES } from './tokens';
import { SWEEP_RULES } from './tokens-sweep';

export interface RedactResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

const RULES: readonly Rule[] = [...KEY_RULES, ...TOKEN_RULES, ...SWEEP_RULES, ...COMMAND_RULES, ...CONFIG_RULES, ...CONTEXT_RULES, ...PROSE_RULES, ...CALL_RULES, HIGH_ENTROPY_RULE];
const KEYWORDS = new KeywordIndex(RULES.flatMap((r) => r.keywords ?? []));
// Which rules each keyword wakes, and the rules with no keyword (they always run).
const RULES_BY_KEYWORD = new Map<string, number[]>();
const ALWAYS: number[] = [];
RULES.forEach((r, i) => {
  if (!r.keywords || r.keywords.length === 0) ALWAYS.push(i);
  else for (const k of r.keywords) RULES_BY_KEYWORD.set(k, [...(RULES_BY_KEYWORD.get(k) ?? []), i]);
});

// No secret fits in fewer characters than this; shorter texts skip every rule.
const MIN_LENGTH = 8;

/** Replaces every secret in `text` by `[redacted:<kind>]` and counts them. */
export function redact(text: string): RedactResult {
  if (text.length < MIN_LENGTH) return { text, count: 0 };
  // Keywords are looked up in the original text: a replacement only ever removes them.
  const wake = new Uint8Array(RULES.length);
  for (const i of ALWAYS) wake[i] = 1;
  for (const k of KEYWORDS.find(text)) for (const i of RULES_BY_KEYWORD.get(k)!) wake[i] = 1;
  let out = text;
  let count = 0;
  for (let i = 0; i < RULES.length; i++) {
    if (wake[i] === 0) continue;
    const r = applyRule(RULES[i]!, out);
    out = r.text;
    count += r.count;
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
