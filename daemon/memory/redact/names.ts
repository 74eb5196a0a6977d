// Names that say their value is a secret (an env variable, a config key, a
// JSON field, an XML element). A name must END with one of these words, so
// `MAX_TOKENS=4000`, `token_type` or `passwordPolicy` stay.
export const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*?(?:secret|password|passwd|passphrase|passcode|pwd|token|api[_-]?key|apikey|secret[_-]?key|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?|client[_-]?secret|key[_-]?base|encryption[_-]?key|signing[_-]?key|master[_-]?key|store[_-]?pass|key[_-]?pass|[_-]pass|[_-]pw|(?<![A-Za-z0-9])psk|(?<![A-Za-z0-9])auth|sas|private[_-]?key[_-]?id)`;

/** Prefilter keywords for SECRET_NAME: one of them is in every name it matches. */
export const NAME_KEYWORDS = [
  'secret',
  'passw',
  'passphrase',
  'passcode',
  'pwd',
  'token',
  'key',
  'credential',
  '_pass',
  '-pass',
  'storepass',
  'keypass',
  '_pw',
  '-pw',
  'psk',
  'auth',
  'sas',
];
