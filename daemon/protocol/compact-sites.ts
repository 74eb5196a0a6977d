// The sites form: how the compact answer lists refs, callers and callees
// unless `lines` is asked for. An agent needs every site (file and line),
// the definition each one is in, and what kind of use it is; it seldom
// needs every source line, which made the answer as big as grep's on a repo
// of unique names. So, per match, one line per file:
//
//   lib/compile/util.ts: 12,14, schemaRefOrVal 47, getErrorPath 186,191 read, def 201
//
// top-level sites first as bare lines, then each enclosing definition with
// its lines, the definition as `def L`, and a site's use after its line when
// it is not the match's main use (the header names that one). Import sites
// are counted, not listed: a file that only imports the symbol reads
// `path: import`. Files are in path order; a folder holding several of a
// match's files is said once, on its own line, its files indented under it.
// The answer ends with one line saying what it left out and how to get it.
import type { Occurrence, QueryResult, SymbolMatch } from './code';

export const useOf = (o: Occurrence): string => o.use ?? (o.is_definition ? 'def' : o.is_call ? 'call' : 'ref');

/** The enclosing definition worth naming: not the file's own module (top-level code). */
export function containerOf(o: Occurrence): string | null {
  const c = o.containing_symbol;
  if (!c || o.file === c || o.file.endsWith(`/${c}`)) return null;
  return c;
}

const SYNTACTIC_MARK = ' (syntactic)';

/**
 * A match's uses on this page, most frequent first (definitions aside,
 * imports last): `[['type', 37], ['read', 2], ['import', 14]]`. The first
 * is its main use, whose sites carry no mark.
 */
export function usesOf(occurrences: readonly Occurrence[]): Array<[string, number]> {
  const n = new Map<string, number>();
  for (const o of occurrences) if (!o.is_definition) n.set(useOf(o), (n.get(useOf(o)) ?? 0) + 1);
  return [...n].sort((a, b) => (a[0] === 'import' ? 1 : 0) - (b[0] === 'import' ? 1 : 0) || b[1] - a[1]);
}

/**
 * The header's part naming the uses (`37 type, 2 read, 14 import`), or nothing when the count already
 * says it: all calls, or all plain references (a syntactic answer knows no more than that).
 */
export function usesPhrase(uses: ReadonlyArray<[string, number]>, cut: boolean): string | null {
  if (uses.length === 0 || (uses.length === 1 && (uses[0]![0] === 'call' || uses[0]![0] === 'ref'))) return null;
  return `${cut ? 'this page: ' : ''}${uses.map(([u, n]) => `${n} ${u}`).join(', ')}`;
}

/** One file's sites: `12,14, schemaRefOrVal 47, getErrorPath 186,191 read, def 201`. `named`: print the enclosing definitions (not for callers and callees, whose match is that definition). */
function fileSites(os: readonly Occurrence[], main: string | undefined, named: boolean, marked: boolean): string {
  const listed = os.filter((o) => useOf(o) !== 'import');
  if (listed.length === 0) return 'import';
  const groups = new Map<string, string[]>();
  for (const o of [...listed].sort((a, b) => a.line - b.line || a.column - b.column)) {
    // Top level first (the empty key), then each enclosing definition from its first site; the definition stands alone.
    const key = o.is_definition ? '\u0001def' : named ? (containerOf(o) ?? '') : '';
    const use = useOf(o);
    const token = `${o.line}${!o.is_definition && use !== main ? ` ${use}` : ''}${marked && o.precision === 'syntactic' ? SYNTACTIC_MARK : ''}`;
    const group = groups.get(key);
    if (group) group.push(token);
    else groups.set(key, [token]);
  }
  const top = groups.get('') ?? [];
  groups.delete('');
  return [...(top.length > 0 ? [top.join(',')] : []), ...[...groups].map(([k, tokens]) => `${k === '\u0001def' ? 'def' : k} ${tokens.join(',')}`)].join(', ');
}

const dirOf = (file: string): string => file.slice(0, file.lastIndexOf('/') + 1);

/** A match's lines below its header: one per file, in path order, a shared folder said once. */
export function siteLines(m: SymbolMatch, named: boolean, marked: boolean): string[] {
  const byFile = new Map<string, Occurrence[]>();
  for (const o of m.occurrences) {
    const sites = byFile.get(o.file);
    if (sites) sites.push(o);
    else byFile.set(o.file, [o]);
  }
  const files = [...byFile.keys()].sort((a, b) => dirOf(a).localeCompare(dirOf(b)) || a.localeCompare(b));
  const perDir = new Map<string, number>();
  for (const f of files) perDir.set(dirOf(f), (perDir.get(dirOf(f)) ?? 0) + 1);
  const main = usesOf(m.occurrences).find(([u]) => u !== 'import')?.[0];
  const out: string[] = [];
  let dir: string | undefined;
  for (const f of files) {
    const sites = fileSites(byFile.get(f)!, main, named, marked);
    const d = dirOf(f);
    if (d === '' || perDir.get(d)! < 2) {
      out.push(`${f}: ${sites}`);
      dir = undefined;
      continue;
    }
    if (d !== dir) out.push(d);
    dir = d;
    out.push(` ${f.slice(d.length)}: ${sites}`);
  }
  return out;
}

/** A match with no reference that only repeats a name another match of the answer is used by (an override, an unused twin): folded into one line. */
export const foldable = (m: SymbolMatch, r: QueryResult): boolean =>
  (m.counts?.references ?? 1) === 0 && m.occurrences.every((o) => o.is_definition) && r.matches.some((other) => (other.counts?.references ?? 0) > 0);

/** The folded matches: `# also defined, no refs: method lib/ajv.ts:18, method lib/jtd.ts:51`. */
export const foldedLine = (ms: readonly SymbolMatch[]): string =>
  `# also defined, no refs: ${ms.flatMap((m) => m.occurrences.map((o) => `${m.kind} ${o.file}:${o.line}`)).join(', ')}`;

/** What the sites form left out of this page, and how to get it: `source lines, 14 imports (lines=true)`. */
export function leftOutPart(r: QueryResult): string {
  const imports = r.matches.reduce((n, m) => n + m.occurrences.filter((o) => useOf(o) === 'import').length, 0);
  return `source lines${imports > 0 ? `, ${imports} import${imports === 1 ? '' : 's'}` : ''} (lines=true)`;
}

/** Bytes a site adds to the sites form after the site before it in the match (an upper bound: sites of one definition are grouped). */
export function siteCost(o: Occurrence, prev: Occurrence | undefined): number {
  const newFile = o.file !== prev?.file;
  if (useOf(o) === 'import') return newFile ? o.file.length + 9 : 0;
  let n = String(o.line).length + 2 + (o.use === 'call' || o.use === 'type' || o.is_definition ? 0 : useOf(o).length + 1);
  if (newFile) n += o.file.length + 3;
  // A definition stands alone (`def 12`); the site after it opens its definition's group again.
  if (o.is_definition) return n + 4;
  const c = containerOf(o);
  if (newFile || prev?.is_definition || c !== containerOf(prev!)) n += (c?.length ?? 3) + 1;
  return n;
}
