// Writes SCIP documents into a fresh SQLite file as they arrive. Derived facts
// (the containing definition of each occurrence, whether it is a call, symbol
// kinds) are computed here once so that queries never walk anything.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type Database from 'better-sqlite3';
import { realPath } from '../../git';
import { openDatabase } from '../../sqlite';
import { documentLanguageOf } from '../languages';
import { isTestFile } from '../languages/tests';
import type { DecodedIndex, Document, Metadata, SymbolInformation } from '../scip/decode';
import { fullRange } from '../scip/decode';
import { kindFromDeclaration, kindName } from '../scip/kinds';
import { constructedClass, isLocalSymbol, kindFromSuffix, parentName, parseSymbol, qualifiedName, symbolName } from '../scip/symbol';
import { isCallAt } from './calls';
import { initialsOf } from './initials';
import { docReferences } from './jsdoc';
import { importListLines, TYPE_POSITION_KINDS, USE, useAt } from './uses';
import { containingDefinitions, type Interval } from './containing';
import { ROLE_SYNTACTIC, ROLE_SYNTACTIC_CALL, ROLE_THROUGH_TYPE } from './roles';
import { COVERAGE_FILE, type LocalFunctionSource } from './locals';
import { objectMethodInfo, objectMethodsOf, objectMethodSymbol, ownerBefore, type DocumentObjectMethods } from './object-methods';
import { INDEXES, SCHEMA, SCHEMA_VERSION } from './schema';
import { binaryReason, outsideTarget } from '../roots';

export interface IngestResult {
  documents: number;
  symbols: number;
  occurrences: number;
  warnings: string[];
}

const ROLE_DEFINITION = 0x1;
const OCCURRENCE_INSERT =
  'INSERT OR IGNORE INTO occurrences (symbol_id, document_id, line, col, end_line, end_col, roles, is_definition, is_call, use, containing_id)';
const OCCURRENCE_COLUMNS = 11;
const OCCURRENCE_VALUES = `(${Array(OCCURRENCE_COLUMNS).fill('?').join(', ')})`;
const OCCURRENCE_BATCH = 64;
const MAX_CONTEXT = 240;
const IMPORT_TEXT = /^\s*import\b/;
/** Files whose `<Name …>` may be a JSX element (a call of its component) rather than a type assertion. */
const JSX_FILE = /\.(?:tsx|jsx|js|mjs|cjs)$/;
const PYTHON_FILE = /\.pyi?$/;

interface SymbolRow {
  id: number;
  symbol: string;
  documentId: number | null;
  info: SymbolInformation | undefined;
  /** Source text before the name on the first definition line, to refine the kind. */
  declPrefix: string | undefined;
  /** First definition: [document id, line, column], 1-based. */
  def: [number, number, number] | undefined;
  /** A local's name as the source spells it (SCIP gives locals only a number). */
  localName: string | undefined;
  /** A function's kind from its declaration's syntax, where SCIP gives none or only 'constant' (`const f = () => …`). */
  syntaxKind: string | undefined;
  /** A local object-literal method's owner (see object-methods.ts): its parent name. */
  ownerName: string | undefined;
}

/** An `owner.method` site in a document read before the method's own document: added at finish() if that method exists. */
interface ThroughOwner {
  symbol: string;
  /** The occurrence's columns from document_id on. */
  values: Array<number | null>;
}

/** What addOccurrence() needs of its document. */
interface OccurrenceSite {
  documentId: number;
  occs: Document['occurrences'];
  ranges: Array<[number, number, number, number]>;
  rows: SymbolRow[];
  lines: string[] | undefined;
  objects: DocumentObjectMethods;
  containing: Array<number | undefined>;
  endingAt: Map<string, number>;
  importLists: Set<number> | undefined;
  rules: { jsx: boolean; decorators: boolean };
  usedLines: Set<number>;
  localInfos: Map<string, SymbolInformation>;
}

