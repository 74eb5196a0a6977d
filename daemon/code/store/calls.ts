// Is the identifier at [start, end) on this line a call or a construction?
// `name(`, `name<T>(`, `name?.(` and `new Name` count; any other use does not.

export function isCallAt(line: string, start: number, end: number): boolean {
  if (/\bnew\s+$/.test(line.slice(Math.max(0, start - 12), start))) return true;
  let i = skipSpaces(line, end);
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
    } else if (c === ';' || c === '{' || c === '}' || c === '=' && line[i + 1] !== '>') return -1;
  }
  return -1;
}
