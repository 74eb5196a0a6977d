// An independent oracle for PHP class references: php-parser (npm, its own
// grammar and AST, fetched into the test cache, not a dependency of Scry)
// reads each file; the references in class-name positions (extends,
// implements, trait use, type declarations, new, X::..., instanceof, catch)
// are resolved by PHP's rules for names (namespace, use imports). Compared by
// (file, line, class) with what Scry's syntactic indexer stored.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Database from 'better-sqlite3';

interface PNode {
  kind: string;
  loc?: { start: { line: number } } | null;
  [key: string]: unknown;
}

type Engine = new (options: object) => { parseCode(code: string, file: string): PNode };

const isNode = (v: unknown): v is PNode => typeof v === 'object' && v !== null && typeof (v as { kind?: unknown }).kind === 'string';

/** Class-name slots: parent kind -> its fields that hold class names. */
const SLOTS: Record<string, string[]> = {
  class: ['extends', 'implements'],
  interface: ['extends'],
  traituse: ['traits'],
  parameter: ['type'],
  method: ['type'],
  function: ['type'],
  closure: ['type'],
  arrowfunc: ['type'],
  propertystatement: ['type'],
  new: ['what'],
  staticlookup: ['what'],
  catch: ['what'],
  uniontype: ['types'],
  intersectiontype: ['types'],
};

export function oracleReferences(engineDir: string, repo: string, files: readonly string[]): Set<string> {
  const PhpParser = require(engineDir) as Engine;
  const parser = new PhpParser({ parser: { php8: true, suppressErrors: true, extractDoc: false }, ast: { withPositions: true } });
  const out = new Set<string>();
  for (const file of files) {
    if (file.endsWith('.blade.php')) continue;
    const text = fs.readFileSync(path.join(repo, file), 'utf8');
    const lines = text.split('\n');
    let ast: PNode;
    try {
      ast = parser.parseCode(text, file);
    } catch {
      continue;
    }
    let ns = '';
    let uses = new Map<string, string>();
    const classes: string[] = [];
    const resolve = (n: PNode): string | undefined => {
      const name = String(n.name);
      const lower = name.toLowerCase();
      // `new static`, `instanceof self`: the enclosing class (parent needs its extends: left out).
      if (lower === 'self' || lower === 'static') return classes[classes.length - 1];
      if (lower === 'parent') return undefined;
      if (n.resolution === 'fqn') return name.replace(/^\\/, '');
      const first = name.split('\\')[0]!.toLowerCase();
      const imported = uses.get(first);
      if (imported) return imported + name.slice(first.length);
      return ns ? `${ns}\\${name}` : name;
    };
    // `new static` and `instanceof self` name the class; `static::f()` and a `self` type do not (as SCIP indexers record them).
    const add = (n: PNode, allowSelf = true): void => {
      const self = allowSelf && (n.kind === 'selfreference' || n.kind === 'staticreference');
      if ((n.kind !== 'name' && !self) || !n.loc) return;
      const line = n.loc.start.line;
      if (/^\s*use\s/.test(lines[line - 1] ?? '')) return;
      const fqn = self ? classes[classes.length - 1] : resolve(n);
      if (fqn) out.add(`${file}:${line}:${fqn.toLowerCase()}`);
    };
    const walk = (n: PNode): void => {
      if (n.kind === 'namespace') {
        ns = String(n.name);
        uses = new Map();
      }
      if (n.kind === 'usegroup' && !n.type) {
        const prefix = n.name ? `${String(n.name)}\\` : '';
        for (const item of (n.items as PNode[]) ?? []) {
          if (item.type) continue;
          const fqn = `${prefix}${String(item.name)}`.replace(/^\\/, '');
          const alias = isNode(item.alias) ? String(item.alias.name) : fqn.split('\\').pop()!;
          uses.set(alias.toLowerCase(), fqn);
        }
      }
      for (const slot of SLOTS[n.kind] ?? []) {
        const v = n[slot];
        for (const x of Array.isArray(v) ? v : [v]) if (isNode(x)) add(x, n.kind === 'new');
      }
      if (n.kind === 'bin' && n.type === 'instanceof' && isNode(n.right)) add(n.right);
      const named = (n.kind === 'class' || n.kind === 'interface' || n.kind === 'trait' || n.kind === 'enum') && isNode(n.name);
      if (named) classes.push(ns ? `${ns}\\${String((n.name as PNode).name)}` : String((n.name as PNode).name));
      for (const v of Object.values(n)) {
        if (Array.isArray(v))
          for (const x of v) {
            if (isNode(x)) walk(x);
          }
        else if (isNode(v)) walk(v);
      }
      if (named) classes.pop();
    };
    walk(ast);
  }
  return out;
}

/** The same facts from Scry's index: non-definition occurrences of class-like symbols, by file, line and class. */
export function scryReferences(dbPath: string): Set<string> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT d.path, o.line, s.symbol, l.text FROM occurrences o JOIN symbols s ON s.id = o.symbol_id JOIN documents d ON d.id = o.document_id
      LEFT JOIN lines l ON l.document_id = o.document_id AND l.line = o.line
      WHERE o.is_definition = 0 AND s.symbol LIKE 'scry-syntactic php . . %#' AND s.symbol NOT LIKE '%unresolved/%' AND d.language = 'php'`,
      )
      .all() as Array<{ path: string; line: number; symbol: string; text: string | null }>;
    const out = new Set<string>();
    for (const r of rows) {
      if (/^use\s/.test(r.text ?? '')) continue;
      const key = r.symbol
        .slice('scry-syntactic php . . '.length)
        .replace(/#$/, '')
        .split('/')
        .map((p) => p.replace(/^`|`$/g, ''))
        .join('\\');
      out.add(`${r.path}:${r.line}:${key.toLowerCase()}`);
    }
    return out;
  } finally {
    db.close();
  }
}
