// The code wing keeps the shape issue 34 gave it: domain.ts is wiring, no file
// grows past 400 lines unless named with its reason, every folder has an
// index.ts, daemon/git/ is a leaf and the only place git runs, the language
// catalog imports nothing of the daemon, and no import
// circle joins files, or the folders of any folder (the known ones named, to
// be taken apart). The same checks fail on a planted circle, a planted
// oversized file and a folder without an index.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from '../helpers';
import { catalogProblems, circleProblems, gitProblems, indexProblems, planter, sizeProblems } from './shape';

describe('code wing shape', () => {
  it('keeps domain.ts under 250 lines and every file at 400 or fewer, but those named with their reason', () => {
    assert.deepEqual(sizeProblems(ROOT), []);
  });

  it('enters every folder of daemon/code and daemon/git through an index.ts', () => {
    assert.deepEqual(indexProblems(ROOT), []);
  });

  it('has no import circle among the daemon files, nor among the folders of any folder but the known ones', () => {
    assert.deepEqual(circleProblems(ROOT), []);
  });

  it('keeps the language catalog free of the code it catalogs: languages/ imports nothing of the daemon outside itself', () => {
    assert.deepEqual(catalogProblems(ROOT), []);
  });

  it('runs git only through daemon/git/, which imports nothing of the daemon', () => {
    assert.deepEqual(gitProblems(ROOT), []);
  });

  it('fails on a planted circle, an oversized file, a folder without index.ts, a catalog importing a reader and git run elsewhere', () => {
    const root = tempDir('shape');
    const write = planter(root);
    write('daemon/code/domain.ts', "import { a } from './a/x';\nexport const d = a;\n");
    write('daemon/code/a/index.ts', "export { a } from './x';\n");
    write('daemon/code/a/x.ts', "import { b } from '../b/y';\nexport const a = (): number => b() + 1;\n");
    write('daemon/code/b/index.ts', "export { b } from './y';\n");
    write('daemon/code/b/y.ts', "import type { a } from '../a/x';\nexport const b = (f?: typeof a): number => (f ? 1 : 0);\n");
    write('daemon/code/c/z.ts', "import { execFile } from 'node:child_process';\nexport const z = (): void => void execFile('git', ['status']);\n");
    write('daemon/code/big.ts', Array.from({ length: 401 }, (_, i) => `export const x${i} = ${i};`).join('\n'));
    write('daemon/git/index.ts', "export { d } from '../code/domain';\n");
    write('daemon/code/languages/index.ts', "export { go } from './go';\n");
    write(
      'daemon/code/languages/go.ts',
      "import type { a } from '../a/x';\nexport const go = { id: 'go' as const, reader: undefined as typeof a | undefined };\n",
    );
    assert.deepEqual(sizeProblems(root, {}), ['daemon/code/big.ts has 401 lines (400 at most)']);
    assert.deepEqual(indexProblems(root), ['daemon/code/c/ has no index.ts']);
    assert.deepEqual(circleProblems(root, []), [
      'files import each other in a circle: daemon/code/a/x.ts daemon/code/b/y.ts',
      'folders import each other in a circle: daemon/code: a b',
    ]);
    assert.deepEqual(circleProblems(root, ['daemon/code: a b', 'daemon/memory: extract store']).slice(1), [
      "the known circle 'daemon/memory: extract store' is gone: take it off KNOWN_FOLDER_CIRCLES",
    ]);
    assert.deepEqual(catalogProblems(root), [
      'daemon/code/languages/go.ts imports daemon/code/a/x.ts: the language catalog imports nothing of the daemon (readers go in readers/, indexers in indexers/)',
    ]);
    assert.deepEqual(gitProblems(root).sort(), [
      'daemon/code/c/z.ts runs git itself: use daemon/git/ (run.ts)',
      'daemon/git/index.ts imports daemon/code/domain.ts: daemon/git/ imports nothing of the daemon',
    ]);
    write('daemon/code/domain.ts', Array.from({ length: 260 }, () => '').join('\n'));
    assert.ok(sizeProblems(root, {}).includes('daemon/code/domain.ts has 260 lines (under 250: it is the wiring)'));
  });
});
