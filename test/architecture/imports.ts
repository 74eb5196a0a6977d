// The import graph of the daemon's sources, read from the files themselves
// (every `from '…'`, `import('…')` and `require('…')` of a relative path,
// type-only imports too: a type is a dependency of the design even where the
// compiled code drops it), and the circles in it (Tarjan's strongly connected
// components). Shared by the architecture tests.
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every .ts file under `dir`, absolute. */
export function sourcesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*)'(\.{1,2}\/[^']*|\.{1,2})'/g;

/** The files a source imports (resolved to `x.ts` or `x/index.ts`); specifiers naming no source file are left out. */
export function importsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(SPECIFIER)) {
    const base = path.resolve(path.dirname(file), m[1]!);
    const found = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => fs.existsSync(f));
    if (found) out.add(found);
  }
  return [...out];
}

export type Graph = ReadonlyMap<string, ReadonlySet<string>>;

/** The graph of these files' imports among themselves. */
export function fileGraph(files: readonly string[]): Graph {
  const inside = new Set(files);
  return new Map(files.map((f) => [f, new Set(importsOf(f).filter((i) => inside.has(i)))]));
}

/**
 * The same graph between units: `unitOf` names each file's unit (its folder,
 * or the file itself for a file at the top); imports inside one unit drop out.
 */
export function unitGraph(graph: Graph, unitOf: (file: string) => string): Graph {
  const out = new Map<string, Set<string>>();
  for (const [from, tos] of graph) {
    const u = unitOf(from);
    const set = out.get(u) ?? new Set<string>();
    out.set(u, set);
    for (const to of tos) if (unitOf(to) !== u) set.add(unitOf(to));
  }
  return out;
}

/** Each circle of the graph (a strongly connected component of two or more nodes), its nodes sorted; the circles sorted. */
export function circles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}
