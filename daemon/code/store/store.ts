// Read side of one repo's index: prepared statements over an open database.
import type Database from 'better-sqlite3';
import { openDatabase } from '../../sqlite';
import type { Occurrence } from '../../protocol';
import { ErrorCode, ScryError } from '../../errors';
import { isSyntacticRole } from './roles';
import { SCHEMA_VERSION } from './schema';
import { USE_NAMES } from './uses';

const SECONDARY_KINDS = new Set(['parameter', 'type_parameter', 'local']);

export interface SymbolRecord {
  id: number;
  symbol: string;
  name: string;
  qualified_name: string;
  parent_name: string | null;
  kind: string;
  is_external: number;
  is_local: number;
}

/** The columns of a SymbolRecord, for queries that select symbols. */
export const SYMBOL_COLUMNS = 'id, symbol, name, qualified_name, parent_name, kind, is_external, document_id IS NOT NULL AS is_local';

export interface OccurrenceRow {
  path: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  is_definition: number;
  is_call: number;
  use: number;
  text: string | null;
  container: string | null;
  container_id: number | null;
  symbol_id: number;
  roles: number;
}

/** SELECT ... FROM occurrences o with its file, context line and container; add WHERE/ORDER BY. */
export const OCCURRENCE_SELECT = `SELECT d.path, o.line, o.col, o.end_line, o.end_col, o.is_definition, o.is_call, o.use, l.text,
                c.qualified_name AS container, o.containing_id AS container_id, o.symbol_id, o.roles
         FROM occurrences o
         JOIN documents d ON d.id = o.document_id
         LEFT JOIN lines l ON l.document_id = o.document_id AND l.line = o.line
         LEFT JOIN symbols c ON c.id = o.containing_id`;

export class SchemaVersionError extends ScryError {
  override readonly code = ErrorCode.IndexUnreadable;
  constructor(
    readonly file: string,
    readonly found: string | undefined,
  ) {
    super(`index '${file}' has schema version ${found ?? 'unknown'}, this Scry reads ${SCHEMA_VERSION}`, 'It is rebuilt on the next query');
  }
}

export function toOccurrence(r: OccurrenceRow): Occurrence {
  return {
    file: r.path,
    line: r.line,
    column: r.col,
    end_line: r.end_line,
    end_column: r.end_col,
    context: r.text ?? '',
    containing_symbol: r.container,
    is_definition: r.is_definition === 1,
    is_call: r.is_call === 1,
    use: USE_NAMES[r.use] ?? 'read',
    ...(isSyntacticRole(r.roles) ? { precision: 'syntactic' as const } : {}),
  };
}

export interface IndexMeta {
  indexed_at: string;
  documents: number;
  symbols: number;
  occurrences: number;
  [key: string]: string | number;
}

/** document_id, line, col, end_line, end_col, is_definition, is_call, text, container, use, roles */
type RawOccurrence = [number, number, number, number, number, number, number, string | null, string | null, number, number];

export class CodeStore {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private cachedMeta: IndexMeta | undefined;
  private readonly byName: Database.Statement<[string], SymbolRecord>;
  private readonly byNameGlobal: Database.Statement<[string], SymbolRecord>;
  private readonly occurrencesOf: Database.Statement<[number], RawOccurrence>;
  private readonly definitionsOf: Database.Statement<[number], RawOccurrence>;

