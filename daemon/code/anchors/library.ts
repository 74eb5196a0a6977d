// A mention of a library's symbol (`useEffect`, `String.split`, `Path`) that
// the repo uses: what anchors it is the package and version the repo's index
// says it comes from, and the repo's first use of it. Nothing else in the repo
// defines the name. Its state later says whether the repo still uses it, at
// that version or another, or not at all.
import type { CodeDefinition, MentionContext } from '../../protocol/anchors';
import type { CodeStore, SymbolRecord } from '../store/store';
import { definitionHash } from './hash';

/** `scip-typescript npm react 18.3.1 …`: the manager, the package and its version (SCIP writes a space inside a field as two). */
const SCIP_PACKAGE = /^\S+ (\S+) (\S+) (\S+) /;

interface Candidate {
  s: SymbolRecord;
  manager: string;
  pkg: string;
  version: string;
  /** Package and qualified name, not the version: one library symbol, whatever file or overload declares it. */
  key: string;
  uses: number;
}

interface Use {
  path: string;
  line: number;
}

/** The repo's first use of a symbol: outside tests first, then by path and line. */
const firstUse = (store: CodeStore, id: number): Use | undefined =>
  store
    .statement<[number], Use>(
      'SELECT d.path, o.line FROM occurrences o JOIN documents d ON d.id = o.document_id WHERE o.symbol_id = ? ORDER BY d.is_test, d.path, o.line LIMIT 1',
    )
    .get(id);

const useCount = (store: CodeStore, id: number): number =>
  store.statement<[number], { n: number }>('SELECT count(*) AS n FROM occurrences WHERE symbol_id = ?').get(id)?.n ?? 0;

const hasDefinition = (store: CodeStore, id: number): boolean =>
  store.statement<[number], { x: number }>('SELECT 1 AS x FROM symbols WHERE id = ? AND def_line IS NOT NULL').get(id) !== undefined;

/** A library's symbol the repo uses: a package's (not a syntactic index's `. .`), defined nowhere in the repo, with uses. */
function candidate(store: CodeStore, s: SymbolRecord): Candidate | undefined {
  if (s.is_local || s.kind === 'parameter') return undefined;
  const m = SCIP_PACKAGE.exec(s.symbol);
  if (!m || m[2] === '.' || hasDefinition(store, s.id)) return undefined;
  const uses = useCount(store, s.id);
  if (uses === 0) return undefined;
  return { s, manager: m[1]!, pkg: m[2]!, version: m[3]!, key: `${m[1]} ${m[2]} ${s.qualified_name}`, uses };
}

/** The label a library anchor shows for where it is: `react 18.3.1`. */
const libraryLabel = (c: Pick<Candidate, 'pkg' | 'version'>): string => (c.version === '.' ? c.pkg : `${c.pkg} ${c.version}`);

function definitionOf(store: CodeStore, c: Candidate): CodeDefinition | undefined {
  const first = firstUse(store, c.s.id);
  if (!first) return undefined;
  return {
    kind: 'symbol',
    symbol: c.s.symbol,
    name: c.s.name,
    qualified_name: c.s.qualified_name,
    file: first.path,
    line: first.line,
    // The version is its text: another version of the package is another definition.
    hash: definitionHash(`${c.key} ${c.version}`),
    library: libraryLabel(c),
  };
}

/** Of several candidates for one key, the one the repo uses most (ties: the first by symbol). */
const busiest = (cs: Candidate[]): Candidate => cs.reduce((a, b) => (b.uses > a.uses || (b.uses === a.uses && b.s.symbol < a.s.symbol) ? b : a));

/**
 * The library symbol a name means, when the repo defines nothing of that name
 * but uses library symbols of it: the one such symbol (any file or overload
 * of one package's qualified name); else, of several, the one used in files
 * the session named. Two libraries' symbols of the name, neither told apart
 * by those files, stay text.
 */
export function libraryDefinition(store: CodeStore, symbols: readonly SymbolRecord[], context: MentionContext | undefined): CodeDefinition | undefined {
  const byKey = new Map<string, Candidate[]>();
  for (const s of symbols) {
    const c = candidate(store, s);
    if (c) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  }
  if (byKey.size === 0) return undefined;
  let keys = [...byKey.keys()];
  if (keys.length > 1 && context && context.files.length > 0) {
    const named = new Set(context.files);
    keys = keys.filter((k) => byKey.get(k)!.some((c) => usedIn(store, c.s.id, named)));
  }
  return keys.length === 1 ? definitionOf(store, busiest(byKey.get(keys[0]!)!)) : undefined;
}

function usedIn(store: CodeStore, id: number, files: ReadonlySet<string>): boolean {
  const paths = store
    .statement<[number], { path: string }>('SELECT DISTINCT d.path FROM occurrences o JOIN documents d ON d.id = o.document_id WHERE o.symbol_id = ?')
    .all(id);
  return paths.some((p) => files.has(p.path));
}

/**
 * Where a library anchor stands now: the same package's symbol of that
 * qualified name, still used by the repo (its hash differs when the version
 * did), or null when the repo uses it no more.
 */
export function libraryNow(store: CodeStore, anchored: string, name: string): CodeDefinition | null {
  const m = SCIP_PACKAGE.exec(anchored);
  if (!m) return null;
  const named = store.symbolsNamed(name);
  const qualified = named.find((s) => s.symbol === anchored)?.qualified_name ?? qualifiedOf(anchored, name);
  const now = named.flatMap((s) => {
    const c = s.name === name ? candidate(store, s) : undefined;
    return c && c.manager === m[1] && c.pkg === m[2] && c.s.qualified_name === qualified ? [c] : [];
  });
  if (now.length === 0) return null;
  // The anchored version first: still used, it is fresh whatever else the repo uses.
  const at = now.filter((c) => c.version === m[3]);
  return definitionOf(store, busiest(at.length > 0 ? at : now)) ?? null;
}

/** `String.split` from `… lib/\`lib.es5.d.ts\`/String#split().`: the descriptors after the file, as the index names a qualified name. */
function qualifiedOf(symbol: string, name: string): string {
  const descriptors = symbol.replace(SCIP_PACKAGE, '').replace(/^(?:[^`/]*\/|`[^`]*`\/)*/, '');
  const parts = descriptors.split(/[#./]|\(\)\.?/).filter((p) => p.length > 0);
  return parts.length > 0 ? parts.join('.') : name;
}
