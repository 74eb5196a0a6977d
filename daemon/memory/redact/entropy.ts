// The net under the provider rules: a long run of token characters whose
// make-up is random (mixed case and digits, high Shannon entropy) is taken
// for a credential even when no rule knows its provider. Hex-only runs (git
// SHAs, UUIDs, digests) and words, paths and identifiers stay: their letters
// repeat, their case is mostly one, or they have no digits.
import { ordinaryBase64, publicId } from './public';
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
// A hex part of a composite token: 24 hex digits or more, or a UUID, standing between separators.
const HEX_PART = /(?<![0-9a-z])(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24,})(?![0-9a-z])/gi;
const NOT_PREFIXES = /^(?:sha\d*|md5|commit|rev|revision|id|uuid|guid|hash|digest|blob|tree|object|sum|checksum|etag|build|v\d*|sha256sum|git|tx|block)[_-]/i;

// A provider-style prefix of lower-case words (`acme_live_`, `xy_sbox_`, `pay_live_apikey_`) before a body.
const WORD_PREFIX = /^(?<prefix>(?:[a-z][a-z0-9]{1,11}[_-]){1,4})(?<body>[A-Za-z0-9][\w-]{13,})$/;
// Five characters in alphabet order (`ABCDE`, `23456`, `mnopq`): an alphabet or a test fixture, not a random draw.
const SEQUENCE =
  /(?:abcde|bcdef|cdefg|defgh|efghi|fghij|ghijk|hijkl|ijklm|jklmn|klmno|lmnop|mnopq|nopqr|opqrs|pqrst|qrstu|rstuv|stuvw|tuvwx|uvwxy|vwxyz|01234|12345|23456|34567|45678|56789)/i;

/** Whether the body after a word prefix, or one of its `_`/`-` parts, is random. */
function randomBody(body: string): boolean {
  // The parts joined are judged too when they mix cases (`re_qH5SHPPY_QJsbli…`), never as lower case alone (`package_json_has_0_field_1`).
  // A part that is a number, a word or words run together (`arg_immediate_…_16_0`, `messageInfo`) rules the join out.
  const parts = body.split(/[_-]/);
  if (parts.some((p) => randomPart(p, true))) return true;
  const joined = parts.join('');
  return (
    parts.length > 1 &&
    joined.length >= 20 &&
    !parts.some((p) => /^(?:\d+|[A-Za-z][a-z]{2,}|[a-z]{2,}(?:[A-Z][a-z]{2,})+)$/.test(p)) &&
    randomPart(joined, false)
  );
}

/** Mixed case with a digit and few lower-case words, or lower case with digits in three places or more; entropy near a random draw's. */
function randomPart(alnum: string, lowerCase: boolean): boolean {
  if (alnum.length < 14 || SEQUENCE.test(alnum) || HEXISH.test(alnum)) return false;
  const upper = alnum.replace(/[^A-Z]/g, '').length;
  const lower = alnum.replace(/[^a-z]/g, '').length;
  const digit = alnum.length - upper - lower;
  const h = entropy(alnum);
  if (upper >= 2 && lower >= 2 && digit >= 1) {
    const wordy = (alnum.match(/[a-z]{4,}/g) ?? []).reduce((a, w) => a + w.length, 0) / alnum.length;
    return wordy < 0.4 && h >= randomFloor(alnum.length, 62);
  }
  // Random lower case runs four letters and more by chance, so the digits' spread, not word runs, tells it from a name.
  if (lowerCase && upper === 0 && digit >= 3 && lower >= 6 && (alnum.match(/[0-9]+/g) ?? []).length >= 3) return h >= randomFloor(alnum.length, 36);
  // The same in upper case (`IKBZA45B4TPL…`): a SCREAMING_SNAKE name has no digits in its parts.
  if (lowerCase && lower === 0 && digit >= 3 && upper >= 6 && (alnum.match(/[0-9]+/g) ?? []).length >= 3) return h >= randomFloor(alnum.length, 36);
  return false;
}

/**
 * The entropy (bits per character) that 95 % of random draws of `n` characters from an alphabet of
 * 36 (lower case and digits) or 62 (both cases and digits) reach: log2(n) less a margin that grows with n
 * as repeats become likely. Fitted to simulated draws for n from 12 to 64.
 */
export function randomFloor(n: number, alphabet: 36 | 62): number {
  return Math.log2(n) - (alphabet === 36 ? 0.5 + n / 64 : 0.35 + n / 96);
}

/** Whether a run of token characters looks like a random credential. */
export function looksRandom(run: string): boolean {
  if (HASH_PREFIX.test(run) || OBJECT_ID.test(run) || FERNET.test(run) || THINKING_SIGNATURE.test(run) || publicId(run)) return false;
  if (PREFIXED_HEX.test(run)) return !NOT_PREFIXES.test(run);
  // Two long hex parts or UUIDs in one token (`1000.<hex32>.<hex32>`, `<prefix>.<hex32>.<uuid>`): a key and its id,
  // not a hash (a git range joins its two with `..`).
  // Never across `/`: a path may hold two session ids.
  if (!run.includes('..') && !run.includes('/') && (run.match(HEX_PART) ?? []).length >= 2 && !NOT_PREFIXES.test(run)) return true;
  const prefixed = WORD_PREFIX.exec(run)?.groups;
  if (prefixed && !NOT_PREFIXES.test(run) && randomBody(prefixed.body!)) return true;
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
  if (SEQUENCE.test(alnum)) return false;
  if (upper >= 3 && lower >= 3 && digit >= 2 && upper / n >= 0.2 && lower / n >= 0.2) return h >= 3.9 || (n >= 32 && h >= 3.7);
  // Mixed case with hardly a digit: long, both cases throughout, and lower case seldom three in a row
  // (camelCase names, even of short words, are mostly such runs: `forEachChildInJSDocTypeLikeTag`).
  if (n >= 24 && upper / n >= 0.3 && lower / n >= 0.3 && (run.match(/[a-z]{3,}/g) ?? []).reduce((a, w) => a + w.length, 0) / n < 0.25) return h >= 4.2;
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
  re: /(?<!base64,)(?<![\w+/.~-])(?<!==)(?<s>[A-Za-z0-9][\w+/=.~-]{19,}[\w+/=-])(?![\w+/=~-])/g,
  // Base64 of ordinary text or JSON is not random, however it looks (after a JSON-escaped `\n`, the run opens with its `n`).
  accept: (v) => looksRandom(v) && !ordinaryBase64(v) && !(v.startsWith('n') && ordinaryBase64(v.slice(1))),
};
