// The code side of memory's anchors (protocol/anchors.ts): a mention typed in
// a session resolved against one repo's index, and an anchored definition
// found again. Nothing is guessed: a name with several definitions, or a
// compound whose container matches none, stays unresolved.
import type { CodeDefinition, MentionContext, MentionResolution } from '../../protocol/anchors';
import { SYMBOL_COLUMNS, type CodeStore, type SymbolRecord } from '../store/store';
import { lookedUp, resolveName } from '../query/names';
import type { Caches } from './caches';
import { fileAt, fileDefinition, indexedPath, locate, own, symbolDefinition, uniqueDefinitions } from './definitions';
import { definitionHash } from './hash';
import { libraryDefinition } from './library';
import { cleaned, FILE_LINE, IDENT, keep, normalize, SOURCE_EXT } from './written';

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

const ENCLOSING_COLUMNS = SYMBOL_COLUMNS.split(', ')
  .map((c) => `s.${c}`)
  .join(', ');

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
function fileLineDefinition(c: Caches, store: CodeStore, repo: string, rel: string, line: number, commit: string | undefined): CodeDefinition | undefined {
  const file = locate(c, store, repo, rel);
  // Renamed since the session: the file at that line (its lines were the old file's, and may have moved on).
  if (file === undefined) return renamedDefinition(c, store, repo, rel, commit, line);
  const now = commit === undefined ? { exact: line } : (c.git.lineNow(repo, commit, file, line) ?? { exact: line });
  let s: SymbolRecord | undefined;
  if ('exact' in now) s = enclosingAt(store, file, now.exact);
  else {
    const [before, after] = now.between;
    const a = enclosingAt(store, file, before);
    s = a !== undefined && enclosingAt(store, file, after)?.id === a.id ? a : undefined;
  }
  return (s && symbolDefinition(c, store, repo, s)) ?? fileAt(c, repo, file, line);
}

