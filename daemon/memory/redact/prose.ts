// Secrets said in prose, in any order: "DB_PASSWORD is hunter2", "the
// password for the admin account is 'x'", "log in with password x", "the
// search key we were given is V", "V is the password for the staging
// box", "the api key? it's V", "changed the root pw to V", "log in with
// admin / V". A bare word after the credential word must look like a
// password (digits or symbols); with other words between, it must look
// generated.
import type { Rule } from './rule';
import { credentialShaped } from './shape';
import { isStopword, notAValue, plausibleSecret } from './values';

export const PROSE_RULES: readonly Rule[] = [
  {
    // "DB_PASSWORD is hunter2": an environment-style name said to be a value.
    kind: 'prose-secret',
    keywords: ['pass', 'pwd', 'secret', 'token', 'key', 'credential'],
    re: /(?<pre>\b[A-Z][A-Z0-9_]*(?:PASSWORD|PASSWD|PASS|PWD|SECRET|TOKEN|KEY|CREDENTIALS?)\s+(?:is|was|is now|is set to|set to|reads|became)\s+(?<q>["'`]?))(?<s>[^\s"'`,;]+)/g,
    accept: (v, g) => !notAValue(v) && (Boolean(g.q) || plausibleSecret(v) || plausibleWordSecret(v)),
  },
  {
    // "the password for the admin account is 'x'", "my api token: x".
    kind: 'prose-secret',
    keywords: ['passw', 'passphrase', 'secret', 'token', 'key', 'pin', 'credential'],
    re: /(?<pre>\b(?:password|passwd|passphrase|secret|token|api[ -]?key|pin|credentials?)(?:\s+(?:for|of|on|to)\s+(?:the\s+)?[\w.@-]+(?:\s+[\w.@-]+)?)?(?:\s+(?:is|was|is now|is set to|set to|=|:|reads|became)\s+(?<q>["'`]?)|(?<colon>\s*:\s+)))(?<s>[^\s"'`,;]+)/gi,
    // After a bare colon ("API key: V") the value stands unquoted and must hold a digit, or look generated.
    accept: (v, g) =>
      g.colon
        ? credentialShaped(v) || (plausibleSecret(v) && /^\w/.test(v) && /\d/.test(v))
        : g.q
          ? (!notAValue(v) && !/^[A-Za-z_$][\w$]*$/.test(v)) || plausibleSecret(v)
          : plausibleSecret(v),
  },
  {
    // "log in with password hunter2", "use the token x".
    kind: 'prose-secret',
    keywords: ['passw', 'passphrase', 'token', 'key', 'secret'],
    re: /(?<pre>\b(?:with|using|use|via)\s+(?:the\s+)?(?:password|passphrase|passwd|token|api key|key|secret)\s+(?<q>["'`]?))(?<s>[^\s"'`,;]+)/gi,
    accept: (v, g) => (g.q ? !notAValue(v) : plausibleSecret(v)),
  },
  {
    // "the search key we were given is V": words between the credential word and `is`; the value must look generated.
    kind: 'prose-secret',
    keywords: ['passw', 'passphrase', 'secret', 'token', 'key', 'credential'],
    re: /(?<pre>\b(?:password|passphrase|secret|token|api[ -]?key|key|credentials?)\b[^\n.;:?!]{1,40}?\s(?:is|was|is now|=|:)\s+(?<q>["'`]?))(?<s>[^\s"'`,;]+)/gi,
    accept: (v) => credentialShaped(v),
  },
  {
    // The value first: "hunter22 is the password for the staging box", "V is the api key for the bot".
    kind: 'prose-secret',
    // Woken by the phrase, not the word: the value comes first, so the regex has no literal to start from.
    keywords: [' is the ', ' is our ', ' is my ', ' is your ', ' is its ', ' is their ', ' was the ', ' was our ', ' was my ', ' = the '],
    re: /(?<![^\s(["'`])(?<s>[^\s"'`,;()[\]]{4,})(?<post>\s+(?:is|was|=)\s+(?:the|our|my|your|its|their)\s+(?:[\w.-]+\s+){0,3}?(?:password|passwd|passphrase|pw|pwd|pin|token|secret|api[ -]?key|key|credentials?)(?=\s+(?:for|of|to|on|in|we|you|that|used)\b|\s*[.,;:!)]|\s*$))/gim,
    accept: (v) => !isStopword(v) && plausibleSecret(v) && !/[/\\]/.test(v),
  },
  {
    // Asked and answered ("the api key? it's V"), set aside by dashes ("the new token — V —"), or changed ("changed the root pw to V").
    kind: 'prose-secret',
    keywords: ['passw', 'passphrase', 'pw', 'pin', 'secret', 'token', 'key', 'credential'],
    re: /(?<pre>\b(?:(?:password|passwd|passphrase|pw|pwd|pin|token|secret|api[ -]?key|key|credentials?)(?:\?\s+(?:it'?s|it is|use)|\s+[—–])|(?:changed|set|reset|updated|rotated|switched)\b[^\n.]{0,40}?\b(?:password|passwd|passphrase|pw|pwd|pin|token|secret|key)\s+(?:to|as))\s+(?<q>["'`]?))(?<s>[^\s"'`,;]+)/gi,
    accept: (v, g) => (g.q ? !notAValue(v) && !isStopword(v) : plausibleSecret(v)),
  },
  {
    // "log in with admin / V", "credentials: ops / V", "the creds are ops:V".
    kind: 'prose-secret',
    keywords: ['log in', 'login', 'log-in', 'sign in', 'signin', 'credential', 'creds'],
    re: /(?<pre>\b(?:log(?:ged)?[ -]?in|sign(?:ed)?[ -]?in|credentials?|creds)\b[^\n]{0,30}?\s(?<user>[\w.@-]{2,40})(?:\s*\/\s*|(?<colon>:)))(?<s>[^\s/"'`,;]+)/gi,
    accept: (v) => plausibleSecret(v) && !/^[\w-]+\.\w{1,4}$/.test(v),
  },
];

/** After an env-style name, a single plain word is still the value unless it is an ordinary English word. */
function plausibleWordSecret(v: string): boolean {
  return (
    /^[A-Za-z][A-Za-z0-9]{3,}$/.test(v) &&
    !/^(?:is|was|the|a|an|not|set|unset|empty|missing|required|wrong|invalid|expired|correct|stored|rotated|changed|leaked|used|needed|present|configured|defined|available)$/i.test(
      v,
    )
  );
}
