// Public things that look random but are published on purpose, each by its
// format's or its provider's own documentation: SSH public keys
// (`ssh-ed25519 AAAA…`, RFC 4253's key blob), WireGuard `PublicKey` lines,
// PEM public keys and certificates, PGP public key blocks, age recipients
// (`age1…`) and nostr `npub1…` keys; integrity and module hashes (go.sum's
// `h1:`, SRI's `sha384-`); object ids whose prefix the provider documents as
// an id (Stripe's `pi_`, `cus_`, `evt_`…, Paddle's `txn_`/`ctm_`, Twilio's
// `SM…` message SIDs, PostHog's `phc_` project keys meant for browsers,
// Langfuse's `pk-lf-` public keys, reCAPTCHA and Turnstile site keys);
// addresses, transactions and content ids in block-explorer and IPFS URLs;
// SSH host key fingerprints; ULIDs named as request ids. The redactor shields
// these spans before every rule but the private-key blocks, and restores them
// at the end. Base64 that decodes to ordinary text or JSON with no credential
// field (`ordinaryBase64`) is not shielded but spared by the entropy net: a
// secret's name before it still marks it.
import type { Rule } from './rule';

const B64 = String.raw`[A-Za-z0-9+/]`;
// Stripe's object id prefixes (https://docs.stripe.com/api: ids are "unique identifier for the object"); `_secret_`
// follows a client secret, never an id. Paddle's ids (`txn_01…`, `ctm_01…`), Twilio's message SIDs (`SM`/`MM` + 32
// hex), PostHog's project keys (`phc_`, documented as safe in browsers) and Langfuse's public keys (`pk-lf-`).
// Only the entropy net took them for secrets, so it asks `publicId` rather than a pass of its own shielding them.
const STRIPE_PREFIXES = [
  'pi',
  'pm',
  'ch',
  'cus',
  'evt',
  'in',
  'il',
  'ii',
  'sub',
  'si',
  'price',
  'prod',
  'py',
  're',
  'po',
  'tr',
  'txn',
  'seti',
  'src',
  'card',
  'ba',
  'plink',
  'promo',
  'di',
  'dp',
  'du',
  'fee',
  'cn',
  'sq',
  'acct',
  'ipi',
  'iar',
];
const PUBLIC_ID = new RegExp(
  String.raw`^(?:(?:${STRIPE_PREFIXES.join('|')})_[A-Za-z0-9]{8,64}|(?:txn|ctm|sub|add|biz|pri|pro|dsc|adj)_01[a-z0-9]{24}|[SM]M[0-9a-f]{32}|phc_[A-Za-z0-9]{32,64}|pk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`,
);

/** An object id or a key its provider documents as public. */
export const publicId = (v: string): boolean => PUBLIC_ID.test(v);

