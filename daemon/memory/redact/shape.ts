// Whether a value standing next to a credential word (an assignment to a
// secret's name, an Authorization scheme, "the X key … is V") has the shape
// of a generated credential. Looser than the entropy net (which judges runs
// with no context at all): a UUID, a long hex string, or a short base36 or
// base62 string with its digits and cases mixed counts here, because the word
// beside it already says what it is. Words, paths, versions, dates, member
// paths and URLs still do not.
import { looksRandom } from './entropy';
import { notAValue, unquote } from './values';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?::\w{1,4})?$/i;
const HEX = /^[0-9a-f]{24,}$/i;
const TOKEN_CHARS = /^[A-Za-z0-9._~+/=:-]+$/;
const VERSION_OR_DATE = /^v?\d+(?:[.:-]\d+)+(?:[-+.][\w.]+)?$/;
const MEMBER_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/** Letters in runs of four or more lower-case letters, as a share of all letters and digits: high for words and identifiers. */
export function wordiness(v: string): number {
  const alnum = v.replace(/[^A-Za-z0-9]/g, '').length;
  if (alnum === 0) return 1;
  return (v.match(/[a-z]{4,}/g) ?? []).reduce((a, w) => a + w.length, 0) / alnum;
}

/** A credential-shaped value, judged knowing that a credential word stands next to it. */
export function credentialShaped(raw: string): boolean {
  const v = unquote(raw).replace(/[.,)]+$/, '');
  if (v.length < 10 || v.length > 1024 || !TOKEN_CHARS.test(v) || notAValue(v)) return false;
  if (UUID.test(v) || HEX.test(v)) return true;
  if (VERSION_OR_DATE.test(v) || MEMBER_PATH.test(v) || /^[a-z][a-z0-9+.-]*:\/\//i.test(v) || /^\.{0,2}\//.test(v)) return false;
  if (looksRandom(v)) return true;
  const upper = (v.match(/[A-Z]/g) ?? []).length;
  const lower = (v.match(/[a-z]/g) ?? []).length;
  const digit = (v.match(/[0-9]/g) ?? []).length;
  if (wordiness(v) >= 0.4) return false;
  // base36 or base62 with digits through it (`7w8cj46moe56na6uuq4lmm6h`, `bm1mmN7788IGvb2G`).
  if (digit >= 2 && upper + lower >= 3 && (v.match(/\d+/g) ?? []).length >= 2) return true;
  // Mixed case without digits, case switching throughout (`CSWyCTKvhN`), not a PascalCase name.
  return upper >= 3 && lower >= 3 && (v.match(/[a-z][A-Z]|[A-Z][a-z]/g) ?? []).length >= Math.max(3, v.length / 4);
}
