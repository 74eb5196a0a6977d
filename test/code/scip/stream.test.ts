// The streaming SCIP reader fed the way the build feeds it: reads of a growing
// file into one reused buffer, cut at arbitrary byte boundaries.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { create, toBinary } from '@bufbuild/protobuf';
import { DocumentSchema, IndexSchema, OccurrenceSchema } from '../../../daemon/code/scip/gen/scip_pb';
import { ScipStreamReader } from '../../../daemon/code/scip/stream';

function sampleIndex(): Uint8Array {
  const documents = Array.from({ length: 40 }, (_, i) =>
    create(DocumentSchema, {
      relativePath: `src/file${i}.ts`,
      language: 'TypeScript',
      occurrences: Array.from({ length: 30 }, (_, j) =>
        create(OccurrenceSchema, { range: [j, 0, 5], symbol: `scip-typescript npm x 1 src/file${i}.ts/sym${j}().` }),
      ),
    }),
  );
  return toBinary(IndexSchema, create(IndexSchema, { documents }));
}

describe('ScipStreamReader', () => {
  for (const size of [7, 100, 333, 4096]) {
    it(`decodes every document when reads of ${size} bytes reuse one buffer`, () => {
      const bytes = sampleIndex();
      const reader = new ScipStreamReader('sample.scip');
      const chunk = Buffer.alloc(size);
      const paths: string[] = [];
      for (let off = 0; off < bytes.length; off += size) {
        const n = Math.min(size, bytes.length - off);
        chunk.set(bytes.subarray(off, off + n));
        for (const item of reader.push(chunk.subarray(0, n))) if (item.kind === 'document') paths.push(item.document.relativePath);
        chunk.fill(0xff); // what the next read would do to the memory
      }
      reader.end();
      assert.equal(paths.length, 40);
      assert.equal(paths[39], 'src/file39.ts');
    });
  }
});
