// Command-line parsing, apart from running, so tests call it directly. A
// command that is a daemon method takes its argument and flags from the
// method's declaration (protocol/): a new method with a `cli` spec is a new
// command with its flags, its usage line and its errors, written nowhere else.
import { fieldsOf, type FieldInfo, type MethodDecl } from '../protocol/method';
import { UsageError } from '../errors';
import { allCliMethods, CODE_CLI_METHODS } from './methods';
import { parseFlags, type FlagOption } from './flags';

export { UsageError };

export const OUTPUT_FORMATS = ['compact', 'json', 'human'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Commands the CLI runs itself, with the flags each takes. */
const LOCAL: Record<string, { flags: readonly string[]; summary?: string; group?: string; usage?: string }> = {
  start: { flags: ['foreground'], usage: 'scry start [--foreground]', summary: 'start the daemon (queries start it on demand)', group: 'daemon' },
  stop: { flags: [], usage: 'scry stop', summary: 'stop it', group: 'daemon' },
  mcp: { flags: [], usage: 'scry mcp', summary: 'the MCP server (stdio), for agents; forwards to the daemon', group: 'agents' },
  setup: { flags: ['uninstall', 'dry-run', 'yes', 'force'], usage: 'scry setup', summary: 'register with Claude Code (and Codex): MCP server, skill, hooks', group: 'agents' },
  doctor: { flags: [], usage: 'scry doctor', summary: 'prove the wiring: MCP handshake, a real call, claude mcp list', group: 'agents' },
  // Run by Claude Code, not by people: it works but is not in the usage text.
  hook: { flags: [] },
  help: { flags: [] },
  version: { flags: [] },
};

/** Flags of the CLI itself (not params of a method), with their help. */
const LOCAL_FLAGS: Record<string, { type: 'string' | 'boolean'; help: string; short?: string; label?: string }> = {
  repo: { type: 'string', help: 'the repository to query (default: git root of the cwd)' },
  format: { type: 'string', label: 'compact|json|human', help: 'compact: for agents (few bytes, one line per use); json: the default when stdout is not a terminal; human: the default on one' },
  json: { type: 'boolean', help: 'same as --format json' },
  foreground: { type: 'boolean', help: 'run the daemon in this terminal (start)' },
  uninstall: { type: 'boolean', help: 'remove what setup installed (setup)' },
  'dry-run': { type: 'boolean', help: 'show every change setup would make, make none (setup)' },
  yes: { type: 'boolean', short: 'y', help: 'accept the ~/.claude/settings.json hook edit without asking (setup)' },
  force: { type: 'boolean', help: 'rebuild even when an index exists (index); overwrite a skill file you changed (setup)' },
  help: { type: 'boolean', short: 'h', help: '' },
  version: { type: 'boolean', short: 'v', help: '' },
};

export interface Command {
  name: string;
  /** The method this command calls, when it is one. */
  method?: MethodDecl;
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
}

const flagName = (field: string): string => field.replace(/_/g, '-');

/** The flags a method command takes: every params field but the repo (--repo) and its positional. */
function methodFlags(decl: MethodDecl): FieldInfo[] {
  const spec = decl.cli!;
  return fieldsOf(decl.params).filter((f) => f.name !== 'repo' && f.name !== spec.arg?.field && f.name !== spec.arg2?.field && f.kind !== 'other' && !spec.hidden?.includes(f.name));
}

function parserOptions(methods: readonly MethodDecl[]): Record<string, FlagOption> {
  const options: Record<string, FlagOption> = {};
  for (const [name, f] of Object.entries(LOCAL_FLAGS)) options[name] = { type: f.type, ...(f.short ? { short: f.short } : {}) };
  for (const m of methods) for (const f of methodFlags(m)) options[flagName(f.name)] = { type: f.kind === 'boolean' ? 'boolean' : 'string', ...(f.kind === 'list' ? { multiple: true } : {}) };
  return options;
}

/** The first word that is neither a flag nor a local flag's value: the command, as far as choosing its table goes. */
function commandWord(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) return a;
    const local = LOCAL_FLAGS[a.slice(2)];
    if (a.startsWith('--') && !a.includes('=') && local?.type === 'string') i++;
  }
  return undefined;
}

