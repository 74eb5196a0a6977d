// The sites form: how the compact answer lists refs, callers and callees
// unless `lines` is asked for. An agent needs every site (file and line),
// the definition each one is in, and what kind of use it is; it seldom
// needs every source line, which made the answer as big as grep's on a repo
// of unique names. So, per match, one line per file:
//
//   util.ts: 12,14;schemaRefOrVal 47;getErrorPath 186,191 read,193-195;def 201
//
// top-level sites first as bare lines, then each enclosing definition with
// its lines (`;` between definitions, `,` between lines), the definition as
// `def L`, and a site's use after its line when it is not the match's main
// use (the header names that one). A run of three lines or more with one use
// is a range (`193-195`); two sites on one line are one line. A member of
// the class the definition before it is a member of is `.name`
// (`CodeGen.const 519;.let 524`). Import sites are counted in the header,
// not listed: a file that only imports the symbol reads `path: import`, and
// files of one folder with the same sites share a line. Files are a tree of
// their folders (siteLines). What the form leaves out (source lines, import
// lines) and how to get them (`lines`) is said once, in the MCP server's
// instructions and the `lines` parameter's description, not in each answer.
import type { Occurrence, QueryResult, SymbolMatch } from './code';

export const useOf = (o: Occurrence): string => o.use ?? (o.is_definition ? 'def' : o.is_call ? 'call' : 'ref');

/** The enclosing definition worth naming: not the file's own module (top-level code). */
export function containerOf(o: Occurrence): string | null {
  const c = o.containing_symbol;
  if (!c || o.file === c || o.file.endsWith(`/${c}`)) return null;
  return c;
}

/** How a site marks what tree-sitter found rather than a precise indexer. */
export const SYNTACTIC_MARK = ' (syntactic)';

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

/** A site as the sites form prints it: its line, and its use when that is not the main one. */
interface Token {
  line: number;
  use: string;
}

/**
 * A group's sites: `186,191 read`, and a run of consecutive lines with the same use as one range,
 * `111-117 call` (three lines or more, or two that carry a use word: where the range is shorter).
 * A syntactic mark rides on the use word (`12 (syntactic)`), so a marked site never joins a range of unmarked ones.
 */
function joinTokens(tokens: readonly Token[]): string {
  const out: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const t = tokens[i]!;
    let j = i + 1;
    while (j < tokens.length && tokens[j]!.use === t.use && tokens[j]!.line === tokens[j - 1]!.line + 1) j++;
    const run = j - i;
    const word = t.use === '' ? '' : ` ${t.use}`;
    if (run >= 3 || (run === 2 && word !== '')) {
      out.push(`${t.line}-${tokens[j - 1]!.line}${word}`);
      i = j;
    } else {
      out.push(`${t.line}${word}`);
      i++;
    }
  }
  return out.join(',');
}

/** One file's sites: `12,14;schemaRefOrVal 47;getErrorPath 186,191 read;def 201`. `named`: print the enclosing definitions (not for callers and callees, whose match is that definition). */
function fileSites(os: readonly Occurrence[], main: string | undefined, named: boolean, marked: boolean): string {
  const listed = os.filter((o) => useOf(o) !== 'import');
  if (listed.length === 0) return 'import';
  const groups = new Map<string, Token[]>();
  const seen = new Set<string>();
  for (const o of [...listed].sort((a, b) => a.line - b.line || a.column - b.column)) {
    // Top level first (the empty key), then each enclosing definition from its first site; the definition stands alone.
    const key = o.is_definition ? '\u0001def' : named ? (containerOf(o) ?? '') : '';
    const use = useOf(o);
    const token = { line: o.line, use: `${!o.is_definition && use !== main ? use : ''}${marked && o.precision === 'syntactic' ? SYNTACTIC_MARK : ''}`.trim() };
    // Two sites of one use on one line (`f(x: Name): Name`) are one line to read: listed once (the header counts both).
    const once = `${key}\u0000${token.line}\u0000${token.use}`;
    if (seen.has(once)) continue;
    seen.add(once);
    const group = groups.get(key);
    if (group) group.push(token);
    else groups.set(key, [token]);
  }
  const top = groups.get('') ?? [];
  groups.delete('');
  const out = top.length > 0 ? [joinTokens(top)] : [];
  let owner: string | undefined;
  for (const [k, tokens] of groups) {
    const name = k === '\u0001def' ? 'def' : k;
    // A member of the class (or module) the definition before it is a member of: `.name`, after `CodeGen.scope 485`.
    const dot = name.lastIndexOf('.');
    const of = dot > 0 ? name.slice(0, dot) : undefined;
    out.push(`${of !== undefined && of === owner ? name.slice(dot) : name} ${joinTokens(tokens)}`);
    owner = of;
  }
  return out.join(';');
}

/** A folder of a match's files: its files' sites, and its folders by name. */
interface Folder {
  files: Map<string, string>;
  folders: Map<string, Folder>;
}

