// Secrets handed to code: a user and a password passed together to a
// credential or login call (`NetworkCredential("u", "PW")`, `auth=("u", "PW")`),
// and a generated-looking string passed to a client's constructor
// (`payments.Client("uuid")`).
import type { Rule } from './rule';
import { credentialShaped } from './shape';
import { notAValue, plausibleSecret } from './values';

export const CALL_RULES: readonly Rule[] = [
  {
    // A user and a password passed together: `NetworkCredential("u", "PW")`, `HTTPBasicAuth('u', 'PW')`, `auth=("u", "PW")`.
    kind: 'call-password',
    keywords: ['credential', 'auth', 'login', 'password'],
    re: /(?<pre>(?:(?:Credentials?|Auth|auth|Login|login|Password|password)\w*\s*\(|\bauth\s*=\s*[([])\s*(?<q1>["'])[^"'\n]{1,64}\k<q1>\s*,\s*(?<q2>["']))(?<s>[^"'\n]{4,})(?<post>\k<q2>\s*[)\],])/g,
    accept: (v) => !/\s/.test(v) && !notAValue(v) && (plausibleSecret(v) || credentialShaped(v)),
  },
  {
    // A generated-looking string handed to a client's constructor: `payments.Client("uuid")`, `new ApiClient('key')`.
    kind: 'client-key',
    keywords: ['client(', 'api(', 'sdk(', 'client.new('],
    re: /(?<pre>(?:Client|Api|API|Sdk|SDK)(?:\.new)?\s*\(\s*(?<q>["']))(?<s>[^"'\s]{16,})(?<post>\k<q>)/g,
    accept: (v) => credentialShaped(v),
  },
];
