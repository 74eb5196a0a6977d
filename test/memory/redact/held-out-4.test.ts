// The fourth held-out set (test/fixtures/secrets/held-out-4.json, issue 33):
// secrets in the shapes real transcripts carry that none of the earlier sets
// use (keys with no prefix and no credential word, in URLs of API hosts, as
// arguments of SDK constructors and auth subcommands; recovery phrases,
// keypair byte arrays and 0x private keys; table rows; records; tokens
// wrapped at a fixed width), and beside it keep-4.json, non-secrets that must
// come out byte for byte (public keys, hashes, base64 of ordinary text, ids
// with a public prefix, explorer URLs, hosts, container paths). Both were
// committed before the rules they score. The figures are printed with every
// miss.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { redact } from '../../../daemon/memory/redact';
import { CONTEXT_FORMS, damaged, loadCorpus, loadKeep, score } from './corpus';

const held = loadCorpus('held-out-4');
const keep = loadKeep();
// A word that says "credential" near a value; a value with none of these within 40 characters must be found by its form or its place.
const CREDENTIAL_WORD = /pass|pwd|secret|token|key|credential|auth|bearer|login|private|seed|mnemonic|signing|signature/i;

function wordNear(text: string, secret: string): boolean {
  const at = text.indexOf(secret);
  return CREDENTIAL_WORD.test(`${text.slice(Math.max(0, at - 40), at)} ${text.slice(at + secret.length, at + secret.length + 40)}`);
}

describe('redaction on the fourth held-out set', () => {
  it('shares no provider family and no form with the earlier sets, a third has no credential word near, and it is large enough', () => {
    const earlier = [...loadCorpus('corpus'), ...loadCorpus('held-out'), ...loadCorpus('held-out-2'), ...loadCorpus('held-out-3')];
    const families = new Set(earlier.filter((e) => !CONTEXT_FORMS.has(e.family)).map((e) => e.family));
    const forms = new Set(earlier.map((e) => `${e.family}/${e.form}`));
    assert.deepEqual(
      held.filter((e) => !CONTEXT_FORMS.has(e.family) && families.has(e.family)).map((e) => e.family),
      [],
    );
    assert.deepEqual(
      held.filter((e) => forms.has(`${e.family}/${e.form}`)).map((e) => `${e.family}/${e.form}`),
      [],
    );
    assert.ok(held.length >= 80, `${held.length} secrets`);
    const bare = held.filter((e) => !wordNear(e.text, e.secrets[0]!));
    assert.ok(bare.length * 3 >= held.length, `${bare.length} of ${held.length} with no credential word within 40 characters`);
    for (const kind of ['url', 'code', 'table', 'wrapped', 'wallet', 'cli', 'config', 'prose'])
      assert.ok(
        held.some((e) => e.form.includes(kind) || e.family === kind),
        kind,
      );
    assert.ok(keep.length >= 40, `${keep.length} non-secrets`);
    for (const kind of ['public-key', 'hash', 'base64', 'id', 'address', 'host', 'path']) assert.ok(keep.filter((e) => e.family === kind).length >= 2, kind);
  });

  it('its recovery phrases are real BIP-39 (words and checksum), and the word list among the non-secrets is not', () => {
    const phrases = held.filter((e) => /^bip39-\d+/.test(e.form) && !/wrapped|numbered/.test(e.form));
    assert.ok(phrases.length >= 5);
    for (const e of phrases) assert.ok(validateMnemonic(e.secrets[0]!, wordlist), e.form);
    const tags = keep
      .find((e) => e.form === 'bip39-words-bad-checksum')!
      .text.replace(/^tags: /, '')
      .split(', ');
    assert.ok(tags.length === 12 && tags.every((w) => wordlist.includes(w)) && !validateMnemonic(tags.join(' '), wordlist));
  });

  // The rules of 62dad64 gave 47 leaked, 1 partial and 24 of 56 damaged when the set was committed; the rules of
  // issue 33 leave the 3 listed below (no credential word, no form of a key: a UUID in backticks, a 40-hex value that
  // is a SHA-1's shape, a UUID under a table column named "Join"). Targets: 0 leaked, 0 partial, <= 1 damaged per 100.
  it('prints leaked, partial and damaged (misses listed): no partial, no damage, no more than the 3 known leaks', () => {
    const s = score(held, (t) => redact(t).text);
    const d = damaged(keep, (t) => redact(t).text);
    const name = (e: { family: string; form: string }): string => `${e.family}/${e.form}`;
    console.log(
      `  held-out-4: ${held.length - s.leaked.length - s.partial.length}/${held.length} redacted whole; leaked ${s.leaked.length} (${s.leaked.map(name).join(', ')}); partial ${s.partial.length} (${s.partial.map(name).join(', ')})`,
    );
    console.log(`  keep-4: ${d.length}/${keep.length} damaged (${d.map(name).join(', ')})`);
    assert.deepEqual(s.leaked.map(name).sort(), ['prose/hex-in-parentheses', 'prose/slack-quote-backticks', 'table/token-column-far']);
    assert.deepEqual(s.partial.map(name), []);
    assert.ok(d.length * 100 <= keep.length, `${d.length} of ${keep.length} damaged: ${d.map(name).join(', ')}`);
  });
});
