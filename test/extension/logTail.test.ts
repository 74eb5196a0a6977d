import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { LogTail } from '../../extension/logTail';
import { tempDir } from '../helpers';

describe('LogTail', () => {
  it('emits whole appended lines, holds a partial one, and starts over after rotation', () => {
    const dir = tempDir('tail');
    const file = path.join(dir, 'scryd.log');
    fs.writeFileSync(file, 'old line\n');
    const got: string[] = [];
    const tail = new LogTail(file, (lines) => got.push(...lines), { intervalMs: 60_000 });
    try {
      tail.poll();
      assert.deepEqual(got, [], 'what was there before is not replayed');
      fs.appendFileSync(file, 'one\ntw');
      tail.poll();
      assert.deepEqual(got, ['one']);
      fs.appendFileSync(file, 'o\n');
      tail.poll();
      assert.deepEqual(got, ['one', 'two']);
      fs.renameSync(file, `${file}.1`);
      fs.writeFileSync(file, 'fresh\n');
      tail.poll();
      assert.deepEqual(got, ['one', 'two', 'fresh']);
    } finally {
      tail.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('waits for a file that does not exist yet', () => {
    const dir = tempDir('tail');
    const file = path.join(dir, 'later.log');
    const got: string[] = [];
    const tail = new LogTail(file, (lines) => got.push(...lines), { intervalMs: 60_000 });
    tail.poll();
    fs.writeFileSync(file, 'first\n');
    tail.poll();
    tail.dispose();
    assert.deepEqual(got, ['first']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