export class IngestSession {
  private readonly db: Database.Database;
  private readonly symbols = new Map<string, SymbolRow>();
  private readonly infos = new Map<string, SymbolInformation>();
  private readonly seenPaths = new Set<string>();
  private readonly warnings: string[] = [];
  /** Documents left out, each with why: a link out of the repo, a binary file. */
  readonly skipped: Array<{ file: string; reason: string }> = [];
  private metadata: Metadata | undefined;
  private nextSymbolId = 1;
  private documentId = 0;
  private occurrenceCount = 0;
  private readonly insertDoc: Database.Statement;
  private readonly insertOcc: Database.Statement;
  private readonly insertOccs: Database.Statement;
  /** Occurrence rows (their columns in a row) waiting for the next multi-row insert. */
  private readonly pendingOccs: Array<number | null> = [];
  private readonly insertLine: Database.Statement;
  private readonly insertOutline: Database.Statement;
  private readonly insertSym: Database.Statement;
  private readonly insertName: Database.Statement;
  /** The current document's locals, written when it is done. */
  private readonly documentLocals: string[] = [];
  /** Finds local functions' extents where the indexer gives none (scip-typescript), so the call graph has them. */
  private localFunctions: LocalFunctionSource | undefined;
  /** Every object-literal method's symbol (see object-methods.ts), and the `owner.method` sites waiting for one. */
  private readonly objectMethods = new Set<string>();
  private readonly throughOwners: ThroughOwner[] = [];
  /** Each typed object-literal method and the type's member the indexer named at its name: the method's callers include the member's. */
  private readonly implementedMembers: Array<[method: string, member: string]> = [];

  /** The root with links resolved: what a document's real path must stay inside. */
  private readonly realRoot: string;

