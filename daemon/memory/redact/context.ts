// Secrets known by where they stand rather than by their shape: assigned to
// a name that says secret (.env, shell, Dockerfile, YAML, JSON, headers),
// passed to a command (`mysql -pPW`, `curl -u user:pw`, `--password X`),
// inside a URL (`redis://:pw@`, `?sig=`), in a connection string
// (`AccountKey=`) or an Authorization header. Prose is in prose.ts, code
// calls in calls.ts.
import type { Rule } from './rule';
import { looksRandom } from './entropy';
import { NAME_KEYWORDS, SECRET_NAME } from './names';
import { credentialShaped } from './shape';
import { isStopword, notAValue, plausibleSecret, unquote } from './values';

const codeCall = (v: string): boolean => /^[A-Za-z_$][\w$.]*\(/.test(v);
// A value after a secret's name in a command: not a reference, a word or a call, and shaped like a password or a key.
const valueAfterName = (v: string): boolean => !notAValue(v) && !isStopword(unquote(v)) && !codeCall(v) && (plausibleSecret(v) || credentialShaped(v));
// The rest of a line that is code: a statement or item end, an opened block, an arrow function.
const codeShape = (v: string): boolean => /[;,{([]$/.test(v) || /^\(.*\)\s*(?::[^=]*)?=>/.test(v);

export const CONTEXT_RULES: readonly Rule[] = [
  {
    // .env lines, shell exports, YAML at the start of a line: the whole rest of the line.
    kind: 'env-secret',
    keywords: NAME_KEYWORDS,
    re: new RegExp(
      String.raw`^(?<pre>[ \t]*-?[ \t]*(?:export[ \t]+)?["']?${SECRET_NAME}["']?(?:[ \t]*=[ \t]*|[ \t]*:[ \t]+))(?<s>[^\s#](?:[^\n]*[^\s])?)(?=[ \t]*$)`,
      'gim',
    ),
    // `token: string;`, `password: req.body.password,` and `x = f()` are code.
    accept: (v) => !notAValue(v) && !codeCall(v) && !codeShape(v) && !/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v),
  },
  {
    // The same assignment inline: `DB_PASSWORD=x npm test`, `?token=x&`, `-Dsonar.token=x`,
    // `--password=x`, `"client_secret": "x"`, `X-API-Key: x`, `password="x"`.
    kind: 'env-secret',
    keywords: NAME_KEYWORDS,
    // The name sits in a lookbehind, so the regex is only tried where an `=` or `:` stands. POSIX shells' $PWD and
    // $OLDPWD are the working directory (`-v "$PWD":/app`), not a password.
    // A quote left open at the end of a line holds a token cut by a line wrap.
    re: new RegExp(
      String.raw`(?<=(?:^|[\s;&|?('"\x60,{:=$@])(?:export\s+|set\s+|\$env:)?${SECRET_NAME}["']?)(?<!\$(?:OLD)?PWD["']?)(?<pre>(?<eq>=|\s*:=?\s*|\s+=\s+))(?<s>"[^"\n]*"|'[^'\n]*'|["'][\w+/=.~-]{16,}$|(?![^\s"'\x60;&|(),}]*\()[^\s"'\x60;&|(),}]+)`,
      'gim',
    ),
    accept: (v, g) => {
      const value = unquote(v);
      if (value.length === 0 || notAValue(value) || codeCall(value)) return false;
      // A bare `NAME=value` is an assignment; `name: value` and `name = value` may be code: judge the value.
      return (g.eq === '=' || v !== value) && !/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(value) ? true : plausibleSecret(v);
    },
  },
  {
    // The assignment without `=`: Dockerfile `ENV NAME value` / `ARG`, fish `set -gx NAME value`, csh `setenv NAME value`.
    kind: 'env-secret',
    keywords: ['env ', 'arg ', 'setenv', 'set -'],
    // Also mid-line (a command pasted into a sentence); `ENV`/`ARG` only in capitals (`the env TOKEN variable` is prose).
    re: new RegExp(
      String.raw`(?<pre>(?:^|[\s;&|(])(?<cmd>ENV|ARG|setenv|set(?:[ \t]+-[A-Za-z]+)+)[ \t]+["']?${SECRET_NAME}["']?[ \t]+)(?<s>"[^"\n]*"|'[^'\n]*'|[^\s"'=]\S*)(?=\s|$)`,
      'gim',
    ),
    accept: (v, g) => (!/^(?:env|arg)$/i.test(g.cmd ?? '') || /^(?:ENV|ARG)$/.test(g.cmd ?? '')) && valueAfterName(v),
  },
  {
    // `pass` or `pw` alone as a name (`pass: V` in YAML, `pw=V`, `{user: u, pw: V}`): words in their own right, so the value must look like a password.
    kind: 'env-secret',
    keywords: ['pass', 'pw'],
    re: /(?<pre>(?:^|[\s{,;("'])["']?(?:pass|PASS|pw|PW)["']?(?:[ \t]*=[ \t]*|:[ \t]+)(?<q>["']?))(?<s>[^\s"',;})]+)/gm,
    accept: (v) => plausibleSecret(v),
  },
  {
    // Any `*key` name (`app_key`, `ALGOLIA_ADMIN_KEY`, `storageKey`) whose value is random or a long hex.
    kind: 'key-secret',
    keywords: ['key'],
    re: /(?<pre>key["']?\s*[:=]\s*["']?)(?<s>[A-Za-z0-9+/=_-]{20,})/gi,
    accept: (v) => /^[0-9a-f]{32,}$/i.test(v) || looksRandom(v),
  },
  {
    // A quoted long hex or random string on a line that names a key, secret or token.
    kind: 'key-secret',
    keywords: ['key', 'secret', 'token', 'passw', 'credential'],
    re: /(?<pre>(?:key|secret|token|passw|credential)[^\n"']{0,80}(?:["'][^\n"']{0,80}["'][^\n"']{0,80}){0,3}?["'])(?<s>[A-Za-z0-9+/=_-]{20,})(?<post>["'])/gi,
    accept: (v) => /^[0-9a-f]{32,}$/i.test(v) || looksRandom(v),
  },
  {
    kind: 'key-secret',
    keywords: ['key', 'secret', 'token', 'passw', 'credential'],
    re: /(?<pre>["'])(?<s>[A-Za-z0-9+/=_-]{20,})(?<post>["'])(?=[^\n]{0,80}?(?:key|secret|token|passw|credential))/gi,
    accept: (v) => /^[0-9a-f]{32,}$/i.test(v) || looksRandom(v),
  },
  {
    // `--password X`, `--http-password X`, `-storepass X`, `--token X`: the next word of a flag whose name ends in a secret word.
    kind: 'flag-secret',
    keywords: ['--', '-storepass', '-keypass', '-srcstorepass', '-deststorepass', '-password', '-passphrase'],
    re: /(?<pre>\s--?[\w-]*?(?:password|passwd|pass|pwd|token|api-key|apikey|secret|client-secret|auth-token|access-token|passphrase|private-key|secret-key|access-key|storepass|keypass|oauth2-bearer)\s+["']?)(?<s>[^\s"']+)/gi,
    accept: (v) => !v.startsWith('-') && !notAValue(v),
  },
  {
    // mysql and friends take the password glued to -p.
    kind: 'mysql-password',
    keywords: ['mysql', 'mariadb'],
    re: /(?<pre>\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlcheck|mysqlsh|mariadb(?:-dump)?)\b[^\n|;&]*?\s-p)(?<s>'[^'\n]*'|"[^"\n]*"|[^\s'"]+)/g,
    accept: (v) => !notAValue(v),
  },
  {
    kind: 'basic-auth',
    keywords: ['curl', 'wget', 'http ', 'xh '],
    re: /(?<pre>\b(?:curl|wget|http|xh)\b[^\n]*?\s(?:-u|--user|--http-user|-a|--auth)(?:=|\s+)["']?[^\s:'"]*:)(?<s>[^\s'"]+)/g,
    accept: (v) => !notAValue(v),
  },
  {
    // `scheme://user:password@host`, including an empty user (`redis://:pw@`).
    kind: 'url-password',
    keywords: ['://'],
    re: /(?<pre>\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/?#]*:)(?<s>[^\s@/?#]+)(?=@)/gi,
  },
  {
    kind: 'url-secret',
    keywords: ['sig=', 'signature=', 'password=', 'passwd=', 'pwd=', 'token=', 'api_key=', 'apikey=', 'api-key=', 'key=', 'secret=', 'auth='],
    re: /(?<pre>[?&;](?:sig|signature|password|passwd|pwd|token|access_token|refresh_token|id_token|api_key|apikey|api-key|key|secret|client_secret|auth|x-amz-signature|x-amz-security-token)=)(?<s>[^&\s#"';]+)/gi,
    accept: (v) => !notAValue(v),
  },
  {
    // Azure and ADO.NET connection strings.
    kind: 'connection-string',
    keywords: ['accountkey=', 'sharedaccesskey=', 'sharedaccesssignature=', 'password=', 'pwd='],
    re: /(?<pre>(?:^|[;\s"'])(?:AccountKey|SharedAccessKey|SharedAccessSignature|Password|Pwd|User Password)=)(?<s>[^;\s"']+)/gi,
    accept: (v) => !notAValue(v),
  },
  {
    kind: 'authorization',
    keywords: ['authorization'],
    // A scheme the list does not know (a vendor's own word, `X-Key`, `Custom`) is any word before the value; the value must then look generated.
    re: /(?<pre>\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Token|Bot|Digest|Negotiate|ApiKey|SSWS|AWS4-HMAC-SHA256)\s+|(?<scheme>[A-Za-z][\w-]{1,30})\s+(?=[A-Za-z0-9._~+/=:-]{10,}))?)(?<s>[A-Za-z0-9._~+/=:,-]{8,})/gi,
    accept: (v, g) => !notAValue(v) && (g.scheme === undefined || credentialShaped(v)),
  },
  { kind: 'bearer', keywords: ['bearer'], re: /(?<pre>\bBearer\s+)(?<s>[A-Za-z0-9._~+/-]{16,}=*)/g },
];
