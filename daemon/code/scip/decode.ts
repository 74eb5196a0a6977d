// Whole-file SCIP decoding on top of the stream reader, for indexes that are
// already complete on disk (and for tests).
import { ScipDecodeError } from '../../errors';
import type { Document, Metadata, SymbolInformation } from './gen/scip_pb';
import { ScipStreamReader } from './stream';

export type { Document, Metadata, Occurrence, SymbolInformation, Relationship } from './gen/scip_pb';

export interface DecodedIndex {
  metadata: Metadata | undefined;
  documents: Document[];
  externalSymbols: SymbolInformation[];
}

export function decodeScip(bytes: Uint8Array, source: string): DecodedIndex {
  if (bytes.byteLength === 0) throw new ScipDecodeError(source, 'the file is empty');
  const reader = new ScipStreamReader(source);
  const out: DecodedIndex = { metadata: undefined, documents: [], externalSymbols: [] };
  for (const item of reader.push(bytes)) {
    if (item.kind === 'metadata') out.metadata = item.metadata;
    else if (item.kind === 'document') out.documents.push(item.document);
    else out.externalSymbols.push(item.symbol);
  }
  reader.end();
  if (out.documents.length === 0) throw new ScipDecodeError(source, 'it contains no documents');
  return out;
}

/** [startLine, startChar, endLine, endChar], 0-based, from SCIP's 3- or 4-number form. */
export function fullRange(r: readonly number[]): [number, number, number, number] {
  return r.length === 3 ? [r[0]!, r[1]!, r[0]!, r[2]!] : [r[0]!, r[1]!, r[2]!, r[3]!];
}
