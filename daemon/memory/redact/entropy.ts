// The net under the provider rules: a long run of token characters whose
// make-up is random (mixed case and digits, high Shannon entropy) is taken
// for a credential even when no rule knows its provider. Hex-only runs (git
// SHAs, UUIDs, digests) and words, paths and identifiers stay: their letters
// repeat, their case is mostly one, or they have no digits.
import type { Rule } from './rule';

/** Shannon entropy in bits per character. */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

const HASH_PREFIX = /^(?:sha\d*|md5|blake\d*\w*|sri|integrity)[-:]/i;
// Object ids the agent APIs put in every transcript (Anthropic `toolu_`,
// `msg_`, `req_`; OpenAI `call_`, `resp_`, `chatcmpl-`...): random, public, not credentials.
const OBJECT_ID = /^(?:(?:agent_)?(?:toolu|srvtoolu|msg|req|call|resp|rs|fc|ws|run|thread|asst|batch|file|ftjob|vs)_|chatcmpl-)[A-Za-z0-9]{16,40}$/;
// Fernet ciphertext (a version byte of 0x80): an encrypted blob such as Codex's reasoning, not a key.
const FERNET = /^gAAAAAB[\w=-]{60,}$/;
// Anthropic thinking-block signatures: base64 of a protobuf that always opens the same way.
const THINKING_SIGNATURE = /^E[\w+/]{3}CkYI[\w+/]{40,}={0,2}$/;
const HEXISH = /^[0-9a-f-]+$/i;
// A lower-case word prefix, then a long hex body: `name_<hex>` is a token; a bare hex run is a hash.
const PREFIXED_HEX = /^[a-z][a-z0-9]{1,15}(?:[_-][a-z0-9]{1,10}){0,2}[_-][0-9a-f]{32,}$/;
const BASE36 = /^(?:[a-z0-9]{1,10}[_-])?(?<body>[a-z0-9]{24,})$/;
const NOT_PREFIXES = /^(?:sha\d*|md5|commit|rev|revision|id|uuid|guid|hash|digest|blob|tree|object|sum|checksum|etag|build|v\d*|sha256sum|git|tx|block)[_-]/i;

/** Whether a run of token characters looks like a random credential. */
export function looksRandom(run: string): boolean {
  if (HASH_PREFIX.test(run) || OBJECT_ID.test(run) || FERNET.test(run) || THINKING_SIGNATURE.test(run)) return false;
  if (PREFIXED_HEX.test(run)) return !NOT_PREFIXES.test(run);
  if (HEXISH.test(run)) return false;
  // A path or URL: judge its longest segment alone.
  if (run.includes('/') && !/[+=]/.test(run)) {
    const longest = run.split('/').reduce((a, b) => (b.length > a.length ? b : a), '');
    return longest.length >= 20 && longest !== run && looksRandom(longest);
  }
  // Lower case and digits in one unbroken body (after at most a short prefix): digits scattered through
  // it mark it random even where letters happen to run four or more (which the word test below would take for words).
  const b36 = BASE36.exec(run)?.groups?.body;
  if (b36 !== undefined && !HEXISH.test(b36)) {
    const digits = b36.replace(/[^0-9]/g, '').length;
    if (digits / b36.length >= 0.12 && (b36.match(/[0-9]+/g) ?? []).length >= 4) return entropy(b36) >= 4.0;
  }
  const alnum = run.replace(/[^A-Za-z0-9]/g, '');
  const n = alnum.length;
  if (n < 20) return false;
  let upper = 0;
  let lower = 0;
  let digit = 0;
  for (const ch of alnum) {
    if (ch >= 'A' && ch <= 'Z') upper++;
    else if (ch >= 'a' && ch <= 'z') lower++;
    else digit++;
  }
  // Words run together (camelCase, snake_case): most letters sit in runs of four or more lower-case letters.
  const wordy = (run.match(/[a-z]{4,}/g) ?? []).reduce((a, w) => a + w.length, 0);
  if (wordy / n >= 0.4) return false;
  const h = entropy(alnum);
  // Mixed case with digits: camelCase names have few capitals, random base62 about 40 %.
  if (upper >= 3 && lower >= 3 && digit >= 2 && upper / n >= 0.2 && lower / n >= 0.2) return h >= 3.9 || (n >= 32 && h >= 3.7);
  // Lower case and digits (base36): long, digit-rich, not hex.
  if (upper === 0 && lower >= 8 && digit >= 4 && n >= 28 && digit / n >= 0.1) return h >= 4.0;
  // Upper case and digits, but not a SCREAMING_SNAKE constant.
  if (/^[A-Z0-9]+(?:_[A-Z0-9]+)+$/.test(run)) return false;
  if (lower === 0 && upper >= 8 && digit >= 4 && n >= 20 && digit / n >= 0.1) return h >= 3.9;
  return false;
}

export const HIGH_ENTROPY_RULE: Rule = {
  kind: 'high-entropy',
  // Not after `base64,` (inline images) nor inside a longer run.
  re: /(?<!base64,)(?<![\w+/=.~-])(?<s>[A-Za-z0-9][\w+/=.~-]{19,}[\w+/=])(?![\w+/=~-])/g,
  accept: (v) => looksRandom(v),
};
