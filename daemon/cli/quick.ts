// dist/cli.js, where every `scry` starts. A code query with a daemon running
// is read, sent and printed here, from command specs the build derived from
// the declarations (quick-table.ts): that path evaluates no declaration, no
// zod shim and no other command's flags, and agents run it on every lookup.
// Everything else, a command line it cannot read, and a daemon that is not
// running go to the full CLI (main.ts, dist/cli-full.js), loaded then.
import * as path from 'node:path';
import { errorMessage } from '../errors';
import { scryHome, socketPath } from '../paths';
import { askRunning, defaultFormat, exitWhenWritten } from './answer';
import { paramsOf, parseWith, type CommandSpec, type ParsedCommand } from './parse';

export interface QuickTable {
  /** The daemon's and the code index's commands. */
  commands: CommandSpec[];
  /** The method name of the code index's progress notification. */
  progress: string;
}

declare const SCRY_QUICK_TABLE: QuickTable;
/** Set by the build (scripts/build.mjs) from quick-table.ts. */
export const QUICK_TABLE: QuickTable = SCRY_QUICK_TABLE;

const full = (): void => (require(path.join(__dirname, 'cli-full.js')) as typeof import('./main')).cliMain();

/** The query this command line asks, when it is a read-only code query this path can read; anything else is the full CLI's to read (and to reject). */
function quickQuery(argv: string[]): (ParsedCommand & { spec: CommandSpec }) | undefined {
  try {
    const cmd = parseWith(argv, { code: QUICK_TABLE.commands, all: () => QUICK_TABLE.commands });
    return cmd.spec?.query ? (cmd as ParsedCommand & { spec: CommandSpec }) : undefined;
  } catch {
    return undefined;
  }
}

export function cliMain(): void {
  // An agent's hook: its own small bundle, before any command table is read.
  if (process.argv[2] === 'hook' && process.argv.length === 4)
    return (require(path.join(__dirname, 'hook.js')) as typeof import('../hooks')).hookMain(process.argv.slice(3));
  const cmd = quickQuery(process.argv.slice(2));
  if (!cmd) return full();
  const progress = { code: { method: QUICK_TABLE.progress, _: undefined } };
  // exiting: an answered query ends the process at once (exitWhenWritten), its socket with it.
  askRunning(socketPath(scryHome()), cmd.spec.method, paramsOf(cmd, cmd.spec), cmd.format ?? defaultFormat(), progress, true).then(
    // Nothing listens: the full CLI starts a daemon.
    (code) => (code === undefined ? full() : exitWhenWritten(code)),
    (err: unknown) => {
      process.stderr.write(`scry: ${errorMessage(err)}\n`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) cliMain();
