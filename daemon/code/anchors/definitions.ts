// Definitions as anchors keep them: a symbol's (its file, name line and the
// hash of its extent) or a file's (the hash of the whole file), and the
// repo-relative file a written path names, indexed or on disk.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeDefinition } from '../../protocol/anchors';
import { SYMBOL_COLUMNS, type CodeStore, type SymbolRecord } from '../store/store';
import type { Caches } from './caches';
import { hashOf } from './file-lines';
import { keep } from './written';

interface DefRow {
  path: string;
  line: number;
  extent_line: number | null;
  extent_end_line: number | null;
}

/** The symbol's definition: its file, name line and, when the indexer gave one, its whole extent. */
function definitionOf(store: CodeStore, s: SymbolRecord): DefRow | undefined {
  return store
    .statement<[number], DefRow>(
      `SELECT d.path, s.def_line AS line, o.extent_line, o.extent_end_line
       FROM symbols s JOIN documents d ON d.id = s.def_document_id
       LEFT JOIN outline o ON o.document_id = s.def_document_id AND o.line = s.def_line AND o.symbol_id = s.id
       WHERE s.id = ? AND s.def_line IS NOT NULL`,
    )
    .get(s.id);
}

export function symbolDefinition(c: Caches, store: CodeStore, repo: string, s: SymbolRecord): CodeDefinition | undefined {
  const def = definitionOf(store, s);
  if (!def) return undefined;
  const f = c.lines.read(repo, def.path);
  if (!f) return undefined;
  const from = def.extent_line ?? def.line;
  const to = def.extent_end_line ?? def.line;
  return { kind: 'symbol', symbol: s.symbol, name: s.name, qualified_name: s.qualified_name, file: def.path, line: def.line, hash: hashOf(f, from, to) };
}

/** The symbol of this id that is not a document's local. */
export const globalSymbol = (store: CodeStore, symbol: string): SymbolRecord | undefined =>
  store.statement<[string], SymbolRecord>(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE symbol = ? AND document_id IS NULL`).get(symbol);

/** The lines a found symbol's definition spans now (what its hash is of), and the file's lines. */
export function extentOf(c: Caches, store: CodeStore, repo: string, d: CodeDefinition): { from: number; to: number; lines: string[] } | undefined {
  if (d.kind !== 'symbol' || d.symbol === undefined) return undefined;
  const s = globalSymbol(store, d.symbol);
  const def = s && definitionOf(store, s);
  const f = def && c.lines.read(repo, def.path);
  if (!def || !f || def.path !== d.file) return undefined;
  return { from: def.extent_line ?? def.line, to: def.extent_end_line ?? def.line, lines: f.lines };
}

export function fileDefinition(c: Caches, store: CodeStore, repo: string, rel: string, line: number): CodeDefinition | undefined {
  const file = locate(c, store, repo, rel);
  return file === undefined ? undefined : fileAt(c, repo, file, line);
}

/** The repo-relative file a written path names: indexed, else on disk. */
export const locate = (c: Caches, store: CodeStore, repo: string, rel: string): string | undefined => indexedPath(store, rel) ?? onDisk(c, repo, rel);

export function fileAt(c: Caches, repo: string, file: string, line: number): CodeDefinition | undefined {
  const f = c.lines.read(repo, file);
  if (!f) return undefined;
  // A line past the end is kept as written: the file is what the session named, and it has changed since.
  return { kind: 'file', file, line, hash: hashOf(f, 0, 0) };
}

/**
 * The exact indexed path; else the one indexed path ending with it; else,
 * dropping leading folders one at a time (a path written from another
 * checkout, or before `apps/app` became `apps/web`), the one path ending with
 * what is left. Two paths ending the same way stop the search: no guess.
 */
export function indexedPath(store: CodeStore, rel: string): string | undefined {
  const exact = store.statement<[string], { path: string }>('SELECT path FROM documents WHERE path = ?').get(rel);
  if (exact) return exact.path;
  const parts = rel.split('/').filter((p) => p !== '' && p !== '.');
  for (let i = 0; i <= parts.length - keep(parts); i++) {
    const tail = `/${parts.slice(i).join('/')}`;
    const tails = store.statement<[string, string], { path: string }>('SELECT path FROM documents WHERE substr(path, -length(?)) = ? LIMIT 2').all(tail, tail);
    if (tails.length === 1) return tails[0]!.path;
    if (tails.length > 1) return undefined;
  }
  return undefined;
}

/**
 * A file of the working tree the index does not hold (package.json, a
 * README), inside the repo: the path as given, else (a path written in
 * another checkout) the longest tail of it that names a file here.
 */
function onDisk(c: Caches, repo: string, rel: string): string | undefined {
  const parts = rel.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  let tracked: readonly string[] | undefined;
  for (let i = 0; i <= parts.length - keep(parts); i++) {
    const abs = path.resolve(repo, ...parts.slice(i));
    if (!abs.startsWith(repo + path.sep)) continue;
    try {
      if (fs.statSync(abs).isFile()) return path.relative(repo, abs).split(path.sep).join('/');
    } catch {
      // Not here: the one tracked file ending the same way, else a shorter tail.
    }
    // Read ahead by prepareMentions; not read, only paths as given.
    tracked ??= c.git.trackedFiles(repo) ?? [];
    const tail = `/${parts.slice(i).join('/')}`;
    const ends = tracked.filter((f) => f.endsWith(tail));
    if (ends.length === 1) return ends[0];
    if (ends.length > 1) return undefined;
  }
  return undefined;
}

/** The repo's own definitions. Not a local (declared inside a function): the one local of that name anywhere is rarely the one a session meant. */
export const own = (symbols: SymbolRecord[]): SymbolRecord[] => symbols.filter((s) => !s.is_external && !s.is_local && s.kind !== 'parameter');

/** One per place: several symbols at one definition (a declaration merged with its namespace) are one answer. */
export function uniqueDefinitions(c: Caches, store: CodeStore, repo: string, symbols: SymbolRecord[]): CodeDefinition[] {
  const seen = new Map<string, CodeDefinition>();
  for (const s of symbols) {
    const d = symbolDefinition(c, store, repo, s);
    if (d && !seen.has(`${d.file}:${d.line}`)) seen.set(`${d.file}:${d.line}`, d);
  }
  return [...seen.values()];
}