  /**
   * `metaOver`: meta keys read as these values instead of the file's: another
   * checkout's index lent to a new one while its own copy is written (seeded
   * from it) answers under the new checkout's name.
   */
  constructor(
    readonly file: string,
    private readonly metaOver: Readonly<Record<string, string>> = {},
  ) {
    this.db = openDatabase(file, { readonly: true, fileMustExist: true });
    // Fail on open, not on the first query, if this is not one of our indexes.
    const version = this.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as { value: string } | undefined;
    if (version?.value !== String(SCHEMA_VERSION)) {
      this.db.close();
      throw new SchemaVersionError(file, version?.value);
    }
    // Names shared by many locals (`subscriber` in 100 functions): the repo-wide symbols first, the locals only when needed.
    this.byNameGlobal = this.db.prepare(
      `SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE name_lower = ? AND document_id IS NULL ORDER BY is_external, qualified_name, id`,
    );
    this.byName = this.db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM symbols WHERE name_lower = ? ORDER BY is_local, is_external, qualified_name, id`);
    // The hottest statements (refs, defs) read rows as arrays and take paths
    // from an in-memory table instead of joining documents for every row.
    const select = `SELECT o.document_id, o.line, o.col, o.end_line, o.end_col, o.is_definition, o.is_call, l.text, c.qualified_name, o.use, o.roles
         FROM occurrences o
         LEFT JOIN lines l ON l.document_id = o.document_id AND l.line = o.line
         LEFT JOIN symbols c ON c.id = o.containing_id`;
    this.occurrencesOf = this.db.prepare(`${select} WHERE o.symbol_id = ? ORDER BY o.document_id, o.line, o.col`).raw(true) as unknown as Database.Statement<
      [number],
      RawOccurrence
    >;
    this.definitionsOf = this.db
      .prepare(`${select} WHERE o.symbol_id = ? AND o.is_definition = 1 ORDER BY o.document_id, o.line, o.col`)
      .raw(true) as unknown as Database.Statement<[number], RawOccurrence>;
  }

  /** A prepared statement, compiled once per store: query modules bring their own SQL. */
  statement<P extends unknown[], R>(sql: string): Database.Statement<P, R> {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st as unknown as Database.Statement<P, R>;
  }

  /** Build facts; an open index never changes, so they are read once. */
  meta(): IndexMeta {
    this.cachedMeta ??= this.readMeta();
    return this.cachedMeta;
  }

  private readMeta(): IndexMeta {
    const rows = this.db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>;
    const m: Record<string, string | number> = {};
    for (const r of rows) m[r.key] = r.value;
    Object.assign(m, this.metaOver);
    return {
      ...m,
      indexed_at: String(m.indexed_at ?? ''),
      documents: Number(m.documents ?? 0),
      symbols: Number(m.symbols ?? 0),
      occurrences: Number(m.occurrences ?? 0),
    };
  }

  /**
   * Symbols whose display name equals `name` (ignoring case when none has
   * exactly this spelling). The repo's own named things come first: locals
   * (declared inside a function) count only when the repo declares nothing
   * else of that name, and parameters only when nothing else at all has it:
   * a repo-wide question about `subscriber` means the API, not every
   * parameter called that; `send` with only lib's WebSocket#send beside it
   * means the repo's local function.
   */
  symbolsNamed(name: string): SymbolRecord[] {
    // The common case decided without reading any local: a repo-wide symbol of this exact name.
    const global = this.byNameGlobal.all(name.toLowerCase()).filter((s) => s.name === name && !SECONDARY_KINDS.has(s.kind));
    if (global.some((s) => !s.is_external)) return global;
    const any = this.byName.all(name.toLowerCase());
    // `AsapScheduler` is the class, not also the constant `asapScheduler`: the case decides when it can.
    const exact = any.filter((s) => s.name === name);
    const all = exact.length > 0 ? exact : any;
    const primary = all.filter((s) => !s.is_local && !SECONDARY_KINDS.has(s.kind));
    if (primary.some((s) => !s.is_external)) return primary;
    const locals = all.filter((s) => s.is_local && s.kind !== 'parameter' && s.kind !== 'type_parameter');
    if (locals.length > 0) return [...primary, ...locals];
    return primary.length > 0 ? primary : all;
  }

  /** Every symbol of exactly this name, locals included (symbolsNamed prefers the repo-wide ones). */
  everyNamed(name: string): SymbolRecord[] {
    return this.byName.all(name.toLowerCase()).filter((s) => s.name === name);
  }

  occurrences(symbolId: number, definitionsOnly = false): Occurrence[] {
    const paths = this.documentPaths();
    return (definitionsOnly ? this.definitionsOf : this.occurrencesOf).all(symbolId).map((r) => ({
      file: paths[r[0]] ?? '',
      line: r[1],
      column: r[2],
      end_line: r[3],
      end_column: r[4],
      context: r[7] ?? '',
      containing_symbol: r[8],
      is_definition: r[5] === 1,
      is_call: r[6] === 1,
      use: USE_NAMES[r[9]] ?? 'read',
      // Set per occurrence by the syntactic indexer: a precise document may hold a few of its references.
      ...(isSyntacticRole(r[10]) ? { precision: 'syntactic' as const } : {}),
    }));
  }

  private paths: string[] | undefined;

  /** Document paths by id, read once: an index never changes once built. */
  private documentPaths(): string[] {
    if (!this.paths) {
      this.paths = [];
      for (const d of this.db.prepare('SELECT id, path FROM documents').all() as Array<{ id: number; path: string }>) this.paths[d.id] = d.path;
    }
    return this.paths;
  }

  close(): void {
    // Its statements and the tables read once go with it, so a store object still referenced somewhere holds no memory.
    this.statements.clear();
    this.paths = undefined;
    this.cachedMeta = undefined;
    this.db.close();
  }

  /** Closed, holding no statement, path table or meta: what an idle close must leave. */
  get released(): boolean {
    return !this.db.open && this.statements.size === 0 && this.paths === undefined && this.cachedMeta === undefined;
  }
}
