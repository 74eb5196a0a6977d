// Wallet key material, known by its form rather than by a word beside it:
// BIP-39 recovery phrases (12 to 24 words of the standard English list whose
// last word carries the checksum, checked with @scure/bip39, a maintained and
// audited implementation of the list and the checksum), keypairs written as a
// JSON array of 64 bytes (Solana's id.json, `Keypair.fromSecretKey`), and
// `0x` + 64-hex private keys where the line says key, account or wallet (a
// transaction or block hash of the same form stays).
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { marker, type Rule } from './rule';

const WORDS = new Set(wordlist);
const LENGTHS = [24, 21, 18, 15, 12];

const WORD = /[a-z]{3,8}/g;

// Twelve words of three to eight lower-case letters apart by spaces, commas or list numbers: what wordRuns needs, and more.
const PHRASE_SHAPE = /(?<![a-z])(?=[a-z]{3,8}[\s,])(?:[a-z]{3,8}[\s,]+(?:\d{1,2}[.):]\s+)?){11}[a-z]{3,8}(?![a-z])/;
const isLower = (c: number): boolean => c >= 97 && c <= 122;
const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

const starts: number[] = [];
const ends: number[] = [];

/** Of a run of word-shaped words (starts/ends), the spans of twelve or more list words in a row. */
function listRuns(text: string, count: number, runs: Array<[number, number]>): void {
  let first = -1;
  let n = 0;
  for (let k = 0; k <= count; k++) {
    if (k < count && WORDS.has(text.slice(starts[k], ends[k]))) {
      if (n++ === 0) first = k;
      continue;
    }
    if (n >= 12) runs.push([starts[first]!, ends[first + n - 1]!]);
    n = 0;
  }
}

/**
 * Spans of twelve or more words of the BIP-39 list in a row, apart by spaces, line breaks, commas or list numbers
 * (`1. word`). One pass over the characters finds runs of twelve words of the list's shape (three to eight
 * lower-case letters); prose seldom runs that long without a short word, a capital or punctuation, so the list is
 * looked up only in those. A regex tried at every word start cost a third of redaction's time.
 */
export function wordRuns(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  const n = text.length;
  let words = 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (isLower(c)) {
      const start = i;
      while (i < n && isLower(text.charCodeAt(i))) i++;
      const next = i < n ? text.charCodeAt(i) : 32;
      const before = start === 0 ? 32 : text.charCodeAt(start - 1);
      // Not glued to a capital, a digit or `_`; ended by a separator, or by a period, comma or quote.
      const glued = (before >= 65 && before <= 90) || (before >= 48 && before <= 57) || before === 95;
      const closing = next === 46 || next === 34 || next === 39 || next === 96;
      if (i - start >= 3 && i - start <= 8 && !glued && (isSpace(next) || next === 44 || closing)) {
        starts[words] = start;
        ends[words] = i;
        words++;
        if (next === 44) i++;
        // A period or a closing quote ends the phrase after this word.
        if (!closing) continue;
      }
    } else if (c >= 48 && c <= 57 && words > 0) {
      // A list number between words: `2. word`, `3) word`.
      let j = i;
      while (j < n && j - i < 2 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      const p = j < n ? text.charCodeAt(j) : 0;
      i = j;
      if ((p === 46 || p === 41 || p === 58) && j + 1 < n && isSpace(text.charCodeAt(j + 1))) {
        i = j + 1;
        continue;
      }
    } else i++;
    if (words >= 12) listRuns(text, words, runs);
    words = 0;
  }
  if (words >= 12) listRuns(text, words, runs);
  return runs;
}

/** The run with each window of 12-24 list words that checks out as a BIP-39 phrase replaced. */
function redactPhrases(run: string): { text: string; count: number } {
  const words = [...run.matchAll(WORD)].map((m) => ({ w: m[0], at: m.index, end: m.index + m[0].length }));
  const spans: Array<[number, number]> = [];
  let i = 0;
  while (i < words.length) {
    let found = 0;
    for (const n of LENGTHS) {
      if (i + n > words.length) continue;
      const window = words.slice(i, i + n);
      if (window.every((x) => WORDS.has(x.w)) && validateMnemonic(window.map((x) => x.w).join(' '), wordlist)) {
        found = n;
        break;
      }
    }
    if (found > 0) {
      spans.push([words[i]!.at, words[i + found - 1]!.end]);
      i += found;
    } else i++;
  }
  if (spans.length === 0) return { text: run, count: 0 };
  let out = '';
  let last = 0;
  for (const [a, b] of spans) {
    out += run.slice(last, a) + marker('bip39-phrase');
    last = b;
  }
  return { text: out + run.slice(last), count: spans.length };
}

const HASH_BEFORE = /(?:hash|tx|txid|transaction|block|root|topic|digest|commit|salt|nonce|slot|storage|data|id)\W{0,6}$/i;
const KEY_BEFORE = /(?:account|priv|(?<![a-z])pk(?![a-z])|secret|signer|wallet|from_?key|key|mnemonic|deployer|owner|admin|seed)/i;

export const WALLET_RULES: readonly Rule[] = [
  {
    // The runs are found by wordRuns, each checked for phrases.
    kind: 'bip39-phrase',
    re: /(?:)/g,
    scan: (text) => {
      // Twelve words of the list's shape in a row somewhere (a looser test than wordRuns', so it only saves time).
      if (text.length < 47 || !PHRASE_SHAPE.test(text)) return { text, count: 0 };
      const runs = wordRuns(text);
      if (runs.length === 0) return { text, count: 0 };
      let count = 0;
      let out = '';
      let last = 0;
      for (const [a, b] of runs) {
        const r = redactPhrases(text.slice(a, b));
        count += r.count;
        out += text.slice(last, a) + r.text;
        last = b;
      }
      return { text: out + text.slice(last), count };
    },
  },
  {
    kind: 'keypair-bytes',
    keywords: ['[0', '[1', '[2', '[3', '[4', '[5', '[6', '[7', '[8', '[9', '[ '],
    re: /(?<s>\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}\s*\])/g,
    accept: (v) => (v.match(/\d+/g) ?? []).every((n) => Number(n) <= 255),
  },
  {
    kind: 'private-key-hex',
    keywords: ['0x'],
    // The key first, then up to 120 characters of its line behind it (a look back that runs only where a key stands).
    re: /(?<![\w])(?<s>0x[0-9a-fA-F]{64})(?![0-9a-zA-Z_])(?<=(?<line>[^\n]{0,120})0x[0-9a-fA-F]{64})/g,
    accept: (_v, g) => {
      const before = g.line ?? '';
      if (HASH_BEFORE.test(before)) return false;
      // `NAME=0x…` opening a line: an assignment to a name that is not a hash's.
      return KEY_BEFORE.test(before) || /^\s*(?:export\s+)?[A-Z][A-Z0-9_]*=["']?$/.test(before);
    },
  },
];
