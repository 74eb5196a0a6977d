// Command-line parsing, apart from running, so tests call it directly. A
// command that is a daemon method takes its argument and flags from the
// method's declaration (protocol/): a new method with a `cli` spec is a new
// command with its flags, its usage line and its errors, written nowhere else.
// The reading itself is parse.ts, on specs derived here from the declarations.
import { fieldsOf, type FieldInfo, type MethodDecl } from '../protocol/method';
import { CODE_QUERIES } from '../protocol/code';
import { allCliMethods, CODE_CLI_METHODS } from './methods';
import { flagName, LOCAL, LOCAL_FLAGS, parseWith, UsageError, type CommandSpec, type ParsedCommand, type SpecCatalog } from './parse';

export { OUTPUT_FORMATS, type OutputFormat } from './parse';
export { UsageError };

export interface Command extends ParsedCommand {
  /** The method this command calls, when it is one. */
  method?: MethodDecl;
}

/** What parse.ts reads a method's command line with. Its flags: every params field but the repo (--repo) and its positionals. */
export function specOf(decl: MethodDecl): CommandSpec {
  const cli = decl.cli!;
  const fields = fieldsOf(decl.params);
  return {
    method: decl.method,
    cli,
    flags: fields.filter(
      (f) => f.name !== 'repo' && f.name !== cli.arg?.field && f.name !== cli.arg2?.field && f.kind !== 'other' && !cli.hidden?.includes(f.name),
    ),
    repo: fields.some((f) => f.name === 'repo'),
    query: (CODE_QUERIES as readonly MethodDecl[]).includes(decl),
  };
}

/** The flags a method command takes. */
const methodFlags = (decl: MethodDecl): FieldInfo[] => specsOf([decl])[0]!.flags;

const specs = new Map<MethodDecl, CommandSpec>();
const declOf = new WeakMap<CommandSpec, MethodDecl>();
function specsOf(decls: readonly MethodDecl[]): CommandSpec[] {
  return decls.map((d) => {
    let spec = specs.get(d);
    if (!spec) {
      spec = specOf(d);
      specs.set(d, spec);
      declOf.set(spec, d);
    }
    return spec;
  });
}

/** The code commands' specs at once; memory's (and so its declarations) only when a command line needs them. */
const CATALOG: SpecCatalog = {
  get code() {
    return specsOf(CODE_CLI_METHODS);
  },
  all: () => specsOf(allCliMethods()),
};

export function parseCommand(argv: string[]): Command {
  const cmd: Command = parseWith(argv, CATALOG);
  if (cmd.spec) cmd.method = declOf.get(cmd.spec);
  return cmd;
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
  // A left column too wide for its 28 characters puts the help on the next line, aligned.
  const line = (left: string, right: string): string => (left.length < 27 ? `  ${left.padEnd(28)}${right}` : `  ${left}\n  ${' '.repeat(28)}${right}`);
  const queries = CLI_METHODS.filter((m) => m.cli!.group === 'queries').map((m) => {
    const c = m.cli!;
    return line(`scry ${c.command}${c.arg ? ` ${c.arg.required ? c.arg.label : `[${c.arg.label}]`}` : ''}${c.arg2 ? ` ${c.arg2.label}` : ''}`, c.summary);
  });
  const group = (g: string): string[] => [
    ...CLI_METHODS.filter((m) => m.cli!.group === g).map((m) => {
      const c = m.cli!;
      return line(`scry ${c.command}${c.arg ? ` ${c.arg.required ? c.arg.label : `[${c.arg.label}]`}` : ''}${c.arg2 ? ` ${c.arg2.label}` : ''}`, c.summary);
    }),
    ...Object.values(LOCAL)
      .filter((l) => l.group === g)
      .map((l) => line(l.usage!, l.summary!)),
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
    ...Object.entries(LOCAL_FLAGS)
      .filter(([, f]) => f.help !== '')
      .map(([n, f]) => line(`--${n}${f.type === 'string' ? ` ${f.label ?? 'PATH'}` : ''}`, f.help)),
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

/**
 * The first clause of a field's description, as flag help: up to the first
 * `.`, `;` or `:` that ends a clause (followed by a space, outside
 * parentheses and backticks, not an abbreviation such as `e.g.`), lowercased.
 */
export function firstClause(text: string): string {
  let depth = 0;
  let code = false;
  let end = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '`') code = !code;
    else if (code) continue;
    else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && '.;:'.includes(c) && (i + 1 === text.length || text[i + 1] === ' ') && !ABBREVIATION.test(text.slice(0, i + 1))) {
      end = i;
      break;
    }
  }
  return text.slice(0, end).replace(/^./, (c) => c.toLowerCase());
}

/** Ends of text whose dot is not a sentence's end. */
const ABBREVIATION = /\b(e\.g|i\.e|etc|vs)\.$/;
