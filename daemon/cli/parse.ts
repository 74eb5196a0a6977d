// Reading a command line into a command, from plain command specs (what a
// method's declaration says about its command and flags; args.ts derives
// them). Nothing here loads the declarations or zod, so the CLI's quick path
// (quick.ts) reads a query's command line with specs made at build time.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { UsageError } from '../errors';
import type { CliSpec, FieldInfo } from '../protocol/method';
import { findRepoRoot } from '../repos';
import { parseFlags, type FlagOption } from './flags';

export { UsageError };

export const OUTPUT_FORMATS = ['compact', 'json', 'human'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** What the CLI needs of a method: its command, its flags (its params fields but the repo and the positionals), and whether it takes a repo. */
export interface CommandSpec {
  method: string;
  cli: CliSpec;
  flags: FieldInfo[];
  /** Its params have a `repo` field: the CLI fills it from --repo or the git root. */
  repo: boolean;
  /** A read-only code query: answered from an index file while a daemon boots. */
  query: boolean;
}

/** The specs a command line is read with: the code commands', and every command's (memory's too) when the first do not do. */
export interface SpecCatalog {
  code: readonly CommandSpec[];
  all(): readonly CommandSpec[];
}

/** Commands the CLI runs itself, with the flags each takes. */
export const LOCAL: Record<string, { flags: readonly string[]; summary?: string; group?: string; usage?: string }> = {
  start: { flags: ['foreground'], usage: 'scry start [--foreground]', summary: 'start the daemon (queries start it on demand)', group: 'daemon' },
  stop: { flags: [], usage: 'scry stop', summary: 'stop it', group: 'daemon' },
  mcp: { flags: [], usage: 'scry mcp', summary: 'the MCP server (stdio), for agents; forwards to the daemon', group: 'agents' },
  setup: {
    flags: ['uninstall', 'dry-run', 'yes', 'force', 'search-hook'],
    usage: 'scry setup',
    summary: 'register with Claude Code (and Codex): MCP server, skill, hooks',
    group: 'agents',
  },
  doctor: { flags: [], usage: 'scry doctor', summary: 'prove the wiring: MCP handshake, a real call, claude mcp list', group: 'agents' },
  // Run by Claude Code, not by people: it works but is not in the usage text.
  hook: { flags: [] },
  help: { flags: [] },
  version: { flags: [] },
};

/** Flags of the CLI itself (not params of a method), with their help. */
export const LOCAL_FLAGS: Record<string, { type: 'string' | 'boolean'; help: string; short?: string; label?: string }> = {
  repo: { type: 'string', help: 'the repository to query (default: git root of the cwd)' },
  format: {
    type: 'string',
    label: 'compact|json|human',
    help: 'compact: for agents (few bytes: sites per file, the enclosing function and use of each); json: the default when stdout is not a terminal; human: the default on one',
  },
  json: { type: 'boolean', help: 'same as --format json' },
  foreground: { type: 'boolean', help: 'run the daemon in this terminal (start)' },
  uninstall: { type: 'boolean', help: 'remove what setup installed (setup)' },
  'dry-run': { type: 'boolean', help: 'show every change setup would make, make none (setup)' },
  yes: { type: 'boolean', short: 'y', help: 'accept the ~/.claude/settings.json hook edit without asking (setup)' },
  force: { type: 'boolean', help: 'rebuild even when an index exists (index); overwrite a skill file you changed (setup)' },
  'search-hook': {
    type: 'string',
    label: 'augment|replace|off',
    help: "an agent's symbol search in Bash gets the index answer beside it (augment, default), instead of it (replace), or none (off) (setup)",
  },
  help: { type: 'boolean', short: 'h', help: '' },
  version: { type: 'boolean', short: 'v', help: '' },
};

export interface ParsedCommand {
  name: string;
  /** The method this command calls, when it is one. */
  spec?: CommandSpec;
  /** The positional argument (NAME, PATTERN, FILE, PATH). */
  arg?: string;
  repo?: string;
  json: boolean;
  /** --format, when given (--json is --format json). */
  format?: OutputFormat;
  /** Method params taken from flags, by params field name (`--all-refs` is `all_refs`). */
  params: Record<string, string | number | boolean | string[]>;
  force: boolean;
  foreground: boolean;
  /** setup: remove what setup installed. */
  uninstall: boolean;
  /** setup: print every change, make none. */
  dryRun: boolean;
  /** setup: accept the settings.json edit without asking. */
  yes: boolean;
  /** setup: the search hook's mode, written to config.yaml. */
  searchHook?: 'augment' | 'replace' | 'off';
}

export const flagName = (field: string): string => field.replace(/_/g, '-');

function parserOptions(specs: readonly CommandSpec[]): Record<string, FlagOption> {
  const options: Record<string, FlagOption> = {};
  for (const [name, f] of Object.entries(LOCAL_FLAGS)) options[name] = { type: f.type, ...(f.short ? { short: f.short } : {}) };
  for (const s of specs)
    for (const f of s.flags)
      options[flagName(f.name)] = { type: f.kind === 'boolean' ? 'boolean' : 'string', ...(f.kind === 'list' ? { multiple: true } : {}) };
  return options;
}

/** The first word that is neither a flag nor a local flag's value: the command, as far as choosing its table goes. */
function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) return a;
    const local = LOCAL_FLAGS[a.slice(2)];
    if (a.startsWith('--') && !a.includes('=') && local?.type === 'string') i++;
  }
  return undefined;
}