  constructor(
    readonly dbPath: string,
    private readonly repoRoot: string,
  ) {
    this.realRoot = realPath(repoRoot, { native: true }) ?? path.resolve(repoRoot);
    fs.rmSync(dbPath, { force: true });
    this.db = openDatabase(dbPath);
    this.db.pragma('journal_mode = OFF');
    this.db.pragma('synchronous = OFF');
    this.db.pragma('locking_mode = EXCLUSIVE');
    this.db.exec(SCHEMA);
    this.db.exec('BEGIN');
    this.insertDoc = this.db.prepare('INSERT INTO documents (id, path, language, occurrence_count, is_test) VALUES (?, ?, ?, ?, ?)');
    this.insertOcc = this.db.prepare(`${OCCURRENCE_INSERT} VALUES ${OCCURRENCE_VALUES}`);
    // One statement per OCCURRENCE_BATCH rows: fewer calls into SQLite, a third less time inserting.
    this.insertOccs = this.db.prepare(`${OCCURRENCE_INSERT} VALUES ${Array(OCCURRENCE_BATCH).fill(OCCURRENCE_VALUES).join(', ')}`);
    this.insertLine = this.db.prepare('INSERT INTO lines (document_id, line, text) VALUES (?, ?, ?)');
    this.insertOutline = this.db.prepare(
      'INSERT OR IGNORE INTO outline (document_id, line, col, symbol_id, end_line, end_col, extent_line, extent_col, extent_end_line, extent_end_col, containing_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertSym = this.db.prepare(
      'INSERT INTO symbols (id, symbol, document_id, name, name_lower, qualified_name, parent_name, kind, is_external, signature, initials, def_document_id, def_line, def_col) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertName = this.db.prepare('INSERT INTO symbol_names (rowid, name) VALUES (?, ?)');
  }

  get documentCount(): number {
    return this.documentId;
  }

  /** From here on, TypeScript and JavaScript documents' local functions get their extents from this reader. */
  useLocalFunctions(reader: LocalFunctionSource): void {
    this.localFunctions = reader;
  }

  setMetadata(metadata: Metadata): void {
    this.metadata = metadata;
  }

  addExternalSymbol(info: SymbolInformation): void {
    this.infos.set(info.symbol, info);
  }

  /** Everything of a fully decoded index. */
  addIndex(index: DecodedIndex): void {
    if (index.metadata) this.setMetadata(index.metadata);
    for (const s of index.externalSymbols) this.addExternalSymbol(s);
    for (const d of index.documents) this.addDocument(d);
  }

  /** Has a document of this path been added? */
  has(relPath: string): boolean {
    return this.seenPaths.has(relPath.split('\\').join('/'));
  }

  /**
   * `syntactic`: the syntactic indexer wrote the whole document, so what the
   * store adds to it (doc-comment references) is marked syntactic as well.
   */
  addDocument(doc: Document, options: { syntactic?: boolean } = {}): void {
    const relPath = doc.relativePath.split('\\').join('/');
    if (this.seenPaths.has(relPath)) return; // an indexer may emit a document twice
    this.seenPaths.add(relPath);
    const read = this.readSource(doc, relPath);
    if ('skip' in read) {
      this.skipped.push({ file: relPath, reason: read.skip });
      this.warnings.push(`skipped '${relPath}': ${read.skip}`);
      return;
    }
    const source = read.text;
    const lines = source?.split(/\r?\n/);
    const documentId = ++this.documentId;
    const localInfos = new Map<string, SymbolInformation>();
    for (const info of doc.symbols) {
      if (isLocalSymbol(info.symbol)) localInfos.set(info.symbol, info);
      else this.infos.set(info.symbol, info);
    }
    const occs = doc.occurrences;
    const ranges = occs.map((o) => fullRange(o.range));
    const locals = this.localFunctions && source !== undefined ? this.localFunctions.read(relPath, source) : undefined;
    const objects = objectMethodsOf(locals, occs, ranges, lines ?? []);
    for (const m of objects.bySite.values()) {
      if (isLocalSymbol(m.symbol)) localInfos.set(m.symbol, objectMethodInfo(m));
      else if (!this.infos.has(m.symbol)) this.infos.set(m.symbol, objectMethodInfo(m));
    }
    const rows = occs.map((o) => this.symbolFor(objects.replaces.get(o.symbol) ?? o.symbol, documentId, localInfos));
    const defIntervals: Interval[] = [];
    // Each object-literal method: a definition at its name, its body's extent from the syntax tree.
    const methods = [...objects.bySite.values()].map((m) => {
      const row = this.symbolFor(m.symbol, documentId, localInfos);
      row.syntaxKind = 'method';
      if (isLocalSymbol(m.symbol)) row.ownerName = m.ownerName;
      this.objectMethods.add(m.symbol);
      defIntervals.push({ startLine: m.extent[0], startCol: m.extent[1], endLine: m.extent[2], endCol: m.extent[3], id: row.id });
      return { m, row };
    });
    for (let i = 0; i < occs.length; i++) {
      const o = occs[i]!;
      if ((o.symbolRoles & ROLE_DEFINITION) === 0) continue;
      const row = rows[i]!;
      const fn = locals?.get(`${ranges[i]![0]}:${ranges[i]![1]}`);
      if (fn && objects.bySite.has(`${ranges[i]![0]}:${ranges[i]![1]}`)) continue;
      if (fn) row.syntaxKind ??= fn.kind;
      // A function declared inside another is a definition of the call graph too (its extent from the syntax tree).
      if (fn && row.documentId !== null && o.enclosingRange.length === 0) {
        defIntervals.push({ startLine: fn.extent[0], startCol: fn.extent[1], endLine: fn.extent[2], endCol: fn.extent[3], id: row.id });
        continue;
      }
      if (row.documentId === null && o.enclosingRange.length > 0) {
        const e = fullRange(o.enclosingRange);
        defIntervals.push({ startLine: e[0], startCol: e[1], endLine: e[2], endCol: e[3], id: row.id });
      }
    }
    // A definition is not inside itself; a recursive call is (the call hierarchy lists it as its own caller).
    // Nor is what the indexer put at an object-literal method's name (the type's member it matches).
    const ownIds = rows.map((r, i) =>
      (occs[i]!.symbolRoles & ROLE_DEFINITION) !== 0
        ? r.id
        : objects.bySite.has(`${ranges[i]![0]}:${ranges[i]![1]}`)
          ? methods.find((x) => x.m.range[0] === ranges[i]![0] && x.m.range[1] === ranges[i]![1])!.row.id
          : -1,
    );
    const allContaining = containingDefinitions([...ranges, ...methods.map((x) => x.m.range)], [...ownIds, ...methods.map((x) => x.row.id)], defIntervals);
    const containing = allContaining.slice(0, occs.length);
    methods.forEach(({ m, row }, k) => {
      const [sl, sc, el, ec] = m.range;
      const within = allContaining[occs.length + k] ?? null;
      row.def ??= [documentId, sl + 1, sc + 1];
      if (row.documentId === null)
        this.insertOutline.run(documentId, sl + 1, sc + 1, row.id, el + 1, ec + 1, m.extent[0] + 1, m.extent[1] + 1, m.extent[2] + 1, m.extent[3] + 1, within);
      this.addOcc(row.id, documentId, sl + 1, sc + 1, el + 1, ec + 1, ROLE_DEFINITION, 1, 0, USE.def, within);
    });
    // `owner.method` sites: the occurrence naming the owner ends right before the dot.
    const endingAt = new Map<string, number>();
    ranges.forEach((r, i) => r[0] === r[2] && endingAt.set(`${r[0]}:${r[3]}`, i));
    const usedLines = new Set<number>();
    const importLists = lines ? importListLines(lines) : undefined;
    const rules = { jsx: JSX_FILE.test(relPath), decorators: !PYTHON_FILE.test(relPath) };
    const site: OccurrenceSite = { documentId, occs, ranges, rows, lines, objects, containing, endingAt, importLists, rules, usedLines, localInfos };
    // Each occurrence in a method of its own: the optimizing compiler then
    // compiles a small function once, instead of this whole one several times
    // over (the main cost of a fresh build worker's background threads).
    for (let i = 0; i < occs.length; i++) this.addOccurrence(site, i);
    if (lines) this.addDocReferences(lines, documentId, occs, ranges, rows, defIntervals, usedLines, options.syntactic ? ROLE_SYNTACTIC : 0);
    this.insertDoc.run(documentId, relPath, doc.language ? doc.language.toLowerCase() : languageOf(relPath), occs.length, isTestFile(relPath) ? 1 : 0);
    if (lines) {
      for (const l of usedLines) {
        const t = lines[l];
        if (t !== undefined) this.insertLine.run(documentId, l + 1, t.trim().slice(0, MAX_CONTEXT));
      }
    }
    // Nothing after its document names a local: written now, while the indexer
    // still runs, instead of in finish(), after it (half of a TypeScript repo's symbols).
    for (const key of this.documentLocals) {
      this.writeSymbol(this.symbols.get(key)!);
      this.symbols.delete(key);
    }
    this.documentLocals.length = 0;
  }

  private addOccurrence(site: OccurrenceSite, i: number): void {
    const { documentId, occs, ranges, rows, lines, objects, containing, endingAt, importLists, rules, usedLines, localInfos } = site;
    const o = occs[i]!;
    const [sl, sc, el, ec] = ranges[i]!;
    const row = rows[i]!;
    const isDef = (o.symbolRoles & ROLE_DEFINITION) !== 0;
    const text = lines?.[sl];
    if (isDef && row.declPrefix === undefined && text !== undefined) row.declPrefix = text.slice(Math.max(0, sc - 40), sc);
    if (row.documentId !== null && row.localName === undefined && text !== undefined && sl === el && ec > sc) row.localName = text.slice(sc, ec);
    // A local's definition too: impact names where a local function it reaches is.
    if (isDef) row.def ??= [documentId, sl + 1, sc + 1];
    if (isDef && row.documentId === null) {
      const e = o.enclosingRange.length > 0 ? fullRange(o.enclosingRange) : undefined;
      this.insertOutline.run(
        documentId,
        sl + 1,
        sc + 1,
        row.id,
        el + 1,
        ec + 1,
        e ? e[0] + 1 : null,
        e ? e[1] + 1 : null,
        e ? e[2] + 1 : null,
        e ? e[3] + 1 : null,
        containing[i] ?? null,
      );
    }
    // An object-literal method's name is no call of what the indexer put there (`setTimeout(handler) {`).
    const methodName = !isDef && objects.bySite.has(`${sl}:${sc}`);
    if (methodName && row.documentId === null) this.implementedMembers.push([objects.bySite.get(`${sl}:${sc}`)!.symbol, o.symbol]);
    const call =
      isDef || methodName
        ? 0
        : (o.symbolRoles & ROLE_SYNTACTIC) !== 0
          ? (o.symbolRoles & ROLE_SYNTACTIC_CALL) !== 0
            ? 1
            : 0
          : text !== undefined && isCallAt(text, sc, sl === el ? ec : text.length, rules)
            ? 1
            : 0;
    const use = isDef ? USE.def : useAt(text, sc, sl === el ? ec : (text?.length ?? sc), o.symbolRoles, call === 1, importLists?.has(sl));
    this.addOcc(row.id, documentId, sl + 1, sc + 1, el + 1, ec + 1, o.symbolRoles, isDef ? 1 : 0, call, use, containing[i] ?? null);
    const owner = isDef || sl !== el ? undefined : ownerBefore(text, sl, sc, endingAt);
    const through = owner === undefined ? undefined : objectMethodSymbol(objects.replaces.get(occs[owner]!.symbol) ?? occs[owner]!.symbol, text!.slice(sc, ec));
    if (through)
      this.addThroughOwner(through, [
        documentId,
        sl + 1,
        sc + 1,
        el + 1,
        ec + 1,
        o.symbolRoles | (row.documentId === null ? ROLE_THROUGH_TYPE : 0),
        0,
        call,
        use,
        containing[i] ?? null,
      ]);
    const cls = isDef ? undefined : constructedClass(o.symbol);
    if (cls && text !== undefined && sl === el && text.slice(sc, ec) === cls.name) {
      const classRow = this.symbolFor(cls.symbol, documentId, localInfos);
      this.addOcc(classRow.id, documentId, sl + 1, sc + 1, el + 1, ec + 1, o.symbolRoles, 0, call, call ? USE.call : USE.read, containing[i] ?? null);
    }
    usedLines.add(sl);
  }

  /** An occurrence row, inserted with the next OCCURRENCE_BATCH (in order: the first of two at one place wins). */
  private addOcc(...values: Array<number | null>): void {
    const pending = this.pendingOccs;
    for (const v of values) pending.push(v);
    if (pending.length === OCCURRENCE_BATCH * OCCURRENCE_COLUMNS) this.flushOccs();
  }

  /** Every pending occurrence into the table: before anything reads it. */
  private flushOccs(): void {
    const pending = this.pendingOccs;
    if (pending.length === OCCURRENCE_BATCH * OCCURRENCE_COLUMNS) this.occurrenceCount += this.insertOccs.run(pending).changes;
    else
      for (let i = 0; i < pending.length; i += OCCURRENCE_COLUMNS) this.occurrenceCount += this.insertOcc.run(pending.slice(i, i + OCCURRENCE_COLUMNS)).changes;
    pending.length = 0;
  }

  /**
   * A typed object-literal method is found wherever the type's member it
   * implements is used (the call hierarchy finds a method's callers through
   * its contextual type), and where any implementation of that member is.
   */
  private addImplementedMembers(): void {
    const copy = this.db
      .prepare(`INSERT OR IGNORE INTO occurrences (symbol_id, document_id, line, col, end_line, end_col, roles, is_definition, is_call, use, containing_id)
      SELECT ?, document_id, line, col, end_line, end_col, roles | ${ROLE_THROUGH_TYPE}, 0, is_call, use, containing_id FROM occurrences
       WHERE is_definition = 0 AND (symbol_id = ? OR symbol_id IN (SELECT impl_id FROM implementations WHERE target_id = ?))`);
    for (const [method, member] of this.implementedMembers) {
      const m = this.symbols.get(method);
      const t = this.symbols.get(member);
      if (m && t && m.id !== t.id) this.occurrenceCount += copy.run(m.id, t.id, t.id).changes;
    }
    this.implementedMembers.length = 0;
  }

  /** An `owner.method` site is an occurrence of the method's symbol too: now if the method is known, at finish() if it may come later. */
  private addThroughOwner(symbol: string, values: Array<number | null>): void {
    const documentId = values[0]!;
    // A local method is known only in its own document.
    const row = this.objectMethods.has(symbol) ? this.symbols.get(isLocalSymbol(symbol) ? `${documentId}\u0000${symbol}` : symbol) : undefined;
    if (row) this.addOcc(row.id, ...values);
    else if (!isLocalSymbol(symbol)) this.throughOwners.push({ symbol, values });
  }

  /**
   * `{@link Foo}`, `@param {Foo}`, `@see Foo`: resolved to the symbol the
   * same file's code names Foo (a definition or import wins over other uses).
   */
  private addDocReferences(
    lines: string[],
    documentId: number,
    occs: Document['occurrences'],
    ranges: Array<[number, number, number, number]>,
    rows: SymbolRow[],
    defIntervals: Interval[],
    usedLines: Set<number>,
    roles: number,
  ): void {
    const refs = docReferences(lines);
    if (refs.length === 0) return;
    const byName = new Map<string, { row: SymbolRow; strong: boolean }>();
    for (let i = 0; i < occs.length; i++) {
      const [sl, sc, el, ec] = ranges[i]!;
      const text = lines[sl];
      if (text === undefined || sl !== el) continue;
      const name = text.slice(sc, ec);
      const strong = (occs[i]!.symbolRoles & ROLE_DEFINITION) !== 0 || IMPORT_TEXT.test(text);
      const prev = byName.get(name);
      if (!prev || (strong && !prev.strong)) byName.set(name, { row: rows[i]!, strong });
    }
    const found = refs.flatMap((r) => {
      const hit = byName.get(r.name);
      return hit ? [{ r, row: hit.row }] : [];
    });
    const containing = containingDefinitions(
      found.map(({ r }) => [r.line, r.col, r.line, r.endCol] as [number, number, number, number]),
      found.map(({ row }) => row.id),
      defIntervals,
    );
    // A doc comment belongs to the declaration right after it (its extent may start there, or on the comment).
    const documented = new Map<number, number>();
    for (const d of defIntervals) if (!documented.has(d.startLine)) documented.set(d.startLine, d.id);
    found.forEach(({ r, row }, i) => {
      const container = documented.get(r.commentEnd + 1) ?? containing[i] ?? null;
      this.addOcc(row.id, documentId, r.line + 1, r.col + 1, r.line + 1, r.endCol + 1, roles, 0, 0, USE.doc, container === row.id ? null : container);
      usedLines.add(r.line);
    });
  }

  /** Writes symbols, relationships and indexes, and closes the file. */
  finish(meta: Record<string, string> = {}): IngestResult {
    try {
      for (const t of this.throughOwners) {
        const row = this.objectMethods.has(t.symbol) ? this.symbols.get(t.symbol) : undefined;
        if (row) this.addOcc(row.id, ...t.values);
      }
      this.throughOwners.length = 0;
      this.flushOccs();
      for (const row of this.symbols.values()) this.writeSymbol(row);
      const insertRel = this.db.prepare(
        'INSERT OR IGNORE INTO relationships (symbol_id, target_id, is_implementation, is_reference, is_type_definition) VALUES (?, ?, ?, ?, ?)',
      );
      const implementedBy = new Map<number, number[]>();
      for (const info of this.infos.values()) {
        const from = this.symbols.get(info.symbol);
        if (!from) continue;
        for (const rel of info.relationships) {
          const to = this.symbols.get(rel.symbol);
          if (!to || to.id === from.id) continue;
          insertRel.run(from.id, to.id, rel.isImplementation ? 1 : 0, rel.isReference ? 1 : 0, rel.isTypeDefinition ? 1 : 0);
          if (rel.isImplementation) {
            const list = implementedBy.get(to.id) ?? [];
            list.push(from.id);
            implementedBy.set(to.id, list);
          }
        }
      }
      const insertImpl = this.db.prepare('INSERT INTO implementations (target_id, impl_id, depth) VALUES (?, ?, ?)');
      for (const [target, depth] of transitiveImplementations(implementedBy)) {
        for (const [impl, d] of depth) insertImpl.run(target, impl, d);
      }
      this.addImplementedMembers();
      // A value's 'type position' guess was a read (an object literal's `key: value`).
      const kinds = TYPE_POSITION_KINDS.map((k) => `'${k}'`).join(', ');
      this.db.exec(`UPDATE occurrences SET use = ${USE.read} WHERE use = ${USE.type} AND symbol_id IN (SELECT id FROM symbols WHERE kind NOT IN (${kinds}))`);
      // A reference inside a definition is an edge of the call graph; impact follows these.
      this.db.exec(`INSERT INTO calls (callee_id, caller_id, calls, refs, syntactic)
        SELECT symbol_id, containing_id, SUM(is_call), COUNT(*), MIN(roles & ${ROLE_SYNTACTIC}) > 0 FROM occurrences
         WHERE is_definition = 0 AND use != ${USE.doc} AND containing_id IS NOT NULL AND containing_id != symbol_id
         GROUP BY symbol_id, containing_id`);
      const insertMeta = this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)');
      const tool = this.metadata?.toolInfo;
      const facts: Record<string, string> = {
        schema_version: String(SCHEMA_VERSION),
        indexed_at: new Date().toISOString(),
        tool: `${tool?.name ?? 'unknown'} ${tool?.version ?? ''}`.trim(),
        documents: String(this.documentId),
        symbols: String(this.symbolCount),
        occurrences: String(this.occurrenceCount),
        ...coverageOf(this.dbPath),
        ...meta,
      };
      for (const [k, v] of Object.entries(facts)) insertMeta.run(k, v);
      this.db.exec('COMMIT');
      this.db.exec(INDEXES);
      // Sampled statistics: 1 ms instead of 12 (rxjs) to 33 (Remix); every
      // query's plan on both is the one full statistics give (plans do not hinge
      // on them: each query has one index that fits).
      this.db.pragma('analysis_limit = 1000');
      this.db.exec('ANALYZE');
      return { documents: this.documentId, symbols: this.symbolCount, occurrences: this.occurrenceCount, warnings: this.warnings };
    } finally {
      this.db.close();
    }
  }

