// The incremental SCIP reader fed the way build.ts feeds it: one reused read
// buffer, chunks that end in the middle of a document.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { create, toBinary } from '@bufbuild/protobuf';
import { DocumentSchema } from '../../daemon/code/scip/gen/scip_pb';
import { ScipStreamReader } from '../../daemon/code/scip/stream';

function frame(payload: Uint8Array): Uint8Array {
  const len: number[] = [];
  for (let n = payload.length; ; n >>>= 7) {
    if (n < 0x80) {
      len.push(n);
      break;
    }
    len.push((n & 0x7f) | 0x80);
  }
  return Uint8Array.from([0x12, ...len, ...payload]); // field 2 (documents), wire type 2
}

describe('ScipStreamReader', () => {
  it('decodes every document when the caller reuses one read buffer and chunks split documents', () => {
    const docs = Array.from({ length: 40 }, (_, i) => frame(toBinary(DocumentSchema, create(DocumentSchema, { relativePath: `src/file${i}.ts`, language: 'TypeScript', text: 'x'.repeat(100 + i * 7) }))));
    const bytes = Uint8Array.from(docs.flatMap((d) => [...d]));
    for (const size of [1, 7, 64, 333, 1000]) {
      const reader = new ScipStreamReader('test.scip');
      // A Node Buffer, as fs.readSync fills: its slice() is a view, not a copy.
      const shared = Buffer.alloc(size);
      const seen: string[] = [];
      for (let off = 0; off < bytes.length; off += size) {
        const n = Math.min(size, bytes.length - off);
        shared.set(bytes.subarray(off, off + n));
        for (const item of reader.push(shared.subarray(0, n))) if (item.kind === 'document') seen.push(item.document.relativePath);
        shared.fill(0xff); // the next read overwrites the buffer
      }
      reader.end();
      assert.deepEqual(seen, docs.map((_, i) => `src/file${i}.ts`), `chunk size ${size}`);
    }
  });
});
