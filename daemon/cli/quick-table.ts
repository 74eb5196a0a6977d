// The command specs the quick path (quick.ts) reads query command lines
// with. The build evaluates this once and writes the result into dist/cli.js;
// test/cli/args.test.ts checks the bundled table against the declarations.
import { Progress } from '../protocol/code';
import { specOf } from './args';
import { CODE_CLI_METHODS } from './methods';
import type { QuickTable } from './quick';

/** A flag's help text is left out: only the usage text shows it, and the full CLI prints that. */
export const quickTable = (): QuickTable => ({
  commands: CODE_CLI_METHODS.map(specOf).map((s) => ({ ...s, flags: s.flags.map(({ description: _, ...f }) => f) })),
  progress: Progress.method,
});