  /** Abandons the build: the partial file is removed. */
  abort(): void {
    if (this.db.open) this.db.close();
    fs.rmSync(this.dbPath, { force: true });
  }

  /** Every symbol gets the next id, so their count is the last one. */
  private get symbolCount(): number {
    return this.nextSymbolId - 1;
  }

  private writeSymbol(row: SymbolRow): void {
    const info = row.documentId === null ? this.infos.get(row.symbol) : row.info;
    const parsed = parseSymbol(row.symbol);
    const name = row.localName || info?.displayName || symbolName(parsed);
    const local = row.documentId !== null;
    let kind: string;
    if (!info) kind = 'external';
    else if (info.kind !== 0 && kindName(info.kind)) kind = kindName(info.kind)!;
    else {
      kind = kindFromSuffix(parsed);
      if (row.declPrefix !== undefined) kind = kindFromDeclaration(row.declPrefix, kind);
    }
    if (row.syntaxKind && SYNTAX_DECIDES.has(kind)) kind = row.syntaxKind;
    const signature = info?.signatureDocumentation?.text ? info.signatureDocumentation.text.slice(0, 500) : null;
    const [defDoc, defLine, defCol] = row.def ?? [null, null, null];
    const owner = local ? (row.ownerName ?? null) : parentName(parsed);
    this.insertSym.run(
      row.id,
      row.symbol,
      row.documentId,
      name,
      name.toLowerCase(),
      local ? (owner ? `${owner}.${name}` : name) : qualifiedName(parsed),
      owner,
      kind,
      info ? 0 : 1,
      signature,
      initialsOf(name),
      defDoc,
      defLine,
      defCol,
    );
    // A name the syntactic indexer could not bind is no symbol anyone searches for.
    if (!local && info && !UNSEARCHED_KINDS.has(kind) && !row.symbol.includes(' . . unresolved/')) this.insertName.run(row.id, name);
  }

