// The code side of memory's anchors (protocol/anchors.ts): a mention typed in
// a session resolved against one repo's index, and an anchored definition
// found again. Nothing is guessed: a name with several definitions, or a
// compound whose container matches none, stays unresolved.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AnchorKey, CodeDefinition, MentionContext, MentionResolution } from '../../protocol/anchors';
import { SYMBOL_COLUMNS, type CodeStore, type SymbolRecord } from '../store/store';
import { declarationsAt, loadCommitFiles, loadDeclarations, loadRenames, loadSince, loadTracked, removedDeclarations, renamedTail, renamedTo, trackedFiles } from './git-since';
import { libraryDefinition, libraryNow } from './library';
import { lineNow } from './line-map';
import { lookedUp, resolveName } from './resolve';

/** `orders.ts:12` or `src/orders.ts:12:5`. */
const FILE_LINE = /^(.+\.[A-Za-z0-9]{1,6}):(\d+)(?::\d+)?$/;
/** A source path: it has a folder, or a file name ending in a known extension. */
const SOURCE_EXT = /\.(?:[cm]?[jt]sx?|py|go|rs|rb|php|java|kt|cs|cpp|cc|c|h|hpp|swift|scala|ex|exs|vue|svelte|json|ya?ml|toml|md|sql|sh|css|scss|html|prisma|graphql|proto)$/i;
const IDENT = /^[A-Za-z_$][\w$]*(?:(?:\.|#|::)[A-Za-z_$][\w$]*)*[?!]?$/;
/** A path with folders keeps at least its file's folder: `packages/gone/package.json` is not the root's package.json. */
const keep = (parts: readonly string[]): number => (parts.length >= 2 ? 2 : 1);

/** Indentation and blank lines do not count: a definition moved or re-indented keeps its hash. */
export function definitionHash(text: string): string {
  const norm = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .join('\n');
  return createHash('sha256').update(norm).digest('hex').slice(0, 16);
}

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

/** Files read lately, by path, kept while their size and mtime say they are unchanged: refs asks about the same few. */
const LINES = new Map<string, { size: number; mtimeMs: number; lines: string[]; hashes: Map<string, string> }>();
const LINES_KEPT = 64;

export function readFile(repo: string, file: string): { lines: string[]; hashes: Map<string, string> } | undefined {
  const abs = path.join(repo, file);
  try {
    const st = fs.statSync(abs);
    const kept = LINES.get(abs);
    if (kept && kept.size === st.size && kept.mtimeMs === st.mtimeMs) return kept;
    const read = { size: st.size, mtimeMs: st.mtimeMs, lines: fs.readFileSync(abs, 'utf8').split(/\r?\n/), hashes: new Map<string, string>() };
    LINES.delete(abs);
    LINES.set(abs, read);
    if (LINES.size > LINES_KEPT) LINES.delete(LINES.keys().next().value!);
    return read;
  } catch {
    return undefined;
  }
}

/** The hash of lines [from, to] (1-based, inclusive; 0 for the whole file), computed once per version of the file. */
function hashOf(f: { lines: string[]; hashes: Map<string, string> }, from: number, to: number): string {
  const key = `${from}:${to}`;
  let h = f.hashes.get(key);
  if (h === undefined) {
    h = definitionHash((from === 0 ? f.lines : f.lines.slice(from - 1, to)).join('\n'));
    f.hashes.set(key, h);
  }
  return h;
}

function symbolDefinition(store: CodeStore, repo: string, s: SymbolRecord): CodeDefinition | undefined {
  const def = definitionOf(store, s);
  if (!def) return undefined;
  const f = readFile(repo, def.path);
  if (!f) return undefined;
  const from = def.extent_line ?? def.line;
  const to = def.extent_end_line ?? def.line;
  return { kind: 'symbol', symbol: s.symbol, name: s.name, qualified_name: s.qualified_name, file: def.path, line: def.line, hash: hashOf(f, from, to) };
}

/** The symbol of this id that is not a document's local. */
const globalSymbol = (store: CodeStore, symbol: string): SymbolRecord | undefined => store.statement<[string], SymbolRecord>(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE symbol = ? AND document_id IS NULL`).get(symbol);

/** The lines a found symbol's definition spans now (what its hash is of), and the file's lines. */
export function extentOf(store: CodeStore, repo: string, d: CodeDefinition): { from: number; to: number; lines: string[] } | undefined {
  if (d.kind !== 'symbol' || d.symbol === undefined) return undefined;
  const s = globalSymbol(store, d.symbol);
  const def = s && definitionOf(store, s);
  const f = def && readFile(repo, def.path);
  if (!def || !f || def.path !== d.file) return undefined;
  return { from: def.extent_line ?? def.line, to: def.extent_end_line ?? def.line, lines: f.lines };
}

function fileDefinition(store: CodeStore, repo: string, rel: string, line: number): CodeDefinition | undefined {
  const file = locate(store, repo, rel);
  return file === undefined ? undefined : fileAt(repo, file, line);
}

/** The repo-relative file a written path names: indexed, else on disk. */
const locate = (store: CodeStore, repo: string, rel: string): string | undefined => indexedPath(store, rel) ?? onDisk(repo, rel);

function fileAt(repo: string, file: string, line: number): CodeDefinition | undefined {
  const f = readFile(repo, file);
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
function indexedPath(store: CodeStore, rel: string): string | undefined {
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
function onDisk(repo: string, rel: string): string | undefined {
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
    tracked ??= trackedFiles(repo) ?? [];
    const tail = `/${parts.slice(i).join('/')}`;
    const ends = tracked.filter((f) => f.endsWith(tail));
    if (ends.length === 1) return ends[0];
    if (ends.length > 1) return undefined;
  }
  return undefined;
}

/** The repo's own definitions. Not a local (declared inside a function): the one local of that name anywhere is rarely the one a session meant. */
const own = (symbols: SymbolRecord[]): SymbolRecord[] => symbols.filter((s) => !s.is_external && !s.is_local && s.kind !== 'parameter');

/** A test's file: its definitions mirror or stub the code under test. */
const TEST_FILE = /(?:^|\/)(?:__tests__|__mocks__|tests?|spec)\/|\.(?:test|spec)\.[A-Za-z0-9]+$|_test\.[A-Za-z0-9]+$/;
/** Fields hold data: their bare name (`id`, `username`) names a field of whatever object the session is about. */
const FIELD_KINDS = new Set(['property', 'field']);

/**
 * Narrows several definitions to the one meant, or says none can be told
 * apart: those in files the session named; else, when all but one are in
 * tests, the one in the code (a test's copy or stub is not what a session
 * names). Anything else is left as it is.
 */
function narrow(defs: CodeDefinition[], context: MentionContext | undefined): CodeDefinition[] {
  if (defs.length <= 1) return defs;
  const named = context ? defs.filter((d) => context.files.includes(d.file)) : [];
  const pool = named.length > 0 ? named : defs;
  if (pool.length === 1) return pool;
  const code = pool.filter((d) => !TEST_FILE.test(d.file));
  return code.length === 1 ? code : pool;
}

const ENCLOSING_COLUMNS = SYMBOL_COLUMNS.split(', ').map((c) => `s.${c}`).join(', ');

/**
 * The innermost definition (not a local) whose extent holds this line of an
 * indexed file, as the index has it now. The module an indexer gives the
 * file itself (scip-typescript's `orders.ts`, spanning it whole) is the file,
 * not a definition in it.
 */
function enclosingAt(store: CodeStore, file: string, line: number): SymbolRecord | undefined {
  if (line < 1) return undefined;
  return store
    .statement<[string, number, number], SymbolRecord>(
      `SELECT ${ENCLOSING_COLUMNS}
       FROM outline o JOIN documents d ON d.id = o.document_id JOIN symbols s ON s.id = o.symbol_id
       WHERE d.path = ? AND o.extent_line <= ? AND o.extent_end_line >= ? AND s.document_id IS NULL AND s.kind <> 'parameter'
         AND NOT (s.kind = 'module' AND s.name LIKE '%.%')
       ORDER BY o.extent_end_line - o.extent_line, o.extent_line DESC LIMIT 1`,
    )
    .get(file, line, line);
}

/**
 * `file.ts:123`: the definition enclosing that line. The line is the file's
 * at the session's commit when the context gives one (mapped to where it is
 * now); a line edited since counts when the unchanged lines around its edit
 * are still inside one definition. Outside every definition, or when the
 * line cannot be placed, the mention anchors to the file at that line.
 */
function fileLineDefinition(store: CodeStore, repo: string, rel: string, line: number, commit: string | undefined): CodeDefinition | undefined {
  const file = locate(store, repo, rel);
  // Renamed since the session: the file at that line (its lines were the old file's, and may have moved on).
  if (file === undefined) return renamedDefinition(store, repo, rel, commit, line);
  const now = commit === undefined ? { exact: line } : (lineNow(repo, commit, file, line) ?? { exact: line });
  let s: SymbolRecord | undefined;
  if ('exact' in now) s = enclosingAt(store, file, now.exact);
  else {
    const [before, after] = now.between;
    const a = enclosingAt(store, file, before);
    s = a !== undefined && enclosingAt(store, file, after)?.id === a.id ? a : undefined;
  }
  return (s && symbolDefinition(store, repo, s)) ?? fileAt(repo, file, line);
}

export function resolveMention(store: CodeStore, repo: string, input: string, context?: MentionContext): MentionResolution {
  const mention = cleaned(input);
  const fileLine = FILE_LINE.exec(mention);
  if (fileLine) {
    const found = fileLineDefinition(store, repo, normalize(fileLine[1]!), Number(fileLine[2]), context?.commit);
    return found ? { found } : { found: null, reason: 'unknown' };
  }
  if (mention.includes('/') || SOURCE_EXT.test(mention)) {
    const found = fileDefinition(store, repo, normalize(mention), 1) ?? renamedDefinition(store, repo, normalize(mention), context?.commit);
    if (found) return { found };
    if (mention.includes('/') || !IDENT.test(mention)) return { found: null, reason: 'unknown' };
  }
  if (!IDENT.test(mention)) return { found: null, reason: 'unknown' };
  const named = resolveName(store, mention);
  // Spelled as written: the index answers `flask` with `Flask` when nothing is spelled `flask`, a guess for a mention.
  const resolved = { ...named, symbols: named.symbols.filter((s) => s.name === mention || s.name === lookedUp(mention)) };
  // A compound whose container matched nothing: every symbol of the tail came back, which would be a guess.
  if (resolved.note !== undefined) {
    const file = fileOfName(store, repo, mention);
    return file ? { found: file } : { found: null, reason: 'unknown' };
  }
  const mine = own(resolved.symbols);
  if (mine.length === 0) {
    // No symbol of that name: a Python module or package the repo has (`bookminder`, `apple_books.library`), or a file (`short.jsonl`).
    const file = resolved.symbols.length === 0 ? fileOfName(store, repo, mention) : undefined;
    if (file) return { found: file };
    const locals = resolved.symbols.filter((x) => x.is_local && !x.is_external);
    // A local of a file the session named, the only one of that name there: what the session was reading.
    if (locals.length > 0 && context) {
      const inNamed = uniqueDefinitions(store, repo, locals).filter((d) => context.files.includes(d.file));
      if (inNamed.length === 1) return { found: inNamed[0]! };
    }
    if (resolved.symbols.length === 0) {
      const gone = goneSince(repo, mention, context?.commit);
      if (gone) return { found: gone };
    }
    // No definition of the repo's: a library symbol the repo uses (`useEffect`, `String.split`).
    const library = libraryDefinition(store, resolved.symbols, context);
    if (library) return { found: library };
    return { found: null, reason: locals.length > 0 ? 'local' : resolved.symbols.length > 0 ? 'external' : 'unknown' };
  }
  // A bare field name is only anchored in a file the session named: `username` of a type it never opened is some other object's.
  const bareFields = context !== undefined && !mention.includes('.') && mine.every((x) => FIELD_KINDS.has(x.kind));
  const defs = narrow(uniqueDefinitions(store, repo, mine), context).filter((d) => !bareFields || context.files.includes(d.file));
  if (defs.length === 1) return severalThen(repo, mention, defs[0]!, context) ? { found: null, reason: 'ambiguous', candidates: 2 } : { found: defs[0]! };
  if (defs.length === 0 && !bareFields) {
    // Symbols the index declares but the repo does not define (scip-python's `typing/TypedDict.`): a library's.
    const library = libraryDefinition(store, mine, context);
    if (library) return { found: library };
  }
  if (defs.length === 0) return { found: null, reason: bareFields ? 'member' : 'unknown' };
  return { found: null, reason: 'ambiguous', candidates: defs.length };
}

/**
 * A dotted name as Python imports it (`bookminder`, `apple_books.library`):
 * the module's file (`…/library.py`) or the package's `__init__.py`, the one
 * indexed path ending so. An indexer names a module by its file, not by the
 * name an `import` uses, so no symbol has that name.
 */
function pythonModule(store: CodeStore, repo: string, mention: string): CodeDefinition | undefined {
  if (!/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(mention)) return undefined;
  const rel = mention.split('.').join('/');
  const files = [`${rel}.py`, `${rel}/__init__.py`].flatMap((p) => {
    const f = indexedPath(store, p);
    return f === undefined ? [] : [f];
  });
  return files.length === 1 ? fileAt(repo, files[0]!, 1) : undefined;
}

/** A file name of any extension (`short.jsonl`, `mix.lock`) that no symbol has: the one file of the repo so named. */
const fileNamed = (store: CodeStore, repo: string, mention: string): CodeDefinition | undefined =>
  /^[\w@-][\w@.-]*\.[A-Za-z][A-Za-z0-9]{0,5}$/.test(mention) ? fileDefinition(store, repo, mention, 1) : undefined;

/** A name no symbol has that names a file: a Python module or package (`apple_books.library`), else a file name (`short.jsonl`). */
const fileOfName = (store: CodeStore, repo: string, mention: string): CodeDefinition | undefined => pythonModule(store, repo, mention) ?? fileNamed(store, repo, mention);

/**
 * A name with one definition now whose file declared it at the session's
 * commit beside another file that declares it no more (removed since, as a
 * session may itself remove it): two were there, and the one now is what
 * the session meant only when the session named its file and not the
 * other's. Otherwise it would be a guess. (A definition moved to a file that
 * did not declare it then is the same one: its state says moved.)
 */
function severalThen(repo: string, name: string, now: CodeDefinition, context: MentionContext | undefined): boolean {
  if (context?.commit === undefined || name.includes('.')) return false;
  const declared = removedDeclarations(repo, context.commit, name);
  if (!declared || declared.removed.length === 0 || !declared.then.includes(now.file)) return false;
  return !(context.files.includes(now.file) && !declared.removed.some((f) => context.files.includes(f)));
}

/** Names of one episode looked for at its commit, at most (each is one `git grep`). */
const GONE_ASKED = 24;

/**
 * A name nothing in the index has now, declared in exactly one place at the
 * session's commit (`def legacy_charge(`, `function legacyCharge(`): what the
 * session meant, removed since. Anchored as it was there (its declaration
 * line and that line's hash), so its state reads gone. Declared nowhere, or
 * in several places, it stays text.
 */
function goneSince(repo: string, name: string, commit: string | undefined): CodeDefinition | undefined {
  if (commit === undefined || name.includes('.')) return undefined;
  const at = declarationsAt(repo, commit, name);
  if (at?.length !== 1) return undefined;
  const d = at[0]!;
  return { kind: 'symbol', name, qualified_name: name, file: d.file, line: d.line, hash: definitionHash(d.text) };
}

/**
 * A path not in the tree now that git renamed after the session's commit: the
 * file it is now (at `line`). Written short or from another checkout, the one
 * file of the commit ending that way, if git renamed it. A path git never had
 * stays unresolved.
 */
function renamedDefinition(store: CodeStore, repo: string, rel: string, commit: string | undefined, line = 1): CodeDefinition | undefined {
  const renamed = commit === undefined ? undefined : (renamedTo(repo, commit, rel) ?? renamedTail(repo, commit, rel, keep(rel.split('/').filter((p) => p !== '' && p !== '.'))));
  return renamed === undefined ? undefined : fileDefinition(store, repo, renamed, line);
}

/**
 * Reads from git, off the event loop, what resolving these mentions needs:
 * the tracked files (a path written in another checkout), and at the
 * session's commit the renames since and the diff of each `file.ts:N`
 * mention's file. resolveMention then reads git no more.
 */
export async function prepareMentions(store: CodeStore, repo: string, mentions: readonly string[], commit?: string): Promise<void> {
  await loadTracked(repo);
  if (commit === undefined) return;
  await loadRenames(repo, commit);
  const files: string[] = [];
  let short = false;
  for (const m of mentions) {
    const fileLine = FILE_LINE.exec(cleaned(m));
    const file = fileLine ? locate(store, repo, normalize(fileLine[1]!)) : undefined;
    if (file !== undefined) files.push(file);
    // A path that is nowhere now and was not renamed as written: the commit's files may hold it, written short.
    const written = fileLine ? fileLine[1]! : cleaned(m);
    if (!short && file === undefined && (written.includes('/') || SOURCE_EXT.test(written))) {
      const rel = normalize(written);
      short = locate(store, repo, rel) === undefined && renamedTo(repo, commit, rel) === undefined;
    }
  }
  await Promise.all([loadSince(repo, commit, files), short ? loadCommitFiles(repo, commit) : undefined]);
  // Names no symbol has now (goneSince: did one place declare them at the commit?) and names with one
  // definition now (severalThen: did another file declare them then, and no more?).
  const unknown: string[] = [];
  const single: string[] = [];
  for (const m of new Set(mentions.map(cleaned))) {
    if (!IDENT.test(m) || m.includes('.')) continue;
    const symbols = store.symbolsNamed(m);
    if (symbols.length === 0) unknown.push(m);
    else if (own(symbols).length === 1) single.push(m);
  }
  await loadDeclarations(repo, commit, [...unknown.slice(0, GONE_ASKED), ...single.slice(0, GONE_ASKED)]);
}

/** One per place: several symbols at one definition (a declaration merged with its namespace) are one answer. */
function uniqueDefinitions(store: CodeStore, repo: string, symbols: SymbolRecord[]): CodeDefinition[] {
  const seen = new Map<string, CodeDefinition>();
  for (const s of symbols) {
    const d = symbolDefinition(store, repo, s);
    if (d && !seen.has(`${d.file}:${d.line}`)) seen.set(`${d.file}:${d.line}`, d);
  }
  return [...seen.values()];
}

/**
 * Where an anchored definition is now. The same symbol id first; else, of
 * the symbols of that name, the one with the same text (moved), else the one
 * in the same file (edited in place), else the only one. Several candidates
 * and none of these: null, since picking one would be a guess.
 */
export function currentDefinition(store: CodeStore, repo: string, key: AnchorKey): CodeDefinition | null {
  // A file git renamed after the session is looked for where it was when anchored first.
  if (key.kind === 'file') return (key.found_file !== undefined ? fileDefinition(store, repo, key.found_file, 1) : undefined) ?? fileDefinition(store, repo, key.file, 1) ?? null;
  // A library's symbol the repo used: used still (at that version or another), or not any more.
  if (key.library !== undefined) return key.symbol !== undefined && key.name !== undefined ? libraryNow(store, key.symbol, key.name) : null;
  if (key.symbol !== undefined) {
    const same = globalSymbol(store, key.symbol);
    const d = same ? symbolDefinition(store, repo, same) : undefined;
    if (d) return d;
  }
  if (key.name === undefined) return null;
  const defs = uniqueDefinitions(store, repo, own(store.symbolsNamed(key.name)).filter((s) => s.name === key.name));
  return defs.find((d) => d.hash === key.hash) ?? defs.find((d) => d.file === key.file) ?? (defs.length === 1 ? defs[0]! : null);
}

// `@src/orders.ts` is how a Claude Code prompt names a file.
const cleaned = (input: string): string => input.trim().replace(/\(\)$/, '').replace(/^@(?=[\w.-]+\/|[\w-]+\.[A-Za-z])/, '');
const normalize = (p: string): string => p.replace(/^\.\//, '').split(path.sep).join('/');
