// A shell command line as the simple commands it runs, read with a real bash
// parser (unbash): pipelines, `&&`/`||`/`;` lists, subshells, quoting, `cd X
// &&` (which moves every later command of the list), `bash -c '…'` (how Codex
// runs its commands), `xargs CMD` and a few wrappers. Words that expand at
// run time (`$X`, `$(…)`) are kept as undefined: nothing is guessed of them.
import * as path from 'node:path';
import { parse, type Command, type CommandNode, type PipelineNode, type Statement, type Word, type AndOr } from 'unbash';

export interface SimpleCommand {
  /** The command's words, unquoted; undefined where a word expands at run time. */
  argv: Array<string | undefined>;
  /** The folder it runs in: the hook's cwd moved by every `cd` before it. */
  dir: string;
  /** Set when it reads its input from a pipe (a later command of a pipeline), so it filters text, it does not search files. */
  piped: boolean;
  /** Variables assigned before it (`SCRY_GREP=1 grep …`). */
  env: Record<string, string>;
}

/** Wrappers whose first argument that is no option is the command they run. */
const WRAPPERS = new Set(['command', 'exec', 'nice', 'nohup', 'time', 'builtin', 'sudo', 'env', 'stdbuf', 'timeout']);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash']);
/** Nesting a command may go through (`bash -lc "bash -c '…'"`) before it is left alone. */
const MAX_DEPTH = 4;

/** The simple commands of `source`, in the order they run; [] when it does not parse. */
export function simpleCommands(source: string, cwd: string, depth = 0): SimpleCommand[] {
  if (depth > MAX_DEPTH) return [];
  let script;
  try {
    script = parse(source);
  } catch {
    return [];
  }
  const out: SimpleCommand[] = [];
  const state = { dir: cwd };
  for (const s of script.commands) statement(s, state, out, depth);
  return out;
}

type State = { dir: string };

function statement(s: Statement, state: State, out: SimpleCommand[], depth: number): void {
  node(s.command, state, out, depth, false);
}

function node(n: PipelineNode | AndOr | CommandNode, state: State, out: SimpleCommand[], depth: number, piped: boolean): void {
  switch (n.type) {
    case 'AndOr':
      for (const c of n.commands) node(c, state, out, depth, false);
      return;
    case 'Pipeline':
      n.commands.forEach((c, i) => node(c, state, out, depth, piped || i > 0));
      return;
    case 'Command':
      command(n, state, out, depth, piped);
      return;
    case 'Subshell':
    case 'BraceGroup': {
      // A subshell's `cd` stays inside it; a brace group's moves the rest.
      const inner = n.type === 'Subshell' ? { dir: state.dir } : state;
      for (const s of n.body.commands) statement(s, inner, out, depth);
      return;
    }
    case 'Redirected':
      node(n.command, state, out, depth, piped);
      return;
    case 'If':
      for (const list of [n.clause, n.then, ...n.elif.flatMap((e) => [e.clause, e.then]), ...(n.else ? [n.else] : [])])
        for (const s of list.commands) statement(s, { dir: state.dir }, out, depth);
      return;
    case 'For':
    case 'While':
      for (const s of n.body.commands) statement(s, { dir: state.dir }, out, depth);
      return;
    default:
      return;
  }
}

/** A word's value when it is fixed text (quotes removed), undefined when it expands at run time. */
export function literal(w: Word): string | undefined {
  const dynamic = (w.parts ?? []).some(
    (p) =>
      p.type === 'SimpleExpansion' ||
      p.type === 'ParameterExpansion' ||
      p.type === 'CommandExpansion' ||
      p.type === 'ArithmeticExpansion' ||
      p.type === 'ProcessSubstitution' ||
      (p.type === 'DoubleQuoted' && p.parts.some((q) => q.type !== 'Literal')),
  );
  return dynamic ? undefined : w.value;
}

function command(c: Command, state: State, out: SimpleCommand[], depth: number, piped: boolean): void {
  const env: Record<string, string> = {};
  for (const p of c.prefix) if (p.type === 'Assignment' && p.value.type === 'Word') env[p.name] = p.value.value;
  if (!c.name) return;
  const argv: Array<string | undefined> = [literal(c.name), ...c.suffix.filter((a): a is Word => a.type === 'Word').map(literal)];
  run(argv, state, out, depth, piped, env);
}

function run(argv: Array<string | undefined>, state: State, out: SimpleCommand[], depth: number, piped: boolean, env: Record<string, string>): void {
  const name = argv[0] === undefined ? undefined : path.basename(argv[0]);
  if (name === 'cd') {
    const to = argv[1];
    if (to !== undefined && !to.startsWith('-') && to !== '~' && !to.startsWith('~/')) state.dir = path.resolve(state.dir, to);
    return;
  }
  if (name !== undefined && SHELLS.has(name)) {
    // `bash -lc 'rg foo'`: the string after -c (or a cluster ending in c) is a script of its own.
    const at = argv.findIndex((a, i) => i > 0 && a !== undefined && /^-[a-z]*c[a-z]*$/.test(a));
    const script = at > 0 ? argv[at + 1] : undefined;
    if (script !== undefined)
      for (const inner of simpleCommands(script, state.dir, depth + 1)) out.push({ ...inner, piped: inner.piped || piped, env: { ...env, ...inner.env } });
    return;
  }
  if (name === 'xargs') {
    // xargs feeds its input as arguments: the command it runs searches files, it does not read the pipe.
    let i = 1;
    while (i < argv.length && argv[i]?.startsWith('-')) i += /^-[EIdLnPsa]$/.test(argv[i]!) ? 2 : 1;
    if (i < argv.length) out.push({ argv: argv.slice(i), dir: state.dir, piped: false, env });
    return;
  }
  if (name !== undefined && WRAPPERS.has(name)) {
    let i = 1;
    while (i < argv.length && (argv[i]?.startsWith('-') || (name === 'env' && argv[i]?.includes('=')) || (name === 'timeout' && i === 1))) i++;
    if (i < argv.length) run(argv.slice(i), state, out, depth, piped, env);
    return;
  }
  out.push({ argv, dir: state.dir, piped, env });
}
