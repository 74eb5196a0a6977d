// Judging a value found next to a secret's name: a reference, a type or an
// ordinary word is not a secret; something with digits or symbols, or long
// and mixed, is.

// References and types: `$VAR`, `${VAR}`, `<placeholder>`, `process.env.X`, a
// TypeScript type, a redaction marker, masked values.
const NOT_A_VALUE =
  /^(?:\$|%\w+%|\{\{|<|\[redacted:|process\.env|os\.environ|os\.getenv|env\(|getenv|ENV\[|secrets\.|string\b|number\b|boolean\b|null\b|nil\b|undefined\b|true\b|false\b|any\b|none\b|\*+$|x{3,}$|\.\.\.|…|$)/i;

const STOPWORDS = new Set(
  'a an the not no missing required optional set unset empty blank wrong invalid expired correct incorrect stored in at on now still being already also only just too very hidden redacted rotated changed same different ok fine there here used needed needs unknown and or but for from of to this that it its which what when where how stale leaked revoked valid present absent configured provided given shown visible exposed long short weak strong secure insecure saved cached encrypted hashed sent passed reset'.split(
    ' ',
  ),
);

/** An ordinary word that follows a secret's name in prose (`is`, `required`, `stored`), not a value. */
export const isStopword = (v: string): boolean => STOPWORDS.has(v.toLowerCase());

export function unquote(v: string): string {
  return v.length >= 2 && /^["'`]/.test(v) && v.endsWith(v[0]!) ? v.slice(1, -1) : v;
}

/** A reference, a type or a placeholder rather than a value. */
export function notAValue(v: string): boolean {
  return NOT_A_VALUE.test(unquote(v).trim());
}

/** Whether a bare value after a secret's name looks like the secret rather than a word or code. */
export function plausibleSecret(raw: string): boolean {
  const v = unquote(raw).replace(/[.)]+$/, '');
  if (v.length < 4 || notAValue(v) || STOPWORDS.has(v.toLowerCase())) return false;
  // Code, not a value: a dotted member path, a call, brackets.
  if (/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(v) || /[()[\]{}<>]/.test(v)) return false;
  // A namespace or module path of plain words (`Illuminate\\Auth\\AuthManager`, `app::auth`, `lib/auth`).
  if (/^[A-Za-z_][A-Za-z_]*(?:(?:\\{1,2}|::|\/)[A-Za-z_][A-Za-z_]*)+$/.test(v)) return false;
  // Small numbers are ports, counts and codes.
  if (/^0x[0-9a-f]+$/i.test(v)) return false;
  if (/^-?\d+$/.test(v) && (v.startsWith('-') || v.length < 6)) return false;
  if (/\d/.test(v) || /[^A-Za-z0-9]/.test(v)) return true;
  // Letters only: long and with capitals throughout (not a PascalCase name).
  const upper = v.replace(/[^A-Z]/g, '').length;
  return v.length >= 16 && upper / v.length >= 0.25 && upper / v.length <= 0.75;
}
