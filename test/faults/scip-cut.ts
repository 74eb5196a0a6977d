// Where a .scip file can be cut so that it still decodes: the end of each
// top-level Document field, found by walking the Index's framing.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';

/** Byte offsets where each top-level Document field (field 2) of an Index ends. */
export function documentEnds(bytes: Buffer): number[] {
  const ends: number[] = [];
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[pos++]!;
      value += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if ((b & 0x80) === 0) return value;
    }
  };
  while (pos < bytes.length) {
    const tag = varint();
    assert.equal(tag & 7, 2, 'every top-level field of an Index is length-delimited');
    const len = varint();
    pos += len;
    if (tag >>> 3 === 2) ends.push(pos);
  }
  return ends;
}

/** A copy of `file` holding only its first `documents` documents (and what came before them), written to `out`. */
export function cutAfter(file: string, documents: number, out: string): string {
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(out, bytes.subarray(0, documentEnds(bytes)[documents - 1]));
  return out;
}
