// Secrets in config files whose syntax is not `name = value`: `.netrc`
// (`machine h login u password PW`), `.pgpass` (`host:port:db:user:PW`),
// space-separated directives (`requirepass PW`), XML elements and
// `key="…" value="…"` pairs, and a quoted secret name followed by its value
// in code (`define('DB_PASSWORD', 'PW')`, `'password' => 'PW'`,
// `env["API_TOKEN"] = "PW"`).
import { SECRET_NAME } from './names';
import type { Rule } from './rule';
import { isStopword, notAValue, plausibleSecret } from './values';

// A validation or option list (`'required|min:8'`), not a value.
const optionList = (v: string): boolean => /^[\w:,.-]+(?:\|[\w:,.-]+)+$/.test(v);
// A quoted literal beside a secret's name in code is often a label (`'x-token'`, `'class body'`):
// take one word of six or more characters with a digit or a symbol beyond `-` and `_`.
const strongLiteral = (v: string): boolean => v.length >= 6 && !/\s/.test(v) && !optionList(v) && plausibleSecret(v) && (/\d/.test(v) || /[^\w-]/.test(v));

export const CONFIG_RULES: readonly Rule[] = [
  {
    kind: 'netrc-password',
    keywords: ['password'],
    re: /(?<pre>(?:^|\s)(?<m>machine\s+\S+|default)(?:\s+(?:login|account|port)\s+\S+)*\s+password\s+)(?<s>\S+)/g,
    // After `machine HOST` any word but a stopword; after `default` (prose: "the default password is") only what looks like a secret.
    accept: (v, g) => (g.m === 'default' ? plausibleSecret(v) : !notAValue(v) && !isStopword(v)),
  },
  {
    // A line holding only a directive and its value: `.netrc` on several lines, redis.conf, wpa_supplicant.
    kind: 'config-password',
    keywords: ['password', 'passwd', 'requirepass', 'masterauth', 'passphrase'],
    re: /^(?<pre>[ \t]*(?:password|passwd|requirepass|masterauth|masterpassword|passphrase)[ \t]+)(?<s>\S+)(?=[ \t]*$)/gim,
    accept: (v) => plausibleSecret(v),
  },
  {
    // ~/.pgpass: host:port:database:user:password (a port of digits or `*`; database and user not bare numbers, so MAC addresses stay).
    // Fields are bounded (a host name's 253, an identifier's 63) so a long line costs one pass.
    kind: 'pgpass-password',
    re: /^(?<pre>(?:\*|(?=[\w.-]{0,253}[A-Za-z])[\w.-]{1,253}):(?:\d{1,5}|\*):(?:\*|(?=[^:\s]{0,63}[A-Za-z_])[^:\s]{1,63}):(?:\*|(?=[^:\s]{0,63}[A-Za-z_])[^:\s]{1,63}):)(?<s>\S+)$/gm,
    accept: (v) => !notAValue(v),
  },
  {
    // <password>PW</password>, <db.secret>PW</db.secret>.
    kind: 'xml-secret',
    keywords: ['pass', 'secret', 'token', 'key>', 'credential', 'pwd'],
    re: new RegExp(String.raw`(?<pre><(?<tag>${SECRET_NAME})(?:\s[^>]*)?>)(?<s>[^<\s][^<\n]*?)(?<post></\k<tag>>)`, 'gi'),
    accept: (v) => !notAValue(v),
  },
  {
    // <add key="ClearTextPassword" value="PW"/>, <property name="db.password" value="PW"/>.
    kind: 'xml-secret',
    keywords: ['value='],
    re: new RegExp(String.raw`(?<pre>\b(?:key|name)\s*=\s*"${SECRET_NAME}"\s+value\s*=\s*")(?<s>[^"\n]+)(?<post>")`, 'gi'),
    accept: (v) => !notAValue(v),
  },
  {
    // define('DB_PASSWORD', 'PW'), setenv("API_TOKEN", "PW"): a call's first two arguments.
    kind: 'quoted-secret',
    keywords: ['pass', 'secret', 'token', 'key', 'credential', 'pwd', 'psk'],
    re: new RegExp(String.raw`(?<pre>\(\s*(?<q1>["'])${SECRET_NAME}\k<q1>\s*,\s*(?<q2>["']))(?<s>[^"'\n]+)(?<post>\k<q2>)`, 'gi'),
    accept: strongLiteral,
  },
  {
    // 'password' => 'PW'; env["API_TOKEN"] = "PW".
    kind: 'quoted-secret',
    keywords: ['pass', 'secret', 'token', 'key', 'credential', 'pwd', 'auth', 'psk'],
    re: new RegExp(String.raw`(?<pre>(?<q1>["'])${SECRET_NAME}\k<q1>\s*\]?\s*(?:=>|=)\s*(?<q2>["']))(?<s>[^"'\n]+)(?<post>\k<q2>)`, 'gi'),
    accept: strongLiteral,
  },
];