const folder = (): Folder => ({ files: new Map(), folders: new Map() });
const fileCount = (f: Folder): number => f.files.size + [...f.folders.values()].reduce((n, c) => n + fileCount(c), 0);
const byName = <T>(m: Map<string, T>): Array<[string, T]> => [...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));

/**
 * A match's lines below its header, as a tree of its folders: a folder is
 * said once, on its own line, where that is shorter than saying it in each
 * path under it (lay), and what is in it is indented one space under it,
 * named from it (its files first, then its folders); any other file is
 * written with its path from the folder line above it (`core/ref.ts: 34`),
 * and a folder holding only a folder is said with it (`lib/compile/`).
 * Files of one folder with the same sites share a line (`2019.ts, 2020.ts,
 * ajv.ts: import`).
 */
export function siteLines(m: SymbolMatch, named: boolean, marked: boolean): string[] {
  const byFile = new Map<string, Occurrence[]>();
  for (const o of m.occurrences) {
    const sites = byFile.get(o.file);
    if (sites) sites.push(o);
    else byFile.set(o.file, [o]);
  }
  const main = usesOf(m.occurrences).find(([u]) => u !== 'import')?.[0];
  const root = folder();
  for (const [file, os] of byFile) {
    const parts = file.split('/');
    let at = root;
    for (const p of parts.slice(0, -1)) {
      let next = at.folders.get(p);
      if (!next) at.folders.set(p, (next = folder()));
      at = next;
    }
    at.files.set(parts[parts.length - 1]!, fileSites(os, main, named, marked));
  }
  return lay(root, 0, '', new Map());
}

const size = (lines: readonly string[]): number => lines.reduce((n, l) => n + l.length + 1, 0);

/**
 * The lines of a folder's files and folders at `depth`, their paths from
 * `path` on. A folder under it is said on its own line where that makes the
 * text shorter than saying it in each path under it (never for one file):
 * both layouts are laid out, each once (`memo`: a folder is laid out at a
 * depth and from a path at most once).
 */
function lay(f: Folder, depth: number, path: string, memo: Map<Folder, Map<string, string[]>>): string[] {
  const key = `${depth} ${path}`;
  const known = memo.get(f)?.get(key);
  if (known) return known;
  const indent = ' '.repeat(depth);
  const out: string[] = [];
  const files = byName(f.files);
  for (let i = 0; i < files.length;) {
    let j = i + 1;
    while (j < files.length && files[j]![1] === files[i]![1]) j++;
    out.push(
      `${indent}${files
        .slice(i, j)
        .map(([name]) => path + name)
        .join(', ')}: ${files[i]![1]}`,
    );
    i = j;
  }
  for (const [name, sub] of byName(f.folders)) {
    let at = sub;
    let said = `${path}${name}/`;
    // A folder holding only a folder is said with it.
    while (at.files.size === 0 && at.folders.size === 1) {
      const [inner, next] = [...at.folders][0]!;
      said += `${inner}/`;
      at = next;
    }
    const inline = lay(at, depth, said, memo);
    const under = fileCount(at) < 2 ? inline : [`${indent}${said}`, ...lay(at, depth + 1, '', memo)];
    out.push(...(size(under) < size(inline) ? under : inline));
  }
  if (!memo.has(f)) memo.set(f, new Map());
  memo.get(f)!.set(key, out);
  return out;
}

/** A match with no reference that only repeats a name another match of the answer is used by (an override, an unused twin): folded into one line. */
export const foldable = (m: SymbolMatch, r: QueryResult): boolean =>
  (m.counts?.references ?? 1) === 0 && m.occurrences.every((o) => o.is_definition) && r.matches.some((other) => (other.counts?.references ?? 0) > 0);

/** The folded matches: `# also defined, no refs: method lib/ajv.ts:18, function lib/jtd.ts:51`; `# also defined, no refs (method): lib/ajv.ts:18, lib/jtd.ts:51` when they are of one kind. */
export function foldedLine(ms: readonly SymbolMatch[]): string {
  const one = ms.every((m) => m.kind === ms[0]!.kind);
  const places = ms.flatMap((m) => m.occurrences.map((o) => `${one ? '' : `${m.kind} `}${o.file}:${o.line}`));
  return `# also defined, no refs${one ? ` (${ms[0]!.kind})` : ''}: ${places.join(', ')}`;
}

/**
 * Bytes a site adds to the sites form after the site before it in the match
 * (an upper bound: sites of one definition are grouped, a run is a range, a
 * file's path is said from its folder's line): `,L` or `;Container L`, and
 * `path: ` and a newline for a new file. A call or type site is charged no
 * use word (one is the main use of most matches), and every site a second
 * byte, which pays for the word where it is printed: on the 91 matches of
 * the answers bench the text is at most 0.98 of this measure (0.71 overall).
 */
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