/** Whether base64 decodes to ordinary text or JSON holding no credential field. */
export function ordinaryBase64(b64: string): boolean {
  const clean = b64.replace(/\\n|\s/g, '');
  if (clean.length < 16 || clean.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean)) return false;
  const text = Buffer.from(clean, 'base64').toString('utf8');
  if (text.includes('\uFFFD') || /[\x00-\x08\x0e-\x1f\x7f]/.test(text)) return false;
  if (/pass|secret|token|key|credential|auth|bearer|private|session|cookie|pwd/i.test(text)) return false;
  const t = text.trim();
  if (/^[[{]/.test(t)) {
    try {
      JSON.parse(t);
      return true;
    } catch {
      return false;
    }
  }
  // Prose: words and spaces, not `user:password` or another token.
  const words = t.split(/\s+/).filter((w) => /^[A-Za-z][a-z'-]*[,.:;!?)]?$/.test(w));
  return t.split(/\s+/).length >= 4 && words.length >= 3;
}

export const PUBLIC_RULES: readonly Rule[] = [
  // An SSH public key: the key type, then RFC 4253's blob, which opens with the base64 of the type's own length and name.
  {
    kind: 'public',
    keywords: ['ssh-', 'ecdsa-sha2-', 'sk-ssh-', 'sk-ecdsa-'],
    re: new RegExp(
      String.raw`(?<s>\b(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp(?:256|384|521)|sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)(?:-cert-v01@openssh\.com)?[ \t]+AAAA${B64}{20,}={0,3})`,
      'g',
    ),
  },
  // WireGuard: PublicKey and PresharedKey are different things; only the public key is public. `wg show` prints "public key:" and "peer:".
  {
    kind: 'public',
    keywords: ['ublickey', 'ublic key', 'eer:'],
    re: new RegExp(String.raw`(?<pre>(?:\bPublicKey[ \t]*=[ \t]*|\bpublic key:[ \t]*|^peer:[ \t]*))(?<s>${B64}{42,43}=)`, 'gim'),
  },
  {
    kind: 'public',
    keywords: ['-----begin'],
    re: /(?<s>-----BEGIN (?:CERTIFICATE|PUBLIC KEY|RSA PUBLIC KEY|PGP PUBLIC KEY BLOCK|X509 CRL|CERTIFICATE REQUEST|NEW CERTIFICATE REQUEST)-----[\s\S]*?-----END [A-Z0-9 ]+-----)/g,
  },
  { kind: 'public', keywords: ['ge1', 'pub1'], re: /\b(?<s>(?:age1[02-9ac-hj-np-z]{58}|npub1[02-9ac-hj-np-z]{58,59}))\b/g },
  // go.sum and go.mod hashes, SRI integrity values, Nix's hashes.
  { kind: 'public', keywords: ['h1:'], re: new RegExp(String.raw`(?<=\s)(?<s>h1:${B64}{43}=)`, 'g') },
  { kind: 'public', keywords: ['a256-', 'a384-', 'a512-', 'a1-'], re: new RegExp(String.raw`\b(?<s>sha(?:1|256|384|512)-${B64}{27,88}={0,2})`, 'g') },
  // SSH host key fingerprints ("ED25519 key fingerprint is SHA256:…", `ssh-keygen -l`).
  { kind: 'public', keywords: ['a256:'], re: new RegExp(String.raw`(?<=fingerprint is |\d{3,4} )(?<s>SHA256:${B64}{43})`, 'g') },
  // Keys their providers publish for browsers, shielded whole so a name like PUBLIC_KEY= before them does not count.
  {
    kind: 'public',
    keywords: ['phc_', 'pk-lf-'],
    re: /(?<![\w-])(?<s>phc_[A-Za-z0-9]{32,64}|pk-lf-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-])/g,
  },
  { kind: 'public', keywords: ['sitekey'], re: /(?<pre>\bdata-sitekey=["'])(?<s>[\w-]{20,60})(?=["'])/g },
  {
    kind: 'public',
    keywords: ['quest_id', 'quest-id', 'questid', 'ace_id', 'ace-id', 'ulid'],
    re: /(?<pre>\b(?:request[_-]?id|trace[_-]?id|ulid)["']?\s*[=:]\s*["']?)(?<s>[0-7][0-9A-HJKMNP-TV-Z]{25})(?![\w-])/gi,
  },
  // Block explorers and IPFS gateways: what follows /address/, /tx/, /account/, /ipfs/ is public by design.
  {
    kind: 'public',
    keywords: ['/address/', '/addresses/', '/tx/', '/account/', '/block/', '/token/', '/ipfs/', '/txs/'],
    re: /(?<pre>https?:\/\/[\w.-]*(?:scan|explorer|mempool|blockchain|blockstream|etherscan|solscan|ipfs|dweb|pinata|gateway|blockchair|tronscan|polygonscan|arbiscan)[\w.-]*(?:\/[\w.-]+)*?\/(?:address(?:es)?(?:\/[a-z]+)?|tx|txs|account|block|token|ipfs)\/)(?<s>[A-Za-z0-9]{26,100})/g,
  },
  // A Solana or other base58 public key under its own label.
  {
    kind: 'public',
    keywords: ['ubkey', 'ublic key', 'ublic_key', 'ogram id', 'ogram_id', 'ogramid', 'ddress'],
    re: /(?<pre>\b(?:pubkey|public[ _]key|program[ _]?id|(?:wallet |contract )?address)["']?\s*[:=]\s*["']?)(?<s>[1-9A-HJ-NP-Za-km-z]{32,44})(?![\w])/gi,
  },
];
