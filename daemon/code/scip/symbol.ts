// Parses SCIP symbol strings:
//   <scheme> ' ' <manager> ' ' <package> ' ' <version> ' ' <descriptors>   |   'local ' <id>
// Spaces inside the first four fields are escaped by doubling; descriptor names
// that are not simple identifiers are wrapped in backticks (doubled inside).

export type DescriptorSuffix = 'namespace' | 'type' | 'term' | 'method' | 'type-parameter' | 'parameter' | 'meta' | 'macro';

export interface Descriptor {
  name: string;
  suffix: DescriptorSuffix;
}

export interface ParsedSymbol {
  local: boolean;
  packageName: string;
  descriptors: Descriptor[];
}

export function isLocalSymbol(symbol: string): boolean {
  return symbol.startsWith('local ');
}

export function parseSymbol(symbol: string): ParsedSymbol {
  if (isLocalSymbol(symbol)) {
    return { local: true, packageName: '', descriptors: [{ name: symbol.slice(6), suffix: 'term' }] };
  }
  const { fields, descriptors } = splitSymbol(symbol);
  return { local: false, packageName: fields[2] ?? '', descriptors: parseDescriptors(descriptors) };
}

/**
 * The descriptors as written (`App/Models/User#save().`): what names a thing
 * whichever indexer, package or version the symbol comes from. Undefined for
 * a local.
 */
export function descriptorsOf(symbol: string): string | undefined {
  return isLocalSymbol(symbol) ? undefined : splitSymbol(symbol).descriptors;
}

/** The four space-separated header fields (doubled spaces unescaped) and the descriptor text after them. */
function splitSymbol(symbol: string): { fields: string[]; descriptors: string } {
  let pos = 0;
  const fields: string[] = [];
  for (let f = 0; f < 4; f++) {
    let value = '';
    while (pos < symbol.length) {
      if (symbol[pos] === ' ') {
        if (symbol[pos + 1] === ' ') {
          value += ' ';
          pos += 2;
          continue;
        }
        break;
      }
      value += symbol[pos++];
    }
    fields.push(value === '.' ? '' : value);
    pos++;
  }
  return { fields, descriptors: symbol.slice(pos) };
}

/** A symbol's descriptor text (`pkg/mod/Type#method().`) as its descriptors, names unescaped. */
export function parseDescriptors(text: string): Descriptor[] {
  const out: Descriptor[] = [];
  let i = 0;
  const readName = (): string => {
    if (text[i] === '`') {
      let name = '';
      i++;
      while (i < text.length) {
        if (text[i] === '`') {
          if (text[i + 1] === '`') {
            name += '`';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        name += text[i++];
      }
      return name;
    }
    const start = i;
    while (i < text.length && /[\w$+\-]/.test(text[i]!)) i++;
    return text.slice(start, i);
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '[') {
      i++;
      const name = readName();
      i++; // ]
      out.push({ name, suffix: 'type-parameter' });
      continue;
    }
    if (c === '(') {
      i++;
      const name = readName();
      i++; // )
      out.push({ name, suffix: 'parameter' });
      continue;
    }
    const name = readName();
    const s = text[i];
    if (s === '/') out.push({ name, suffix: 'namespace' });
    else if (s === '#') out.push({ name, suffix: 'type' });
    else if (s === '.') out.push({ name, suffix: 'term' });
    else if (s === ':') out.push({ name, suffix: 'meta' });
    else if (s === '!') out.push({ name, suffix: 'macro' });
    else if (s === '(') {
      // method: name(disambiguator).
      const close = text.indexOf(')', i);
      i = close < 0 ? text.length : close + 1;
      out.push({ name, suffix: 'method' });
    } else {
      // Unparseable tail: keep what we have rather than fail the whole index.
      if (name) out.push({ name, suffix: 'term' });
      break;
    }
    i++;
  }
  return out;
}

/** The name an agent would type for this symbol: its last descriptor. */
export function symbolName(parsed: ParsedSymbol): string {
  const last = parsed.descriptors[parsed.descriptors.length - 1];
  return last ? last.name : '';
}

/** Dotted path of the non-namespace descriptors, e.g. `Observable.subscribe`. */
export function qualifiedName(parsed: ParsedSymbol): string {
  if (parsed.local) return parsed.descriptors[0]?.name ?? '';
  const parts = parsed.descriptors.filter((d) => d.suffix !== 'namespace' && d.suffix !== 'parameter' && d.suffix !== 'type-parameter').map((d) => d.name);
  if (parts.length === 0) return symbolName(parsed);
  return parts.join('.');
}

/** The name of the descriptor that contains the last one (a class for a method, a package for a function). */
export function parentName(parsed: ParsedSymbol): string | null {
  const d = parsed.descriptors;
  if (d.length < 2) return null;
  const parent = d[d.length - 2]!;
  // A TS module namespace is its file name; drop the extension so `Observable.ts` matches `Observable`.
  return parent.suffix === 'namespace' ? parent.name.replace(/\.(d\.)?[cm]?[jt]sx?$|\.py$|\.go$/, '') : parent.name;
}

export function kindFromSuffix(parsed: ParsedSymbol): string {
  const d = parsed.descriptors;
  const last = d[d.length - 1];
  if (!last) return 'unknown';
  if (parsed.local) return 'local';
  switch (last.suffix) {
    case 'namespace':
      return 'module';
    case 'type':
      return 'type';
    case 'method':
      return d.length >= 2 && d[d.length - 2]!.suffix === 'type' ? 'method' : 'function';
    case 'term':
      return d.length >= 2 && d[d.length - 2]!.suffix === 'type' ? 'property' : 'variable';
    case 'type-parameter':
      return 'type_parameter';
    case 'parameter':
      return 'parameter';
    case 'meta':
      return 'meta';
    case 'macro':
      return 'macro';
  }
}

const CONSTRUCTOR = /^(.*#)`<constructor>`\(\)\.$/;

/**
 * scip-typescript records `new Foo(...)` as a reference to Foo's constructor,
 * not to Foo. For such a symbol this returns the class's symbol and name, so
 * the reference can count for the class as well.
 */
export function constructedClass(symbol: string): { symbol: string; name: string } | undefined {
  const m = CONSTRUCTOR.exec(symbol);
  if (!m) return undefined;
  return { symbol: m[1]!, name: symbolName(parseSymbol(m[1]!)) };
}