export function resolveMention(c: Caches, store: CodeStore, repo: string, input: string, context?: MentionContext): MentionResolution {
  const mention = cleaned(input);
  const fileLine = FILE_LINE.exec(mention);
  if (fileLine) {
    const found = fileLineDefinition(c, store, repo, normalize(fileLine[1]!), Number(fileLine[2]), context?.commit);
    return found ? { found } : { found: null, reason: 'unknown' };
  }
  if (mention.includes('/') || SOURCE_EXT.test(mention)) {
    const found = fileDefinition(c, store, repo, normalize(mention), 1) ?? renamedDefinition(c, store, repo, normalize(mention), context?.commit);
    if (found) return { found };
    if (mention.includes('/') || !IDENT.test(mention)) return { found: null, reason: 'unknown' };
  }
  if (!IDENT.test(mention)) return { found: null, reason: 'unknown' };
  const named = resolveName(store, mention);
  // Spelled as written: the index answers `flask` with `Flask` when nothing is spelled `flask`, a guess for a mention.
  const resolved = { ...named, symbols: named.symbols.filter((s) => s.name === mention || s.name === lookedUp(mention)) };
  // A compound whose container matched nothing: every symbol of the tail came back, which would be a guess.
  if (resolved.note !== undefined) {
    const file = fileOfName(c, store, repo, mention);
    return file ? { found: file } : { found: null, reason: 'unknown' };
  }
  const mine = own(resolved.symbols);
  if (mine.length === 0) {
    // No symbol of that name: a Python module or package the repo has (`bookminder`, `apple_books.library`), or a file (`short.jsonl`).
    const file = resolved.symbols.length === 0 ? fileOfName(c, store, repo, mention) : undefined;
    if (file) return { found: file };
    const locals = resolved.symbols.filter((x) => x.is_local && !x.is_external);
    // A local of a file the session named, the only one of that name there: what the session was reading.
    if (locals.length > 0 && context) {
      const inNamed = uniqueDefinitions(c, store, repo, locals).filter((d) => context.files.includes(d.file));
      if (inNamed.length === 1) return { found: inNamed[0]! };
    }
    if (resolved.symbols.length === 0) {
      const gone = goneSince(c, repo, mention, context?.commit);
      if (gone) return { found: gone };
    }
    // No definition of the repo's: a library symbol the repo uses (`useEffect`, `String.split`).
    const library = libraryDefinition(store, resolved.symbols, context);
    if (library) return { found: library };
    return { found: null, reason: locals.length > 0 ? 'local' : resolved.symbols.length > 0 ? 'external' : 'unknown' };
  }
  // A bare field name is only anchored in a file the session named: `username` of a type it never opened is some other object's.
  const bareFields = context !== undefined && !mention.includes('.') && mine.every((x) => FIELD_KINDS.has(x.kind));
  const defs = narrow(uniqueDefinitions(c, store, repo, mine), context).filter((d) => !bareFields || context.files.includes(d.file));
  if (defs.length === 1) return severalThen(c, repo, mention, defs[0]!, context) ? { found: null, reason: 'ambiguous', candidates: 2 } : { found: defs[0]! };
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
function pythonModule(c: Caches, store: CodeStore, repo: string, mention: string): CodeDefinition | undefined {
  if (!/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/.test(mention)) return undefined;
  const rel = mention.split('.').join('/');
  const files = [`${rel}.py`, `${rel}/__init__.py`].flatMap((p) => {
    const f = indexedPath(store, p);
    return f === undefined ? [] : [f];
  });
  return files.length === 1 ? fileAt(c, repo, files[0]!, 1) : undefined;
}

/** A file name of any extension (`short.jsonl`, `mix.lock`) that no symbol has: the one file of the repo so named. */
const fileNamed = (c: Caches, store: CodeStore, repo: string, mention: string): CodeDefinition | undefined =>
  /^[\w@-][\w@.-]*\.[A-Za-z][A-Za-z0-9]{0,5}$/.test(mention) ? fileDefinition(c, store, repo, mention, 1) : undefined;

/** A name no symbol has that names a file: a Python module or package (`apple_books.library`), else a file name (`short.jsonl`). */
const fileOfName = (c: Caches, store: CodeStore, repo: string, mention: string): CodeDefinition | undefined =>
  pythonModule(c, store, repo, mention) ?? fileNamed(c, store, repo, mention);

/**
 * A name with one definition now whose file declared it at the session's
 * commit beside another file that declares it no more (removed since, as a
 * session may itself remove it): two were there, and the one now is what
 * the session meant only when the session named its file and not the
 * other's. Otherwise it would be a guess. (A definition moved to a file that
 * did not declare it then is the same one: its state says moved.)
 */
function severalThen(c: Caches, repo: string, name: string, now: CodeDefinition, context: MentionContext | undefined): boolean {
  if (context?.commit === undefined || name.includes('.')) return false;
  const declared = c.declared.removedDeclarations(repo, context.commit, name);
  if (!declared || declared.removed.length === 0 || !declared.then.includes(now.file)) return false;
  return !(context.files.includes(now.file) && !declared.removed.some((f) => context.files.includes(f)));
}

/**
 * A name nothing in the index has now, declared in exactly one place at the
 * session's commit (`def legacy_charge(`, `function legacyCharge(`): what the
 * session meant, removed since. Anchored as it was there (its declaration
 * line and that line's hash), so its state reads gone. Declared nowhere, or
 * in several places, it stays text.
 */
function goneSince(c: Caches, repo: string, name: string, commit: string | undefined): CodeDefinition | undefined {
  if (commit === undefined || name.includes('.')) return undefined;
  const at = c.declared.declarationsAt(repo, commit, name);
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
function renamedDefinition(c: Caches, store: CodeStore, repo: string, rel: string, commit: string | undefined, line = 1): CodeDefinition | undefined {
  const renamed =
    commit === undefined
      ? undefined
      : (c.git.renamedTo(repo, commit, rel) ?? c.git.renamedTail(repo, commit, rel, keep(rel.split('/').filter((p) => p !== '' && p !== '.'))));
  return renamed === undefined ? undefined : fileDefinition(c, store, repo, renamed, line);
}