  private symbolFor(symbol: string, documentId: number, localInfos: Map<string, SymbolInformation>): SymbolRow {
    const local = isLocalSymbol(symbol);
    const key = local ? `${documentId}\u0000${symbol}` : symbol;
    let row = this.symbols.get(key);
    if (!row) {
      row = {
        id: this.nextSymbolId++,
        symbol,
        documentId: local ? documentId : null,
        info: local ? localInfos.get(symbol) : undefined,
        declPrefix: undefined,
        def: undefined,
        // Every field from the start: one shape for all rows, so the optimized ingest is not thrown away when a row gains one.
        localName: undefined,
        syntaxKind: undefined,
        ownerName: undefined,
      };
      this.symbols.set(key, row);
      if (local) this.documentLocals.push(key);
    }
    return row;
  }

  /**
   * The document's text for context, or why it is left out: an indexer that
   * followed a link out of the repo, or a binary file named like source.
   */
  private readSource(doc: Document, relPath: string): { text: string | undefined } | { skip: string } {
    const outside = outsideTarget(this.realRoot, relPath);
    if (outside !== undefined) return { skip: `links outside the repository (to '${outside}')` };
    if (doc.text) return { text: doc.text };
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(this.repoRoot, relPath));
    } catch {
      this.warnings.push(`source file '${relPath}' could not be read; its results have no context lines`);
      return { text: undefined };
    }
    const binary = binaryReason(bytes);
    if (binary) return { skip: binary };
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      this.warnings.push(`source file '${relPath}' is not valid UTF-8; its context lines show replacement characters`);
      text = lenient.decode(bytes);
    }
    return { text };
  }
}

