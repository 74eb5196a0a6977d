// The small habits issue 34 asked of the tree (habits.ts): one plural helper,
// errorMessage() for a thrown value's message, each shared helper defined
// once, no dead export in the code wing or the protocol. The same checks fail
// on a planted tree that breaks each.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from '../helpers';
import { deadExportProblems, duplicateProblems, handWrittenProblems } from './habits';
import { planter } from './shape';

describe('habits of the tree', () => {
  it('writes plurals with plural() and thrown values with errorMessage(), but in the files named with their reason', () => {
    assert.deepEqual(handWrittenProblems(ROOT), []);
  });

  it('defines each shared helper once', () => {
    assert.deepEqual(duplicateProblems(ROOT), []);
  });

  it('exports nothing from the code wing, the protocol or git that nothing uses', () => {
    assert.deepEqual(deadExportProblems(ROOT), []);
  });

  it('fails on a planted hand-written plural and message, a second readText, a dead export and an index handing out what nothing uses', () => {
    const root = tempDir('habits');
    const write = planter(root);
    write(
      'daemon/cli/say.ts',
      "export const say = (n: number, err: unknown): string => `${n} file${n === 1 ? '' : 's'}: ${err instanceof Error ? err.message : String(err)}`;\n",
    );
    write('daemon/text/read-text.ts', 'export function readText(f: string): string {\n  return f;\n}\n');
    write('daemon/code/seed/read.ts', 'export const readText = (f: string): string => f;\nexport const unused = 1;\nexport const handed = 2;\n');
    write('daemon/code/seed/other.ts', "import { handed } from './read';\nexport const other = handed;\n");
    write('daemon/code/seed/index.ts', "export { handed } from './read';\n");
    write('daemon/code/use.ts', "import { say } from '../cli/say';\nexport const used = say(1, undefined);\n");
    write('test/use.ts', "import { used } from '../daemon/code/use';\nimport { other } from '../daemon/code/seed/other';\nvoid used, other;\n");
    assert.deepEqual(handWrittenProblems(root, { 'daemon/memory/orient.ts': 'planted' }), [
      'daemon/cli/say.ts writes a plural by hand: use plural() or pluralNoun() (daemon/protocol/plural.ts)',
      "daemon/cli/say.ts writes a thrown value's message by hand: use errorMessage() (daemon/protocol/errors.ts)",
      'daemon/memory/orient.ts no longer writes it by hand: take it off KNOWN_HAND_WRITTEN',
    ]);
    assert.deepEqual(duplicateProblems(root, ['readText', 'plural']), ['readText is defined 2 times: daemon/code/seed/read.ts daemon/text/read-text.ts']);
    assert.deepEqual(deadExportProblems(root).sort(), [
      'daemon/code/seed/index.ts hands out handed, which nothing outside daemon/code/seed/ uses',
      'daemon/code/seed/read.ts exports unused, which nothing uses',
    ]);
  });
});
