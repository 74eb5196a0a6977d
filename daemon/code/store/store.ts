// Read side of one repo's index: prepared statements over an open database.
import type Database from 'better-sqlite3';
import { openDatabase } from '../../sqlite';
import type { Occurrence } from '../../protocol';

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

interface OccurrenceRow {
  path: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  is_definition: number;
  is_call: number;
  text: string | null;
  container: string | null;
}

export interface IndexMeta {
  indexed_at: string;
  documents: number;
  symbols: number;
  occurrences: number;
  [key: string]: string | number;
}

export class CodeStore {
  private readonly db: Database.Database;
  private readonly byName: Database.Statement<[string], SymbolRecord>;
  private readonly occurrencesOf: Database.Statement<[number], OccurrenceRow>;
  private readonly definitionsOf: Database.Statement<[number], OccurrenceRow>;

  constructor(readonly file: string) {
    this.db = openDatabase(file, { readonly: true, fileMustExist: true });
    // Fail on open, not on the first query, if this is not one of our indexes.
    this.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get();
    this.byName = this.db.prepare(
      `SELECT id, symbol, name, qualified_name, parent_name, kind, is_external, document_id IS NOT NULL AS is_local
         FROM symbols WHERE name_lower = ? ORDER BY is_local, is_external, qualified_name, id`,
    );
    const select = `SELECT d.path, o.line, o.col, o.end_line, o.end_col, o.is_definition, o.is_call, l.text, c.qualified_name AS container
         FROM occurrences o
         JOIN documents d ON d.id = o.document_id
         LEFT JOIN lines l ON l.document_id = o.document_id AND l.line = o.line
         LEFT JOIN symbols c ON c.id = o.containing_id`;
    this.occurrencesOf = this.db.prepare(`${select} WHERE o.symbol_id = ? ORDER BY o.document_id, o.line, o.col`);
    this.definitionsOf = this.db.prepare(`${select} WHERE o.symbol_id = ? AND o.is_definition = 1 ORDER BY o.document_id, o.line, o.col`);
  }

  private cachedMeta: IndexMeta | undefined;

  /** The build's facts; an index file never changes once built, so read once. */
  meta(): IndexMeta {
    if (this.cachedMeta) return this.cachedMeta;
    const rows = this.db.prepare('SELECT key, value FROM meta').all() as Array<{ key: string; value: string }>;
    const m: Record<string, string | number> = {};
    for (const r of rows) m[r.key] = r.value;
    this.cachedMeta = {
      ...m,
      indexed_at: String(m.indexed_at ?? ''),
      documents: Number(m.documents ?? 0),
      symbols: Number(m.symbols ?? 0),
      occurrences: Number(m.occurrences ?? 0),
    };
    return this.cachedMeta;
  }

  /**
   * Symbols whose display name equals `name`, ignoring case. Locals and
   * parameters are returned only when nothing else has the name: a repo-wide
   * question about `subscriber` means the API, not every parameter called that.
   */
  symbolsNamed(name: string): SymbolRecord[] {
    const all = this.byName.all(name.toLowerCase());
    const primary = all.filter((s) => !s.is_local && !SECONDARY_KINDS.has(s.kind));
    return primary.length > 0 ? primary : all;
  }

  occurrences(symbolId: number, definitionsOnly = false): Occurrence[] {
    const rows = (definitionsOnly ? this.definitionsOf : this.occurrencesOf).all(symbolId);
    return rows.map((r) => ({
      file: r.path,
      line: r.line,
      column: r.col,
      end_line: r.end_line,
      end_column: r.end_col,
      context: r.text ?? '',
      containing_symbol: r.container,
      is_definition: r.is_definition === 1,
    }));
  }

  close(): void {
    this.db.close();
  }
}