/** One-shot ingest of a fully decoded index. */
export function ingestScip(
  index: DecodedIndex,
  dbPath: string,
  repoRoot: string,
  meta: Record<string, string> = {},
  localFunctions?: LocalFunctionSource,
): IngestResult {
  const session = new IngestSession(dbPath, repoRoot);
  if (localFunctions) session.useLocalFunctions(localFunctions);
  try {
    session.addIndex(index);
  } catch (err) {
    session.abort();
    throw err;
  }
  return session.finish(meta);
}

/** How the TypeScript files were covered (by the repo's tsconfigs, by an inferred one), when the indexer wrote it beside the index. */
function coverageOf(dbPath: string): { coverage?: string } {
  try {
    return { coverage: fs.readFileSync(path.join(path.dirname(dbPath), COVERAGE_FILE), 'utf8') };
  } catch {
    return {};
  }
}

/** Kinds that say only how a name was declared, not that a function is bound to it: the syntax tree decides. */
const SYNTAX_DECIDES = new Set(['local', 'constant', 'variable', 'property']);

/** Names not offered by search: nobody looks for a parameter across a repo. */
const UNSEARCHED_KINDS = new Set(['parameter', 'type_parameter', 'local', 'meta', 'module']);

/** For each implemented symbol, every direct or indirect implementation and its distance. */
function transitiveImplementations(direct: Map<number, number[]>): Map<number, Map<number, number>> {
  const out = new Map<number, Map<number, number>>();
  for (const target of direct.keys()) {
    const seen = new Map<number, number>();
    let frontier = [target];
    for (let depth = 1; frontier.length > 0; depth++) {
      const next: number[] = [];
      for (const t of frontier) {
        for (const impl of direct.get(t) ?? []) {
          if (impl === target || seen.has(impl)) continue;
          seen.set(impl, depth);
          next.push(impl);
        }
      }
      frontier = next;
    }
    out.set(target, seen);
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** A document's language when its SCIP document names none, as the registry records it. */
export function languageOf(relPath: string): string {
  return documentLanguageOf(relPath) ?? 'unknown';
}
