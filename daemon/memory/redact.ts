// Secret redaction applied to every distilled text before it is stored or
// sent to a model. Rules are shape-based and anchored on prefixes or on the
// name a value is assigned to, so ordinary code, git hashes, UUIDs and
// base64 blobs pass through untouched: a false positive only costs a word,
// but a rule that fires on hashes would blank out half of every transcript.

export interface RedactResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

interface Rule {
  kind: string;
  re: RegExp;
  /** Builds the replacement; by default the whole match becomes the marker. */
  replace?: (marker: string, match: string, groups: string[]) => string | undefined;
}

const marker = (kind: string): string => `[redacted:${kind}]`;

// Names whose value is a secret when assigned in .env files, shell exports,
// YAML or JSON. The name must END with one of these words, so `MAX_TOKENS=4000`
// or `token_type` stay.
const SECRET_NAME = String.raw`[A-Za-z0-9_.-]*?(?:secret|password|passwd|pwd|token|api[_-]?key|apikey|secret[_-]?key|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?|client[_-]?secret)`;

// Values that are references or types, not secrets: `$VAR`, `${VAR}`, `<placeholder>`,
// `process.env.X`, a TypeScript type annotation, an already redacted value.
const NOT_A_VALUE = /^(?:\$|\{\{|<|\[redacted:|process\.env|os\.environ|env\(|string\b|number\b|boolean\b|null\b|undefined\b|true\b|false\b|any\b|none\b|""$|''$)/i;

const RULES: readonly Rule[] = [
  { kind: 'private', re: /<private>[\s\S]*?<\/private>/gi },
  {
    kind: 'private-key',
    re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g,
  },
  { kind: 'anthropic-key', re: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  // OpenAI keys: `sk-`, `sk-proj-`, `sk-svcacct-`; require a digit so kebab-case words are not keys.
  { kind: 'openai-key', re: /\bsk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g },
  { kind: 'stripe-key', re: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { kind: 'stripe-webhook-secret', re: /\bwhsec_[A-Za-z0-9]{24,}/g },
  { kind: 'github-token', re: /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}/g },
  { kind: 'github-token', re: /\bgithub_pat_[A-Za-z0-9_]{22,}/g },
  { kind: 'slack-webhook', re: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/-]+/g },
  { kind: 'slack-token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { kind: 'aws-access-key', re: /\b(?:AKIA|ASIA)[A-Z0-9]{16}\b/g },
  {
    // A 40-character AWS secret is indistinguishable from other base64 on its own: only in context.
    kind: 'aws-secret-key',
    re: /(aws[_-]?secret[_-]?access[_-]?key|aws[_-]?secret|secret[_-]?access[_-]?key)(["']?\s*[:=]\s*["']?)([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    replace: (m, _all, g) => `${g[0]}${g[1]}${m}`,
  },
  { kind: 'gitlab-token', re: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { kind: 'google-api-key', re: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: 'npm-token', re: /\bnpm_[A-Za-z0-9]{36}(?![A-Za-z0-9])/g },
  { kind: 'huggingface-token', re: /\bhf_[A-Za-z0-9]{30,}/g },
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    kind: 'bearer',
    re: /\b(Bearer|Authorization:\s*(?:Basic|Token))(\s+)([A-Za-z0-9._~+/-]{16,}=*)/g,
    replace: (m, _all, g) => (g[2]!.startsWith('[redacted:') ? undefined : `${g[0]}${g[1]}${m}`),
  },
  {
    kind: 'url-password',
    re: /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:@/]+):([^\s@/]+)@/gi,
    replace: (m, _all, g) => (g[2]!.startsWith('[redacted:') ? undefined : `${g[0]}${g[1]}:${m}@`),
  },
  {
    // .env lines and shell exports: NAME=value, the whole rest of the line.
    kind: 'env-secret',
    re: new RegExp(String.raw`^(\s*(?:export\s+)?)(${SECRET_NAME})(\s*=\s*)(\S[^\n]*)$`, 'gim'),
    replace: (m, _all, g) => (NOT_A_VALUE.test(g[3]!) ? undefined : `${g[0]}${g[1]}${g[2]}${m}`),
  },
  {
    // The same assignment inline, as transcripts have it: `DB_PASSWORD=x npm test`,
    // `echo SESSION_SECRET=x`, `?token=x&`. The value is one word (or quoted).
    kind: 'env-secret',
    re: new RegExp(String.raw`(^|[\s;&|?('"\x60])((?:export\s+)?)(${SECRET_NAME})(=)("[^"\n]*"|'[^'\n]*'|[^\s"'\x60;&|)]+)`, 'gim'),
    replace: (m, _all, g) => {
      const v = g[4]!.replace(/^["']|["']$/g, '');
      return v === '' || NOT_A_VALUE.test(v) ? undefined : `${g[0]}${g[1]}${g[2]}${g[3]}${m}`;
    },
  },
  {
    // YAML `password: hunter2` or `password: "hunter2"`. Unquoted values ending
    // in `;`/`,` or holding a call are code (`token: string;`), not YAML.
    kind: 'yaml-secret',
    re: new RegExp(String.raw`^(\s*-?\s*)(${SECRET_NAME})(\s*:[ \t]+)("[^"\n]+"|'[^'\n]+'|[^\s"'#][^\n;,(]*?)[ \t]*$`, 'gim'),
    replace: (m, _all, g) => {
      const v = g[3]!.replace(/^["']|["']$/g, '');
      return NOT_A_VALUE.test(v) ? undefined : `${g[0]}${g[1]}${g[2]}${m}`;
    },
  },
  {
    // A quoted value after `name:` anywhere on a line (prose quoting a config, an object literal).
    kind: 'yaml-secret',
    re: new RegExp(String.raw`(^|[\s{,(])(${SECRET_NAME})(\s*:\s*)("[^"\n]{4,}"|'[^'\n]{4,}')`, 'gim'),
    replace: (m, _all, g) => (NOT_A_VALUE.test(g[3]!.slice(1, -1)) ? undefined : `${g[0]}${g[1]}${g[2]}${m}`),
  },
  {
    // JSON `"api_key": "…"`, anywhere on a line.
    kind: 'json-secret',
    re: new RegExp(String.raw`("${SECRET_NAME}"\s*:\s*)"([^"\n]{4,})"`, 'gi'),
    replace: (m, _all, g) => (NOT_A_VALUE.test(g[1]!) ? undefined : `${g[0]}"${m}"`),
  },
];

// Every rule needs one of these substrings to fire; a text holding none skips
// the regex pass entirely, which is most tool-free prose.
const TRIGGERS = /<private|PRIVATE KEY|sk-|sk_|rk_|pk_|whsec_|gh[pousr]_|github_pat_|slack\.com|xox|AKIA|ASIA|glpat-|AIza|npm_|hf_|eyJ|Bearer|Authorization|:\/\/|secret|passw|pwd|token|key|credential/i;

/** Replaces every secret in `text` by `[redacted:<kind>]` and counts them. */
export function redact(text: string): RedactResult {
  if (!TRIGGERS.test(text)) return { text, count: 0 };
  let count = 0;
  let out = text;
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    out = out.replace(rule.re, (match: string, ...rest: unknown[]) => {
      const groups = rest.slice(0, -2).map((g) => (typeof g === 'string' ? g : ''));
      const m = marker(rule.kind);
      const replaced = rule.replace ? rule.replace(m, match, groups) : m;
      if (replaced === undefined) return match;
      count++;
      return replaced;
    });
  }
  return { text: out, count };
}
