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

// A run of twelve or more short lower-case words, apart by spaces, line breaks, commas or list numbers (`1. word`).
const RUN = /\b[a-z]{3,8}(?:(?:[ \t]*\r?\n[ \t]*|[ \t]+|,[ \t]*)(?:\d{1,2}[.):][ \t]*)?[a-z]{3,8}\b){11,}/g;
const WORD = /[a-z]{3,8}/g;

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
  { kind: 'bip39-phrase', re: RUN, rewrite: (run) => redactPhrases(run) },
  {
    kind: 'keypair-bytes',
    re: /(?<s>\[\s*(?:\d{1,3}\s*,\s*){63}\d{1,3}\s*\])/g,
    accept: (v) => (v.match(/\d+/g) ?? []).every((n) => Number(n) <= 255),
  },
  {
    kind: 'private-key-hex',
    keywords: ['0x'],
    re: /(?<pre>^[^\n]*?)(?<![\w])(?<s>0x[0-9a-fA-F]{64})(?![0-9a-zA-Z_])/gm,
    accept: (_v, g) => {
      const before = (g.pre ?? '').slice(-80);
      if (HASH_BEFORE.test(before)) return false;
      // `NAME=0x…` at the start of a line: an assignment to a name that is not a hash's.
      return KEY_BEFORE.test(before) || /^\s*(?:export\s+)?[A-Z][A-Z0-9_]*=["']?$/.test(g.pre ?? '');
    },
  },
];
