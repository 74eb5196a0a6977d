// What of a repo is read: real paths inside the root, text heads. Real files
// and links in a temp folder; the bytes are the shapes found in the wild (an
// ELF header, Latin-1 text, UTF-8 cut mid-character at the head's end).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { binaryReason, HEAD_BYTES, outsideTarget, readInside } from '../../../daemon/code/roots/inside';
import { tempDir } from '../../helpers';

describe('binaryReason', () => {
  const cases: Array<[string, Buffer, string | undefined]> = [
    ['plain ASCII source', Buffer.from('export const a = 1;\n'), undefined],
    ['UTF-8 with accents and emoji', Buffer.from('// café ☕ 😀\nexport const a = "é";\n'), undefined],
    ['an ELF header', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), 'binary (contains NUL bytes)'],
    ['Latin-1 text', Buffer.from('// caf\xe9\n', 'latin1'), 'binary (not valid UTF-8)'],
    ['a 4-byte character cut by the head', Buffer.concat([Buffer.alloc(HEAD_BYTES - 2, 0x61), Buffer.from('😀'), Buffer.from('\n')]), undefined],
    ['a 3-byte character cut by the head', Buffer.concat([Buffer.alloc(HEAD_BYTES - 1, 0x61), Buffer.from('☕')]), undefined],
    [
      'a stray continuation byte at the head’s end of a file that ends there',
      Buffer.concat([Buffer.alloc(10, 0x61), Buffer.from([0xe2, 0x98])]),
      'binary (not valid UTF-8)',
    ],
    ['a NUL after the head', Buffer.concat([Buffer.alloc(HEAD_BYTES, 0x61), Buffer.from([0])]), undefined],
  ];
  for (const [what, bytes, reason] of cases) it(`${what}: ${reason ?? 'text'}`, () => assert.equal(binaryReason(bytes), reason));
});

describe('outsideTarget and readInside', () => {
  const root = fs.realpathSync(tempDir('inside'));
  const elsewhere = fs.realpathSync(tempDir('elsewhere'));
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(elsewhere, 'b.ts'), 'export const b = 2;\n');
  fs.symlinkSync(path.join(root, 'src', 'a.ts'), path.join(root, 'same.ts'));
  fs.symlinkSync(path.join(elsewhere, 'b.ts'), path.join(root, 'out.ts'));
  fs.symlinkSync(elsewhere, path.join(root, 'outdir'));
  fs.symlinkSync('..', path.join(root, 'src', 'up'));
  fs.symlinkSync('/etc/passwd', path.join(root, 'passwd.ts'));

  it('lets a link that stays inside through', () => {
    assert.equal(outsideTarget(root, 'same.ts'), undefined);
    assert.equal(outsideTarget(root, 'src/up/src/a.ts'), undefined);
    assert.deepEqual(readInside(root, 'same.ts'), { bytes: Buffer.from('export const a = 1;\n') });
  });

  it('names where a link out leads: a file, a folder, /etc/passwd', () => {
    assert.equal(outsideTarget(root, 'out.ts'), path.join(elsewhere, 'b.ts'));
    assert.equal(outsideTarget(root, 'outdir/b.ts'), path.join(elsewhere, 'b.ts'));
    assert.equal(outsideTarget(root, 'passwd.ts'), '/etc/passwd');
    assert.deepEqual(readInside(root, 'passwd.ts'), { skip: "links outside the repository (to '/etc/passwd')" });
    assert.equal(outsideTarget(root, '../' + path.basename(elsewhere) + '/b.ts'), path.join(elsewhere, 'b.ts'), 'a relative path climbing out');
  });

  it('says why a file is not read', () => {
    assert.deepEqual(readInside(root, 'missing.ts'), { skip: 'could not be read (ENOENT)' });
    fs.writeFileSync(path.join(root, 'bin.ts'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0]));
    assert.deepEqual(readInside(root, 'bin.ts'), { skip: 'binary (contains NUL bytes)' });
  });
});
