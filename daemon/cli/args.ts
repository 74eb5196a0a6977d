// Command-line parsing, apart from running, so tests call it directly.
import { parseArgs } from 'node:util';

export type CommandName = 'refs' | 'defs' | 'index' | 'start' | 'stop' | 'status' | 'help' | 'version';

export interface Command {
  name: CommandName;
  /** NAME for queries, PATH for index. */
  arg?: string;
  repo?: string;
  json: boolean;
  limit?: number;
  force: boolean;
  foreground: boolean;
  scip?: string;
}

export class UsageError extends Error {}

const COMMANDS: readonly CommandName[] = ['refs', 'defs', 'index', 'start', 'stop', 'status', 'help', 'version'];

export const USAGE = `usage: scry <command> [options]

queries (the repo is the git root above the current directory, or --repo):
  scry refs NAME          every reference to the symbols named NAME
  scry defs NAME          where the symbols named NAME are defined
  scry index [PATH]       index (or with --force, rebuild) the repo at PATH

daemon:
  scry start [--foreground]   start the daemon (queries start it on demand)
  scry stop                   stop it
  scry status                 the daemon and every indexed repo

options:
  --repo PATH     the repository to query (default: git root of the cwd)
  --json          JSON output (the default when stdout is not a terminal)
  --limit N       at most N occurrences; the answer says what was cut
  --force         rebuild even when an index exists (index)
  --scip FILE     import a .scip file from any SCIP indexer (index)
`;

export function parseCommand(argv: string[]): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        repo: { type: 'string' },
        json: { type: 'boolean', default: false },
        limit: { type: 'string' },
        force: { type: 'boolean', default: false },
        foreground: { type: 'boolean', default: false },
        scip: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = parsed;
  if (values.version) return base('version', values);
  if (values.help || positionals.length === 0) return base('help', values);
  const [name, arg, ...rest] = positionals;
  if (!COMMANDS.includes(name as CommandName)) throw new UsageError(`unknown command '${name}'. Run scry help for the list`);
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}' after '${arg}'`);
  const cmd = base(name as CommandName, values);
  if ((name === 'refs' || name === 'defs') && !arg) throw new UsageError(`scry ${name} needs a symbol name, e.g. scry ${name} processOrder`);
  if (arg !== undefined) cmd.arg = arg;
  if (values.limit !== undefined) {
    const n = Number(values.limit);
    if (!Number.isInteger(n) || n <= 0) throw new UsageError(`invalid --limit '${values.limit}': expected a positive whole number`);
    cmd.limit = n;
  }
  return cmd;
}

function base(name: CommandName, values: { repo?: string; json?: boolean; force?: boolean; foreground?: boolean; scip?: string }): Command {
  return { name, repo: values.repo, json: values.json ?? false, force: values.force ?? false, foreground: values.foreground ?? false, scip: values.scip };
}