/**
 * The declarations whose flags this argv may use: a code or local command's
 * own (a CLI start reads one declaration's fields, not every one's); memory's
 * commands, the usage text and anything unrecognised read them all.
 */
function methodsFor(argv: string[]): { methods: readonly MethodDecl[]; all: boolean } {
  const word = commandWord(argv);
  if (word === undefined || word === 'help' || argv.includes('--help') || argv.includes('-h')) return { methods: allCliMethods(), all: true };
  if (word in LOCAL) return { methods: [], all: false };
  const decl = CODE_CLI_METHODS.find((m) => m.cli!.command === word);
  return decl ? { methods: [decl], all: false } : { methods: allCliMethods(), all: true };
}

export function parseCommand(argv: string[]): Command {
  let { methods, all } = methodsFor(argv);
  let parsed;
  try {
    try {
      parsed = parseFlags(argv, parserOptions(methods));
    } catch (err) {
      // Another command's flag: read every flag, so the error names the command that does not take it.
      if (all) throw err;
      all = true;
      methods = allCliMethods();
      parsed = parseFlags(argv, parserOptions(methods));
    }
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  const positionals = parsed.positionals;
  if (values.version) return base('version', values);
  if (values.help) return base('help', values);
  // A bare `scry` is most often a first run: say what it is before the list.
  if (positionals.length === 0) return base('intro', values);
  // Two-word commands (`memory ingest`) are looked up before one-word ones.
  const byCommand = new Map(methods.map((m) => [m.cli!.command, m]));
  const twoWord = positionals.length > 1 && byCommand.has(`${positionals[0]} ${positionals[1]}`);
  const [name, arg, ...more] = (twoWord ? [`${positionals[0]} ${positionals[1]}`, ...positionals.slice(2)] : positionals) as [string, string | undefined, ...string[]];
  const arg2 = byCommand.get(name)?.cli?.arg2 ? more.shift() : undefined;
  const rest = more;
  if (name === 'memory') throw new UsageError(`scry memory needs a subcommand: ${methods.filter((m) => m.cli!.group === 'memory').map((m) => m.cli!.command.split(' ')[1]).join(', ')}`);
  const decl = byCommand.get(name);
  if (!decl && !(name in LOCAL)) throw new UsageError(`unknown command '${name}'. Run scry help for the list`);
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}' after '${arg}'`);
  const cmd = base(name, values);
  if (name === 'hook' && arg !== 'pretooluse' && arg !== 'session-end') throw new UsageError(`unknown hook '${arg ?? ''}': expected scry hook pretooluse or scry hook session-end`);
  const allowed = new Set(['repo', 'json', 'format', 'help', 'version', ...(decl ? methodFlags(decl).map((f) => flagName(f.name)) : LOCAL[name]!.flags)]);
  for (const [flag, value] of Object.entries(values)) {
    if (value === undefined || value === false) continue;
    if (!allowed.has(flag)) throw new UsageError(`scry ${name} does not take --${flag}`);
  }
  if (decl) {
    cmd.method = decl;
    const spec = decl.cli!.arg;
    if (spec?.required && !arg) throw new UsageError(`scry ${name} needs ${spec.needs}, e.g. ${spec.example}`);
    if (!spec && arg !== undefined) throw new UsageError(`unexpected argument '${arg}' to scry ${name}`);
    const spec2 = decl.cli!.arg2;
    if (spec2?.required && !arg2) throw new UsageError(`scry ${name} needs ${spec2.needs}, e.g. ${spec2.example}`);
    if (spec2 && arg2 !== undefined) cmd.params[spec2.field] = arg2;
    for (const f of methodFlags(decl)) {
      const value = values[flagName(f.name)];
      if (value === undefined || value === false) {
        if (!f.optional) throw new UsageError(`scry ${name} needs --${flagName(f.name)}${f.choices ? ` (${f.choices.join('|')})` : ''}`);
        continue;
      }
      if (f.choices && !f.choices.includes(String(value))) throw new UsageError(`invalid --${flagName(f.name)} '${String(value)}': expected one of ${f.choices.join(', ')}`);
      cmd.params[f.name] = f.kind === 'number' ? wholeNumber(`--${flagName(f.name)}`, String(value), f) : f.kind === 'list' ? (Array.isArray(value) ? value : [String(value)]) : Array.isArray(value) ? value[value.length - 1]! : value;
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
    const expected = max !== undefined ? `a whole number from ${min} to ${max}` : min === 1 ? 'a positive whole number' : min === 0 ? 'a whole number' : `a whole number of at least ${min}`;
    throw new UsageError(`invalid ${flag} '${value}': expected ${expected}`);
  }
  return n;
}

function base(name: string, values: Record<string, string | boolean | string[] | undefined>): Command {
  const repo = values.repo;
  const format = values.format;
  if (format !== undefined && !(OUTPUT_FORMATS as readonly unknown[]).includes(format)) throw new UsageError(`invalid --format '${String(format)}': expected one of ${OUTPUT_FORMATS.join(', ')}`);
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
  };
}

