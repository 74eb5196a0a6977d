// The code name a search pattern looks for, when it looks for one: the name
// itself, in word boundaries (`\bNAME\b`, `\<NAME\>`, `-w`), as a call
// (`NAME(`, `NAME\(`), as a member (`\.NAME`, `::NAME`, `->NAME`), as a
// declaration (`function NAME`, `def NAME`, `class NAME`), or qualified by its
// owner (`Owner.NAME`). Anything else (text with spaces, several names in
// alternation, character classes, a path or a string) names no symbol.

/** What is left when the pattern is one name: the name, and the owner it was qualified with. */
export interface NamedSymbol {
  name: string;
  /** `Owner.name` as scry's compound form, when the pattern qualified it. */
  qualified?: string;
  /** The pattern asked for a declaration (`def NAME`, `class NAME`). */
  declaration: boolean;
}

const IDENT = '[A-Za-z_$][\\w$]*[?!]?';
const IDENTIFIER = new RegExp(`^${IDENT}$`);
/** `Owner.name`, `Owner::name`, `Owner#name`, `owner->name`, `Owner\.name` (an escaped dot). */
const QUALIFIED = new RegExp(`^(${IDENT}(?:(?:\\\\?\\.|::|#|->)${IDENT})*)(?:\\\\?\\.|::|#|->)(${IDENT})$`);

/** Words that declare a name, in the languages Scry indexes. */
const DECLARATIONS = /^(?:(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:public\s+|private\s+|protected\s+|static\s+|final\s+)*(?:function\*?|def|defp|defmacro|defmodule|class|interface|type|enum|struct|trait|impl|fn|func|module|const|let|var|val|object|protocol|record)\s+)+/;

/** Identifiers people search for as text, not as code. */
const TEXT_MARKERS = new Set(['todo', 'fixme', 'xxx', 'hack', 'note', 'error', 'errors', 'warning', 'warn', 'deprecated', 'debug', 'info', 'test', 'tests', 'true', 'false', 'null', 'none', 'nil', 'undefined', 'import', 'export', 'require', 'return', 'async', 'await', 'function', 'class', 'const', 'def', 'self', 'this']);

/** The shortest name taken for a symbol: two letters are text more often than code. */
const MIN_LENGTH = 3;

export function symbolInPattern(raw: string, opts: { fixed?: boolean } = {}): NamedSymbol | undefined {
  let p = raw.trim();
  if (p.length === 0 || p.length > 200) return undefined;
  if (!opts.fixed) {
    // Boundaries and anchors around the name: `\b`, `\<`, `\>`, `^\s*`, `\s*` and the like.
    p = p.replace(/^\^/, '').replace(/\$$/, '');
    p = p.replace(/^(?:\\b|\\<|\\s\*|\\s\+|\\W|\[\^\\w\]|\(\^\|\\W\)|\(\?:\^\|\\W\))+/, '').replace(/(?:\\b|\\>|\\W|\[\^\\w\])+$/, '');
    // A call: `NAME(`, `NAME\(`, `NAME\s*\(`, `NAME<` (generic), `NAME\s*=` (an assignment).
    p = p.replace(/(?:\\s\*|\\s\+|\s)*(?:\\\(|\(|<|\\s\*=|=)$/, '');
    // A member: `\.NAME`, `.NAME`, `::NAME`, `->NAME`, `#NAME`.
    p = p.replace(/^(?:\\\.|\.|::|->|#)(?=[A-Za-z_$])/, '');
  } else {
    p = p.replace(/\s*\($/, '').replace(/^(?:\.|::|->|#)(?=[A-Za-z_$])/, '');
  }
  let declaration = false;
  const decl = DECLARATIONS.exec(p.replace(/\\s\+|\\s\*/g, ' '));
  if (decl) {
    declaration = true;
    p = p.replace(/\\s\+|\\s\*/g, ' ').slice(decl[0].length).replace(/(?:\s*(?:\\\(|\(|<|:|\{|=))$/, '');
  }
  if (IDENTIFIER.test(p)) return accept(p, undefined, declaration);
  const q = QUALIFIED.exec(p);
  if (q) {
    const owner = q[1]!.replace(/\\\./g, '.');
    return accept(q[2]!, `${owner}.${q[2]!}`, declaration);
  }
  return undefined;
}

function accept(name: string, qualified: string | undefined, declaration: boolean): NamedSymbol | undefined {
  if (name.length < MIN_LENGTH || TEXT_MARKERS.has(name.toLowerCase())) return undefined;
  return { name, ...(qualified ? { qualified } : {}), declaration };
}
