// Text answers (compact and human) are lines a reader trusts: a file name or
// a symbol that carries a newline would forge result lines, and an ESC would
// drive the terminal. Every string an answer holds is made printable before a
// text formatter sees it; JSON needs none of this (JSON.stringify escapes).

/** C0 controls, DEL, C1 controls, and the two Unicode line separators some readers break lines at. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
/** The same without tab: source lines keep their tabs (Go aligns with them), they cannot break a line. */
const CONTROL_BUT_TAB = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const escape = (c: string): string => {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** The string with every control character written as an escape (`\n`, `\x1b`, `\u2028`). */
export function printable(text: string): string {
  return text.replace(CONTROL, escape);
}

/** Fields that hold a line of source: their tabs stay. */
const SOURCE_LINE_KEYS = new Set(['context']);

/**
 * The answer with every string in it printable; the answer itself is left as
 * it was. Copied only where a string changes (nearly never): copying every
 * object of a 100-site answer was half the compact formatter's time.
 */
export function printableAnswer<T>(value: T): T {
  return deep(value, undefined) as T;
}

function deep(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') {
    const control = key !== undefined && SOURCE_LINE_KEYS.has(key) ? CONTROL_BUT_TAB : CONTROL;
    control.lastIndex = 0;
    return control.test(value) ? value.replace(control, escape) : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const p = deep(v, undefined);
      if (p !== v) (out ??= value.slice())[i] = p;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    const v = record[k];
    const p = deep(v, k);
    if (p !== v) (out ??= { ...record })[k] = p;
  }
  return out ?? value;
}

/** A text formatter that only ever sees printable answers. */
export const printing =
  <R>(format: (r: R) => string) =>
  (r: R): string =>
    format(printableAnswer(r));

/** `text` on one line (each run of whitespace one space), cut with an ellipsis to at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
