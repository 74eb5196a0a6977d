// Command-line parsing, apart from running, so tests call it directly.
import { parseArgs } from 'node:util';

export type CommandName =
  | 'refs' | 'defs' | 'callers' | 'callees' | 'impls' | 'search' | 'symbols' | 'impact'
  | 'index' | 'start' | 'stop' | 'status' | 'mcp' | 'setup' | 'doctor' | 'hook' | 'help' | 'version';

/** Commands whose argument is required, with an example for the usage error. */
const NEEDS_ARG: Partial<Record<CommandName, string>> = {
  refs: 'a symbol name, e.g. scry refs processOrder',
  defs: 'a symbol name, e.g. scry defs processOrder',
  callers: 'a symbol name, e.g. scry callers processOrder',
  callees: 'a symbol name, e.g. scry callees processOrder',
  impls: 'a symbol name, e.g. scry impls OrderRepo',
  impact: 'a symbol name, e.g. scry impact OrderService#processOrder',
  search: 'a pattern, e.g. scry search procOrd',
  symbols: 'a file, e.g. scry symbols src/orders.ts',
};

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
  /** setup: remove what setup installed. */
  uninstall: boolean;
  /** setup: print every change, make none. */
  dryRun: boolean;
  /** setup: accept the settings.json edit without asking. */
  yes: boolean;
  allRefs: boolean;
  kind?: string;
  depth?: number;
}

export class UsageError extends Error {}

// `hook` is run by Claude Code, not by people: it works but is not in the usage text.
const COMMANDS: readonly CommandName[] = ['refs', 'defs', 'callers', 'callees', 'impls', 'search', 'symbols', 'impact', 'index', 'start', 'stop', 'status', 'mcp', 'setup', 'doctor', 'hook', 'help', 'version'];

export const USAGE = `usage: scry <command> [options]

queries (the repo is the git root above the current directory, or --repo):
  scry refs NAME          every reference to the symbols named NAME
  scry defs NAME          where the symbols named NAME are defined
  scry callers NAME       the functions that call NAME (--all-refs: that use it at all)
  scry callees NAME       what NAME calls (--all-refs: everything it uses)
  scry impls NAME         implementations, subclasses and overrides of NAME
  scry search PATTERN     symbols by name: exact, prefix, camelCase (sMT), substring
  scry symbols FILE       the outline of one file
  scry impact NAME        what may break if NAME changes: callers, impls, files, tests
  scry index [PATH]       index (or with --force, rebuild) the repo at PATH

daemon:
  scry start [--foreground]   start the daemon (queries start it on demand)
  scry stop                   stop it
  scry status                 the daemon and every indexed repo

agents:
  scry mcp                    the MCP server (stdio), for agents; forwards to the daemon
  scry setup                  register with Claude Code (and Codex): MCP server, skill, hooks
  scry setup --uninstall      remove all of that again
  scry doctor                 prove the wiring: MCP handshake, a real call, claude mcp list

options:
  --repo PATH     the repository to query (default: git root of the cwd)
  --json          JSON output (the default when stdout is not a terminal)
  --limit N       at most N occurrences; the answer says what was cut
  --force         rebuild even when an index exists (index)
  --scip FILE     import a .scip file from any SCIP indexer (index)
  --dry-run       show every change setup would make, make none (setup)
  --yes           accept the ~/.claude/settings.json hook edit without asking (setup)
  --force         also overwrite a skill file you have changed (setup)
  --all-refs      every use, not only calls (callers, callees)
  --kind KIND     only symbols of this kind: class, function, method, ... (search)
  --depth N       levels of callers to follow, default 3 (impact)

NAME may be compound: Class#method, Class.method, pkg.Func, DB::table, auth->user.
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
        uninstall: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        'all-refs': { type: 'boolean', default: false },
        kind: { type: 'string' },
        depth: { type: 'string' },
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
  if (name === 'hook' && arg !== 'pretooluse') throw new UsageError(`unknown hook '${arg ?? ''}': expected scry hook pretooluse`);
  const needs = NEEDS_ARG[name as CommandName];
  if (needs && !arg) throw new UsageError(`scry ${name} needs ${needs}`);
  if (arg !== undefined) cmd.arg = arg;
  if (values.limit !== undefined) cmd.limit = positiveInt('--limit', values.limit);
  if (values.depth !== undefined) cmd.depth = positiveInt('--depth', values.depth);
  if (values.kind !== undefined) cmd.kind = values.kind;
  return cmd;
}

function positiveInt(flag: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`invalid ${flag} '${value}': expected a positive whole number`);
  return n;
}

interface Flags {
  repo?: string;
  json?: boolean;
  force?: boolean;
  foreground?: boolean;
  scip?: string;
  uninstall?: boolean;
  'dry-run'?: boolean;
  yes?: boolean;
  'all-refs'?: boolean;
}

function base(name: CommandName, values: Flags): Command {
  return {
    name,
    repo: values.repo,
    json: values.json ?? false,
    force: values.force ?? false,
    foreground: values.foreground ?? false,
    scip: values.scip,
    uninstall: values.uninstall ?? false,
    dryRun: values['dry-run'] ?? false,
    yes: values.yes ?? false,
    allRefs: values['all-refs'] ?? false,
  };
}