/**
 * The specs whose flags this argv may use: a code or local command's own (a
 * CLI start reads one command's flags, not every one's); memory's commands,
 * the usage text and anything unrecognised read them all.
 */
function specsFor(argv: readonly string[], catalog: SpecCatalog): { specs: readonly CommandSpec[]; all: boolean } {
  const word = commandWord(argv);
  if (word === undefined || word === 'help' || argv.includes('--help') || argv.includes('-h')) return { specs: catalog.all(), all: true };
  if (word in LOCAL) return { specs: [], all: false };
  const spec = catalog.code.find((s) => s.cli.command === word);
  return spec ? { specs: [spec], all: false } : { specs: catalog.all(), all: true };
}

export function parseWith(argv: readonly string[], catalog: SpecCatalog): ParsedCommand {
  let { specs, all } = specsFor(argv, catalog);
  let parsed;
  try {
    parsed = parseFlags(argv, parserOptions(specs));
  } catch (err) {
    // Another command's flag: read every flag, so the error names the command that does not take it.
    if (all) throw err;
    all = true;
    specs = catalog.all();
    parsed = parseFlags(argv, parserOptions(specs));
  }
  const { values, positionals } = parsed;
  if (values.version) return base('version', values);
  if (values.help) return base('help', values);
  // A bare `scry` is most often a first run: say what it is before the list.
  if (positionals.length === 0) return base('intro', values);
  // Two-word commands (`memory ingest`) are looked up before one-word ones.
  const byCommand = new Map(specs.map((s) => [s.cli.command, s]));
  const twoWord = positionals.length > 1 && byCommand.has(`${positionals[0]} ${positionals[1]}`);
  const [name, arg, ...more] = (twoWord ? [`${positionals[0]} ${positionals[1]}`, ...positionals.slice(2)] : positionals) as [
    string,
    string | undefined,
    ...string[],
  ];
  const arg2 = byCommand.get(name)?.cli.arg2 ? more.shift() : undefined;
  const rest = more;
  if (name === 'memory')
    throw new UsageError(
      `scry memory needs a subcommand: ${specs
        .filter((s) => s.cli.group === 'memory')
        .map((s) => s.cli.command.split(' ')[1])
        .join(', ')}`,
    );
  const spec = byCommand.get(name);
  if (!spec && !(name in LOCAL)) throw new UsageError(`unknown command '${name}'. Run scry help for the list`);
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}' after '${arg}'`);
  const cmd = base(name, values);
  if (name === 'hook' && !['pretooluse', 'posttooluse', 'session-end', 'cline-task-complete'].includes(arg ?? ''))
    throw new UsageError(`unknown hook '${arg ?? ''}': expected scry hook pretooluse, posttooluse, session-end or cline-task-complete`);
  const allowed = new Set(['repo', 'json', 'format', 'help', 'version', ...(spec ? spec.flags.map((f) => flagName(f.name)) : LOCAL[name]!.flags)]);
  for (const [flag, value] of Object.entries(values)) {
    if (value === undefined) continue;
    // false comes only from a negation (`--no-memory`, flags.ts).
    if (!allowed.has(flag)) throw new UsageError(`scry ${name} does not take --${value === false ? 'no-' : ''}${flag}`);
  }
  if (spec) {
    cmd.spec = spec;
    const first = spec.cli.arg;
    if (first?.required && !arg) throw new UsageError(`scry ${name} needs ${first.needs}, e.g. ${first.example}`);
    if (!first && arg !== undefined) throw new UsageError(`unexpected argument '${arg}' to scry ${name}`);
    const second = spec.cli.arg2;
    if (second?.required && !arg2) throw new UsageError(`scry ${name} needs ${second.needs}, e.g. ${second.example}`);
    if (second && arg2 !== undefined) cmd.params[second.field] = arg2;
    for (const f of spec.flags) {
      const value = values[flagName(f.name)];
      if (value === false && f.kind === 'boolean') {
        cmd.params[f.name] = false;
        continue;
      }
      if (value === undefined || value === false) {
        if (!f.optional) throw new UsageError(`scry ${name} needs --${flagName(f.name)}${f.choices ? ` (${f.choices.join('|')})` : ''}`);
        continue;
      }
      if (f.choices && !f.choices.includes(String(value)))
        throw new UsageError(`invalid --${flagName(f.name)} '${String(value)}': expected one of ${f.choices.join(', ')}`);
      cmd.params[f.name] =
        f.kind === 'number'
          ? wholeNumber(`--${flagName(f.name)}`, String(value), f)
          : f.kind === 'list'
            ? Array.isArray(value)
              ? value
              : [String(value)]
            : Array.isArray(value)
              ? value[value.length - 1]!
              : value;
    }
  }
  if (arg !== undefined) cmd.arg = arg;
  return cmd;
}

