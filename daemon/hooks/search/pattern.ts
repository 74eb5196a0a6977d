// The code name a search pattern looks for, when it looks for one: the name
// itself, in word boundaries (`\bNAME\b`, `\<NAME\>`), as a call (`NAME(`,
// `NAME\(`, `NAME("x"`), as a member (`\.NAME`, `::NAME`, `->NAME`), as a
// declaration (`function NAME`, `def NAME`, `type NAME struct`, Go's
// `func (r *T) NAME` and `func.*NAME`), qualified by its owner (`Owner.NAME`),
// or as several declaration forms of that one name (`func NAME\|var NAME`).
// Anything else (text with spaces, several names, character classes, a path
// or a string) names no symbol.

/** What is left when the pattern is one name: the name, and the owner it was qualified with. */
export interface NamedSymbol {
  name: string;
  /** `Owner.name` as scry's compound form, when the pattern qualified it. */
  qualified?: string;
  /** The pattern spelled it as code (a call, member, declaration or word boundary), not only as a word. */
  codeForm: boolean;
}

const IDENT = '[A-Za-z_$][\\w$]*[?!]?';
const IDENTIFIER = new RegExp(`^${IDENT}$`);
/** `Owner.name`, `Owner::name`, `Owner#name`, `owner->name`, `Owner\.name` (an escaped dot). */
const QUALIFIED = new RegExp(`^(${IDENT}(?:(?:\\\\?\\.|::|#|->)${IDENT})*)(?:\\\\?\\.|::|#|->)(${IDENT})$`);

/** Words that declare a name, in the languages Scry indexes (with their modifiers). */
const DECLARATION =
  /^(?:(?:export|default|declare|abstract|async|pub(?:\([\w:]+\))?|public|private|protected|internal|static|final|override|open|sealed|data|inline|suspend|readonly)\s+)*(?:function\*?|def|defp|defmacro|defmodule|defstruct|class|interface|type|enum|struct|trait|impl|fn|func|module|const|let|var|val|object|protocol|record|namespace)\s+/;
/** Go's method declaration: `func (s *Server) ` in any spelling of the receiver. */
const GO_RECEIVER = /^func\s*\([^)]*\)\s*/;
/** A declaration keyword, then anything, then the name: `func.*NAME`, `def .*NAME`. */
const DECLARATION_ANY = /^(?:func|function|def|class|type|fn)\s*\.\*\s*/;
/** What may follow a name in a search for its definition or a call: a struct/interface keyword, `()`, a `(` and its arguments, `=`, `{`, `:`, `<`, a negated class that only ends the word. */
const TAIL = /(?:\s+(?:struct|interface)\b.*|\s*\(\).*|\s*\(.*|\s*=.*|\s*\{.*|\s*(?<!:):(?!:).*|<.*|\[\^[^\]]*\])$/;

/** Identifiers people search for as text, not as code. */
const TEXT_MARKERS = new Set([
  'todo',
  'fixme',
  'xxx',
  'hack',
  'note',
  'error',
  'errors',
  'warning',
  'warn',
  'deprecated',
  'debug',
  'info',
  'test',
  'tests',
  'true',
  'false',
  'null',
  'none',
  'nil',
  'undefined',
  'import',
  'export',
  'require',
  'return',
  'async',
  'await',
  'function',
  'class',
  'const',
  'def',
  'self',
  'this',
  'func',
  'type',
  'struct',
]);

/** The shortest name taken for a symbol: two letters are text more often than code. */
const MIN_LENGTH = 3;

export function symbolInPattern(raw: string, opts: { fixed?: boolean; word?: boolean } = {}): NamedSymbol | undefined {
  const p = raw.trim();
  if (p.length === 0 || p.length > 200) return undefined;
  // Several forms of one name (`func NAME\|var NAME\|NAME =`): the name, when every form names the same one.
  const alternatives = opts.fixed ? [p] : splitAlternatives(p);
  const named = alternatives.map((a) => single(a, opts.fixed === true));
  const first = named[0];
  if (!first || named.some((n) => n === undefined || (n.qualified ?? n.name) !== (first.qualified ?? first.name))) return undefined;
  const codeForm = opts.word === true || named.some((n) => n!.codeForm);
  if (first.name.length < MIN_LENGTH || TEXT_MARKERS.has(first.name.toLowerCase())) return undefined;
  // A plain lowercase word (`workspace`, `token`, `link`) is text unless the pattern spells it as code.
  if (!codeForm && !first.qualified && /^[a-z]+$/.test(first.name)) return undefined;
  return { ...first, codeForm };
}

/** The alternatives of a pattern's top-level `|` (ERE, rg) or `\|` (BRE); one when there is none. */
function splitAlternatives(p: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\' && p[i + 1] === '|' && depth === 0) {
      out.push(p.slice(start, i));
      start = i + 2;
      i++;
    } else if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === '|' && depth === 0) {
      out.push(p.slice(start, i));
      start = i + 1;
    }
  }
  out.push(p.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

function single(raw: string, fixed: boolean): NamedSymbol | undefined {
  let p = raw;
  let codeForm = false;
  if (!fixed) {
    const before = p;
    // Anchors and word boundaries: `^`, `$`, `\b`, `\<`, `\>`, `\s*`, `[[:space:]]*`.
    p = p.replace(/^\^/, '').replace(/\$$/, '');
    p = p.replace(/^(?:\\b|\\<|\\s\*|\\s\+|\[\[:space:\]\]\*|\\W|\[\^\\w\]|\(\^\|\\W\)|\(\?:\^\|\\W\))+/, '');
    p = p.replace(/(?:\\b|\\>|\\W|\[\^\\w\])+$/, '');
    if (p !== before) codeForm = true;
    // Regex spellings of spaces and escapes that stand for themselves.
    p = p.replace(/\\s\+|\\s\*|\[\[:space:\]\]\+|\[\[:space:\]\]\*/g, ' ').replace(/\\([*()[\]{}.])/g, (_, c: string) => (c === '.' ? '\\.' : c));
  }
  let m = GO_RECEIVER.exec(p) ?? DECLARATION_ANY.exec(p) ?? DECLARATION.exec(p);
  if (m) {
    p = p.slice(m[0].length);
    codeForm = true;
    // `export function` after `declare`, `pub(crate) fn` and the like: once more.
    m = DECLARATION.exec(p);
    if (m) p = p.slice(m[0].length);
  }
  // A member: `.NAME`, `::NAME`, `->NAME`, `#NAME` (an escaped dot too).
  const member = /^(?:\\\.|\.|::|->|#)(?=[A-Za-z_$])/.exec(p);
  if (member) {
    p = p.slice(member[0].length);
    codeForm = true;
  }
  const tail = TAIL.exec(p);
  if (tail && tail.index > 0) {
    p = p.slice(0, tail.index);
    codeForm = true;
  }
  p = p.trim();
  if (IDENTIFIER.test(p)) return { name: p, codeForm };
  const q = QUALIFIED.exec(p);
  if (q) return { name: q[2]!, qualified: `${q[1]!.replace(/\\\./g, '.')}.${q[2]!}`, codeForm: true };
  return undefined;
}
