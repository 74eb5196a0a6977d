// Incremental SCIP reader. An Index is a sequence of top-level fields, and
// indexers write one Document at a time, so a growing .scip file can be
// decoded document by document while the indexer is still running.
import { fromBinary } from '@bufbuild/protobuf';
import { errorMessage, ScipDecodeError } from '../../errors';
import { DocumentSchema, MetadataSchema, SymbolInformationSchema, type Document, type Metadata, type SymbolInformation } from './gen/scip_pb';

export type ScipItem = { kind: 'metadata'; metadata: Metadata } | { kind: 'document'; document: Document } | { kind: 'external'; symbol: SymbolInformation };

const WIRE_VARINT = 0;
const WIRE_I64 = 1;
const WIRE_LEN = 2;
const WIRE_I32 = 5;

export class ScipStreamReader {
  private buffer: Uint8Array = new Uint8Array(0);
  private consumed = 0;

  constructor(private readonly source: string) {}

  /** Appends bytes and returns every item now complete. */
  push(chunk: Uint8Array): ScipItem[] {
    if (this.buffer.length === 0) this.buffer = chunk;
    else {
      const merged = new Uint8Array(this.buffer.length + chunk.length);
      merged.set(this.buffer);
      merged.set(chunk, this.buffer.length);
      this.buffer = merged;
    }
    const items: ScipItem[] = [];
    let pos = 0;
    for (;;) {
      const start = pos;
      const tag = readVarint(this.buffer, pos);
      if (!tag) break;
      pos = tag.next;
      const field = tag.value >>> 3;
      const wire = tag.value & 7;
      if (wire === WIRE_LEN) {
        const len = readVarint(this.buffer, pos);
        if (!len) {
          pos = start;
          break;
        }
        if (len.next + len.value > this.buffer.length) {
          pos = start;
          break;
        }
        const payload = this.buffer.subarray(len.next, len.next + len.value);
        pos = len.next + len.value;
        const item = this.decodeField(field, payload, this.consumed + start);
        if (item) items.push(item);
      } else if (wire === WIRE_VARINT) {
        const v = readVarint(this.buffer, pos);
        if (!v) {
          pos = start;
          break;
        }
        pos = v.next;
      } else if (wire === WIRE_I64 || wire === WIRE_I32) {
        const size = wire === WIRE_I64 ? 8 : 4;
        if (pos + size > this.buffer.length) {
          pos = start;
          break;
        }
        pos += size;
      } else {
        throw new ScipDecodeError(this.source, `invalid wire type ${wire} at byte ${this.consumed + start}`);
      }
    }
    this.consumed += pos;
    // Copy the unconsumed tail: the caller may reuse the chunk's memory for its
    // next read (and Buffer#slice would not copy).
    const rest = new Uint8Array(this.buffer.length - pos);
    rest.set(this.buffer.subarray(pos));
    this.buffer = rest;
    return items;
  }

  /** Call at end of input: leftover bytes mean the file was cut short. */
  end(): void {
    if (this.buffer.length > 0) {
      throw new ScipDecodeError(this.source, `truncated: ${this.buffer.length} bytes at offset ${this.consumed} do not form a whole field`);
    }
  }

  private decodeField(field: number, payload: Uint8Array, offset: number): ScipItem | undefined {
    try {
      switch (field) {
        case 1:
          return { kind: 'metadata', metadata: fromBinary(MetadataSchema, payload) };
        case 2: {
          const document = fromBinary(DocumentSchema, payload);
          checkDocument(document, this.source);
          return { kind: 'document', document };
        }
        case 3:
          return { kind: 'external', symbol: fromBinary(SymbolInformationSchema, payload) };
        default:
          return undefined; // unknown top-level field: skip, as protobuf does
      }
    } catch (err) {
      if (err instanceof ScipDecodeError) throw err;
      throw new ScipDecodeError(this.source, `field ${field} at byte ${offset}: ${errorMessage(err)}`);
    }
  }
}

function checkDocument(doc: Document, source: string): void {
  if (doc.relativePath.length === 0) throw new ScipDecodeError(source, 'a document has no relative_path');
  for (const occ of doc.occurrences) {
    if (occ.range.length !== 3 && occ.range.length !== 4) {
      throw new ScipDecodeError(source, `an occurrence in '${doc.relativePath}' has a range of ${occ.range.length} numbers (expected 3 or 4)`);
    }
  }
}

function readVarint(buf: Uint8Array, pos: number): { value: number; next: number } | undefined {
  let value = 0;
  let shift = 0;
  for (let i = pos; i < buf.length && i < pos + 10; i++) {
    const b = buf[i]!;
    value += (b & 0x7f) * 2 ** shift;
    shift += 7;
    if ((b & 0x80) === 0) return { value, next: i + 1 };
  }
  return undefined;
}