/** The declaration's bounds, checked here so the cold path (which answers without the daemon's check) never sees a value the daemon would refuse. */
function wholeNumber(flag: string, value: string, bounds: { min?: number; max?: number }): number {
  const n = Number(value);
  const { min = 0, max } = bounds;
  if (!Number.isInteger(n) || n < min || (max !== undefined && n > max)) {
    const expected =
      max !== undefined
        ? `a whole number from ${min} to ${max}`
        : min === 1
          ? 'a positive whole number'
          : min === 0
            ? 'a whole number'
            : `a whole number of at least ${min}`;
    throw new UsageError(`invalid ${flag} '${value}': expected ${expected}`);
  }
  return n;
}

function base(name: string, values: Record<string, string | boolean | string[] | undefined>): ParsedCommand {
  const repo = values.repo;
  const format = values.format;
  if (format !== undefined && !(OUTPUT_FORMATS as readonly unknown[]).includes(format))
    throw new UsageError(`invalid --format '${String(format)}': expected one of ${OUTPUT_FORMATS.join(', ')}`);
  const searchHook = values['search-hook'];
  if (searchHook !== undefined && !SEARCH_HOOK_MODES.includes(searchHook as never))
    throw new UsageError(`invalid --search-hook '${String(searchHook)}': expected one of ${SEARCH_HOOK_MODES.join(', ')}`);
  return {
    name,
    ...(typeof repo === 'string' ? { repo } : {}),
    ...(typeof format === 'string' ? { format: format as OutputFormat } : values.json === true ? { format: 'json' as const } : {}),
    json: values.json === true,
    params: {},
    force: values.force === true,
    foreground: values.foreground === true,
    uninstall: values.uninstall === true,
    dryRun: values['dry-run'] === true,
    yes: values.yes === true,
    ...(typeof searchHook === 'string' ? { searchHook: searchHook as 'augment' | 'replace' | 'off' } : {}),
  };
}

/** The modes of the search hook (config.yaml hooks.search); the config's schema checks the same list. */
const SEARCH_HOOK_MODES = ['augment', 'replace', 'off'] as const;

/** Params for a method command: its flags, its argument, and the repo (from --repo, or the git root above the cwd). */
export function paramsOf(cmd: ParsedCommand, spec: CommandSpec): Record<string, unknown> {
  const params: Record<string, unknown> = { ...cmd.params };
  const arg = spec.cli.arg;
  if (arg && cmd.arg !== undefined) params[arg.field] = cmd.arg;
  if (spec.repo && params.repo === undefined) {
    // Without --repo a command means this repo, unless it covers every repo then (status).
    if (cmd.repo !== undefined) params.repo = path.resolve(cmd.repo);
    else if (!spec.cli.everyRepo) params.repo = path.resolve(findRepoRoot(process.cwd()));
  } else if (typeof params.repo === 'string') params.repo = path.resolve(params.repo);
  for (const field of spec.cli.paths ?? []) if (typeof params[field] === 'string') params[field] = path.resolve(params[field]);
  for (const field of spec.cli.files ?? []) {
    // A file is relative to where the user stands when it is there, like any shell argument; otherwise to the repo.
    if (typeof params[field] !== 'string') continue;
    const file = path.resolve(params[field]);
    if (existsSync(file)) params[field] = file;
  }
  return params;
}
