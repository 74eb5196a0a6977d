// References in doc comments, which the TypeScript language service counts
// and scip-typescript does not emit: `{@link Foo}` (and linkcode/linkplain),
// `@see Foo`, and the types in `@param {Foo}`, `@returns {Foo}`, `@type
// {Foo}`, `@throws {Foo}`. A name counts only when the same file uses or
// declares it in code, which is how the language service resolves it too.

export interface DocReference {
  /** 0-based line and column of the name, and its end column. */
  line: number;
  col: number;
  endCol: number;
  name: string;
  /** 0-based line where the comment ends: the documented declaration follows it. */
  commentEnd: number;
}

const LINK = /\{@link(?:code|plain)?\s+([A-Za-z_$][\w$]*)/g;
const SEE = /@see\s+([A-Za-z_$][\w$]*)/g;
const TYPE_TAG =
  /@(?:param|arg|argument|returns?|type|typedef|throws|exception|property|prop|template|satisfies|this|enum)\s*\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g;
const IDENT = /[A-Za-z_$][\w$]*/g;
const TYPE_WORDS = new Set([
  'string',
  'number',
  'boolean',
  'object',
  'any',
  'unknown',
  'void',
  'never',
  'null',
  'undefined',
  'true',
  'false',
  'typeof',
  'keyof',
  'readonly',
  'function',
  'new',
  'this',
  'import',
]);

/** Every name a doc comment refers to in the file's lines. */
export function docReferences(lines: readonly string[]): DocReference[] {
  const out: DocReference[] = [];
  let inDoc = false;
  let pending: DocReference[] = [];
  for (let l = 0; l < lines.length; l++) {
    const text = lines[l]!;
    let start = 0;
    let end = text.length;
    if (!inDoc) {
      const open = text.indexOf('/**');
      if (open < 0) continue;
      start = open + 3;
      inDoc = true;
    }
    const close = text.indexOf('*/', start);
    if (close >= 0) end = close;
    const body = text.slice(0, end);
    const add = (name: string, col: number): void => {
      if (col >= start) pending.push({ line: l, col, endCol: col + name.length, name, commentEnd: -1 });
    };
    for (const re of [LINK, SEE]) {
      for (const m of body.matchAll(re)) add(m[1]!, m.index + m[0].length - m[1]!.length);
    }
    for (const m of body.matchAll(TYPE_TAG)) {
      const typeStart = m.index + m[0].indexOf('{') + 1;
      for (const id of m[1]!.matchAll(IDENT)) {
        // `Foo.Bar` names Foo; a property after a dot is not resolvable here.
        const before = m[1]!.slice(0, id.index).trimEnd();
        if (before.endsWith('.') || TYPE_WORDS.has(id[0])) continue;
        add(id[0], typeStart + id.index);
      }
    }
    if (close >= 0) {
      inDoc = false;
      for (const r of pending) out.push({ ...r, commentEnd: l });
      pending = [];
    }
  }
  return out;
}
