// `scry index --export-scip FILE`: the repo's index written back out as a
// standard SCIP index, for tools that read SCIP (Sourcegraph's upload, `scip
// lint`, `scip stats`). Every document and every occurrence Scry stores goes
// out, with each document's definitions as SymbolInformation (kind, display
// name, relationships) and every symbol defined outside the repo as an
// external symbol, so the file holds what answers queries here.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { create, toBinary } from '@bufbuild/protobuf';
import type { CodeStore } from './store';
import {
  DocumentSchema,
  IndexSchema,
  OccurrenceSchema,
  RelationshipSchema,
  SymbolInformationSchema,
  type Document,
  type SymbolInformation,
} from '../scip/gen/scip_pb';
import { kindNumber } from '../scip/kinds';

export interface ScipExport {
  file: string;
  documents: number;
  occurrences: number;
  symbols: number;
}

interface SymbolRow {
  id: number;
  symbol: string;
  name: string;
  kind: string;
  home: number | null;
}

interface OccurrenceRow {
  symbol: string;
  line: number;
  col: number;
  end_line: number;
  end_col: number;
  roles: number;
}

/** SCIP's UTF8 text encoding and its first protocol version (0: unspecified). */
const UTF8 = 1;

export function exportScip(store: CodeStore, repo: string, file: string, tool: { name: string; version: string }): ScipExport {
  const documents = store.statement<[], { id: number; path: string; language: string }>('SELECT id, path, language FROM documents ORDER BY path').all();
  // Where each symbol is described: the document of its first definition, or its own for a local; the rest are external.
  const symbols = store
    .statement<[], SymbolRow>('SELECT id, symbol, name, kind, COALESCE(document_id, def_document_id) AS home FROM symbols ORDER BY id')
    .all();
  const relationships = store.statement<[number], { symbol: string; is_implementation: number; is_reference: number; is_type_definition: number }>(
    'SELECT t.symbol, r.is_implementation, r.is_reference, r.is_type_definition FROM relationships r JOIN symbols t ON t.id = r.target_id WHERE r.symbol_id = ? ORDER BY t.symbol',
  );
  const occurrencesOf = store.statement<[number], OccurrenceRow>(
    'SELECT s.symbol, o.line, o.col, o.end_line, o.end_col, o.roles FROM occurrences o JOIN symbols s ON s.id = o.symbol_id WHERE o.document_id = ? ORDER BY o.line, o.col, s.symbol',
  );
  const info = (s: SymbolRow): SymbolInformation =>
    create(SymbolInformationSchema, {
      symbol: s.symbol,
      kind: kindNumber(s.kind),
      displayName: s.name,
      relationships: relationships.all(s.id).map((r) =>
        create(RelationshipSchema, {
          symbol: r.symbol,
          isImplementation: r.is_implementation === 1,
          isReference: r.is_reference === 1,
          isTypeDefinition: r.is_type_definition === 1,
        }),
      ),
    });
  const byHome = new Map<number, SymbolRow[]>();
  const external: SymbolRow[] = [];
  for (const s of symbols) {
    if (s.home === null) external.push(s);
    else byHome.set(s.home, [...(byHome.get(s.home) ?? []), s]);
  }
  let occurrences = 0;
  const docs: Document[] = documents.map((d) => {
    const occ = occurrencesOf.all(d.id);
    occurrences += occ.length;
    return create(DocumentSchema, {
      relativePath: d.path,
      language: d.language,
      occurrences: occ.map((o) =>
        create(OccurrenceSchema, {
          // Stored 1-based; SCIP is 0-based, three numbers when the range is on one line.
          range: o.line === o.end_line ? [o.line - 1, o.col - 1, o.end_col - 1] : [o.line - 1, o.col - 1, o.end_line - 1, o.end_col - 1],
          symbol: o.symbol,
          symbolRoles: o.roles,
        }),
      ),
      symbols: (byHome.get(d.id) ?? []).map(info),
      positionEncoding: 0,
    });
  });
  const index = create(IndexSchema, {
    metadata: {
      version: 0,
      toolInfo: { name: tool.name, version: tool.version, arguments: [] },
      projectRoot: pathToFileURL(repo).href,
      textDocumentEncoding: UTF8,
    },
    documents: docs,
    externalSymbols: external.map(info),
  });
  // Written whole, then renamed: a reader never sees half an index.
  const target = path.resolve(file);
  const tmp = `${target}.scry-${process.pid}.tmp`;
  fs.writeFileSync(tmp, toBinary(IndexSchema, index));
  fs.renameSync(tmp, target);
  return { file: target, documents: docs.length, occurrences, symbols: symbols.length };
}
