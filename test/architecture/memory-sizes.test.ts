// The memory wing's rooms stay small (issue 20): the domain is wiring and the
// store a facade over its parts, so each stays under 250 lines, and no memory
// file grows past 400.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '../helpers';

const MEMORY = path.join(ROOT, 'daemon', 'memory');

const lineCount = (file: string): number => fs.readFileSync(file, 'utf8').split('\n').length;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('memory wing sizes', () => {
  it('keeps domain.ts and store/store.ts under 250 lines', () => {
    for (const rel of ['domain.ts', path.join('store', 'store.ts')]) {
      const n = lineCount(path.join(MEMORY, rel));
      assert.ok(n < 250, `daemon/memory/${rel} has ${n} lines`);
    }
  });

  it('keeps every memory file at 400 lines or fewer', () => {
    const files = sources(MEMORY);
    assert.ok(files.length > 20, 'the memory sources were found');
    const over = files.map((f) => [path.relative(ROOT, f), lineCount(f)] as const).filter(([, n]) => n > 400);
    assert.deepEqual(over, []);
  });
});