/** What a bare `scry` prints above the usage: what this is and the three commands a new user wants. */
export function intro(): string {
  return [
    'scry: a code index and memory for coding agents. One warm daemon answers',
    '"where is X used, who calls it, what implements it" in milliseconds, as JSON,',
    'to this CLI, to agents over MCP (scry mcp) and to the VS Code extension.',
    '',
    'start here:',
    '  cd your-repo && scry index  index this repository (queries also index on first use)',
    '  scry refs NAME              ask a question: every reference to NAME (or defs, callers, impls)',
    '  scry setup                  set up an agent: register scry with Claude Code (and Codex)',
    '',
    '',
  ].join('\n');
}

/** The usage text, generated from the method declarations and the local commands. */
export function usage(): string {
  const CLI_METHODS = allCliMethods();
  const line = (left: string, right: string): string => `  ${left.padEnd(28)}${right}`;
  const queries = CLI_METHODS.filter((m) => m.cli!.group === 'queries').map((m) => {
    const c = m.cli!;
    return line(`scry ${c.command}${c.arg ? ` ${c.arg.required ? c.arg.label : `[${c.arg.label}]`}` : ''}${c.arg2 ? ` ${c.arg2.label}` : ''}`, c.summary);
  });
  const group = (g: string): string[] => [
    ...CLI_METHODS.filter((m) => m.cli!.group === g).map((m) => {
      const c = m.cli!;
      return line(`scry ${c.command}${c.arg ? ` ${c.arg.required ? c.arg.label : `[${c.arg.label}]`}` : ''}${c.arg2 ? ` ${c.arg2.label}` : ''}`, c.summary);
    }),
    ...Object.values(LOCAL).filter((l) => l.group === g).map((l) => line(l.usage!, l.summary!)),
  ];
  const flags = new Map<string, string>();
  for (const m of CLI_METHODS) {
    for (const f of methodFlags(m)) {
      const key = `--${flagName(f.name)}${f.kind === 'boolean' ? '' : f.kind === 'number' ? ' N' : f.kind === 'list' ? ` ${f.name.toUpperCase()} …` : ` ${f.name.toUpperCase()}`}`;
      const help = flags.get(key) ?? firstClause(f.description ?? '');
      flags.set(key, help);
    }
  }
  const users = (flag: string): string => {
    const cmds = CLI_METHODS.filter((m) => methodFlags(m).some((f) => flagName(f.name) === flag)).map((m) => m.cli!.command);
    return cmds.length > 0 && cmds.length < 4 ? ` (${cmds.join(', ')})` : '';
  };
  const options = [
    ...Object.entries(LOCAL_FLAGS).filter(([, f]) => f.help !== '').map(([n, f]) => line(`--${n}${f.type === 'string' ? ` ${f.label ?? 'PATH'}` : ''}`, f.help)),
    ...[...flags].filter(([k]) => !(k.split(' ')[0]!.slice(2) in LOCAL_FLAGS)).map(([k, help]) => line(k, help + users(k.split(' ')[0]!.slice(2)))),
  ];
  return [
    'usage: scry <command> [options]',
    '',
    'queries (the repo is the git root above the current directory, or --repo):',
    ...queries,
    '',
    'daemon:',
    ...group('daemon'),
    '',
    'memory:',
    ...group('memory'),
    '',
    'agents:',
    ...group('agents'),
    '',
    'options:',
    ...options,
    '',
    'NAME may be compound: Class#method, Class.method, pkg.Func, DB::table, auth->user.',
    '',
  ].join('\n');
}

const firstClause = (text: string): string => text.split(/(?<=[a-z)`])[.;:] /)[0]!.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
