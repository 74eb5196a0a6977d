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
import { RECORD_RULES } from './records';
import { PUBLIC_RULES } from './public';
import { credentialShaped } from './shape';
import { applyRule, marker, SHIELD, type Rule } from './rule';
import { TOKEN_RULES } from './tokens';
import { URL_RULES } from './urls';
import { WALLET_RULES } from './wallets';
import { SWEEP_RULES } from './tokens-sweep';

export interface RedactResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

// Private key blocks go first, then public things are shielded (public.ts), then the rest.
const RULES: readonly Rule[] = [
  ...KEY_RULES,
  ...PUBLIC_RULES,
  ...WALLET_RULES,
  ...RECORD_RULES,
  ...TOKEN_RULES,
  ...URL_RULES,
  ...SWEEP_RULES,
  ...COMMAND_RULES,
  ...CONFIG_RULES,
  ...CONTEXT_RULES,
  ...PROSE_RULES,
  ...CALL_RULES,
  HIGH_ENTROPY_RULE,
];
const PUBLIC = Uint8Array.from(RULES, (r) => (PUBLIC_RULES.includes(r) ? 1 : 0));
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
  const found: string[] = [];
  const shielded: string[] = [];
  // A text that already holds the shield's characters is not shielded (they would be ambiguous).
  const canShield = !text.includes(SHIELD) && !text.includes(SHIELD_END);
  for (let i = 0; i < RULES.length; i++) {
    if (wake[i] === 0) continue;
    const rule = RULES[i]!;
    if (PUBLIC[i] === 1) {
      if (canShield) out = shield(rule, out, shielded);
      continue;
    }
    const r = applyRule(rule, out, found);
    out = r.text;
    count += r.count;
  }
  // A secret found once is a secret wherever else the text repeats it (`login X` echoed back as `account "X" set`).
  if (found.length > 0)
    for (const v of new Set(found))
      if (v.length >= 10 && (credentialShaped(v) || /^\d{12,}$/.test(v)) && out.includes(v)) {
        const parts = out.split(v);
        count += parts.length - 1;
        out = parts.join(marker('repeated'));
      }
  if (shielded.length > 0) out = out.replace(SHIELDED, (_m, i: string) => shielded[decodeIndex(i)] ?? '');
  return { text: out, count };
}

// A shielded span: SHIELD, its index in private-use characters, SHIELD_END.
const SHIELD_END = '\uE001';
const DIGIT0 = 0xe010;
const SHIELDED = /\uE000([\uE010-\uE019]+)\uE001/g;
const encodeIndex = (n: number): string => [...String(n)].map((d) => String.fromCharCode(DIGIT0 + Number(d))).join('');
const decodeIndex = (s: string): number => Number([...s].map((c) => c.charCodeAt(0) - DIGIT0).join(''));

/** Replaces each public span the rule finds by a placeholder no rule takes for a secret. */
function shield(rule: Rule, text: string, shielded: string[]): string {
  rule.re.lastIndex = 0;
  return text.replace(rule.re, (...args: unknown[]) => {
    const match = args[0] as string;
    const last = args[args.length - 1];
    const g = typeof last === 'object' && last !== null ? (last as Record<string, string | undefined>) : {};
    const value = g.s ?? match;
    if (value.includes(SHIELD) || value.includes('[redacted:') || (rule.accept && !rule.accept(value, g))) return match;
    shielded.push(value);
    return `${g.pre ?? ''}${SHIELD}${encodeIndex(shielded.length - 1)}${SHIELD_END}${g.post ?? ''}`;
  });
}

/** Every string inside a JSON-like value redacted (before it is serialised: escaped text hides secrets from the rules). */
export function redactDeep(value: unknown): unknown {
  if (typeof value === 'string') return redact(value).text;
  if (Array.isArray(value)) return value.map(redactDeep);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v)]));
  return value;
}
