// Is the identifier at [start, end) on this line a call? What a call is,
// as the TypeScript call hierarchy has it: `name(`, `name<T>(`, `name?.(`,
// `new Name`, a tagged template (`` name`…` ``), a decorator (`@name`), and
// a JSX element (`<Name …>`, a call of its component; its closing tag is
// not). Any other use (a type, an import, a read, passing it as a value)
// is a reference, not a call. Python, as pyright's call hierarchy has it: a
// decorator is not a call unless written as one (`@lru_cache(…)` calls
// lru_cache; `@property` does not).

export interface CallRules {
  /** The file may hold JSX (.tsx, .jsx, .js); elsewhere `<Name>` is a type assertion. */
  jsx?: boolean;
  /** A bare decorator (`@name`) calls name (TypeScript: yes; Python: no). */
  decorators?: boolean;
}

export function isCallAt(line: string, start: number, end: number, { jsx = false, decorators = true }: CallRules = {}): boolean {
  const before = line.slice(Math.max(0, start - 12), start);
  // The name a declaration gives (`def name(`, `function name(`), even where the indexer bound it to another symbol.
  if (/\b(?:def|class|function)\s+$/.test(before)) return false;
  if (/\bnew\s+$/.test(before)) return true;
  if (decorators && /@$/.test(before)) return true;
  if (jsx && /(?:^|[^<\w$.])<$/.test(before) && /^[\s/>]|^$/.test(line.slice(end, end + 1))) return true;
  let i = skipSpaces(line, end);
  if (line[i] === '`') return true;
  if (line[i] === '<') {
    i = skipTypeArguments(line, i);
    if (i < 0) return false;
    i = skipSpaces(line, i);
  }
  if (line[i] === '?' && line[i + 1] === '.' && line[i + 2] === '(') return true;
  return line[i] === '(';
}

function skipSpaces(line: string, i: number): number {
  while (i < line.length && (line[i] === ' ' || line[i] === '\t')) i++;
  return i;
}

/** Returns the index after the balanced `<...>` at i, or -1 if it is not type arguments. */
function skipTypeArguments(line: string, i: number): number {
  let depth = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === '<') depth++;
    else if (c === '>') {
      depth--;
      if (depth === 0) return i + 1;
    } else if (c === ';' || c === '{' || c === '}' || (c === '=' && line[i + 1] !== '>')) return -1;
  }
  return -1;
}
