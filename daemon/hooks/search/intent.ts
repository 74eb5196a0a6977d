// What a search command asks for, read from its words with the tool's option
// table: the patterns, whether they are fixed text, whole words or any case,
// the paths and file filters. `find` (and bfs) are read for the file names
// they look for, and for a `-exec grep …` inside them.
import { TOOLS, toolOf, type ToolName, type ToolSpec } from './tools';
import type { SimpleCommand } from './shell';

export interface GrepIntent {
  kind: 'grep';
  tool: ToolName;
  patterns: string[];
  fixed: boolean;
  word: boolean;
  ignoreCase: boolean;
  /** Inverted, whole-line, quiet or files-without: not a search for where a name is. */
  notASearch: boolean;
  /** Paths as given (relative to `dir`). */
  paths: string[];
  includes: string[];
  excludes: string[];
  types: string[];
  /** Set when a word of it expands at run time: what it searches is not known. */
  dynamic: boolean;
  dir: string;
}

export interface FindIntent {
  kind: 'find';
  /** The -name / -iname values. */
  names: string[];
  paths: string[];
  dir: string;
}

export type Intent = GrepIntent | FindIntent;

const has = (set: { short: string; long: readonly string[] }, short: string | undefined, long: string | undefined): boolean =>
  (short !== undefined && set.short.includes(short)) || (long !== undefined && set.long.includes(long));

/** The search a simple command runs, if it is one of the tools. */
export function intentOf(c: SimpleCommand): Intent[] {
  const argv0 = c.argv[0];
  if (argv0 === undefined) return [];
  const base = argv0.slice(argv0.lastIndexOf('/') + 1);
  if (base === 'find' || base === 'bfs') return findIntents(c);
  const t = toolOf(base, c.argv[1]);
  if (!t) return [];
  const intent = grepIntent(TOOLS[t.tool], t.tool, c.argv.slice(t.skip), c.dir);
  if (base === 'fgrep') intent.fixed = true;
  return [intent];
}

function grepIntent(spec: ToolSpec, tool: ToolName, words: Array<string | undefined>, dir: string): GrepIntent {
  const intent: GrepIntent = {
    kind: 'grep',
    tool,
    patterns: [],
    fixed: false,
    word: false,
    ignoreCase: false,
    notASearch: false,
    paths: [],
    includes: [],
    excludes: [],
    types: [],
    dynamic: false,
    dir,
  };
  const positional: Array<string | undefined> = [];
  let explicitPattern = false;
  const option = (short: string | undefined, long: string | undefined, value: string | undefined): void => {
    if (has(spec.fixed, short, long)) intent.fixed = true;
    if (has(spec.word, short, long)) intent.word = true;
    if (has(spec.ignoreCase, short, long)) intent.ignoreCase = true;
    if (has(spec.notASearch, short, long)) intent.notASearch = true;
    if (value === undefined) return;
    if (has(spec.pattern, short, long)) {
      intent.patterns.push(value);
      explicitPattern = true;
    } else if (short === 'f' || long === 'file') {
      // Patterns from a file: not known here.
      intent.dynamic = true;
    } else if (has(spec.include, short, long)) intent.includes.push(value);
    else if (has(spec.exclude, short, long)) intent.excludes.push(value);
    else if (has(spec.type, short, long)) intent.types.push(...value.split(','));
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === undefined) {
      intent.dynamic = true;
      positional.push(undefined);
      continue;
    }
    if (w === '--') {
      positional.push(...words.slice(i + 1));
      break;
    }
    if (w.startsWith('--') && w.length > 2) {
      const eq = w.indexOf('=');
      const long = eq > 0 ? w.slice(2, eq) : w.slice(2);
      if (eq > 0) option(undefined, long, w.slice(eq + 1));
      else if (spec.longValue.has(long)) option(undefined, long, words[++i] ?? '');
      else if (spec.typeFlags && !long.startsWith('no')) intent.types.push(long);
      else option(undefined, long, undefined);
      continue;
    }
    if (w.startsWith('-') && w.length > 1 && !/^-\d+$/.test(w)) {
      // A cluster: flags until one that takes a value, which takes the rest of the word or the next word.
      for (let j = 1; j < w.length; j++) {
        const ch = w[j]!;
        if (/\d/.test(ch)) break; // -A3 handled by its letter; a bare -5 is context
        if (spec.shortValue.includes(ch)) {
          const rest = w.slice(j + 1);
          option(ch, undefined, rest.length > 0 ? rest : (words[++i] ?? ''));
          break;
        }
        option(ch, undefined, undefined);
      }
      continue;
    }
    if (/^-\d+$/.test(w)) continue;
    positional.push(w);
  }
  if (!explicitPattern) {
    const first = positional.shift();
    if (first === undefined) intent.dynamic = true;
    else intent.patterns.push(first);
  }
  for (const p of positional) {
    if (p === undefined) intent.dynamic = true;
    else intent.paths.push(p);
  }
  return intent;
}

/** find's tests that take one value. */
const FIND_VALUE = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
  '-type',
  '-xtype',
  '-maxdepth',
  '-mindepth',
  '-newer',
  '-size',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-cmin',
  '-user',
  '-group',
  '-perm',
  '-links',
  '-inum',
  '-samefile',
  '-fstype',
  '-printf',
  '-fprint',
  '-regextype',
  '-uid',
  '-gid',
  '-used',
]);

function findIntents(c: SimpleCommand): Intent[] {
  const words = c.argv.slice(1);
  const paths: string[] = [];
  let i = 0;
  while (i < words.length && words[i] !== undefined && !/^[-!(]/.test(words[i]!)) paths.push(words[i++]!);
  const names: string[] = [];
  const out: Intent[] = [];
  for (; i < words.length; i++) {
    const w = words[i];
    if (w === '-name' || w === '-iname') {
      const v = words[++i];
      if (v !== undefined) names.push(v);
    } else if (w === '-exec' || w === '-execdir' || w === '-ok' || w === '-okdir') {
      const end = words.findIndex((x, k) => k > i && (x === ';' || x === '+'));
      const inner = words.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? words.length : end;
      // `find DIR -name '*.ts' -exec grep -l NAME {} \;`: a grep over what find found.
      for (const e of intentOf({ argv: inner.filter((x) => x !== '{}'), dir: c.dir, piped: false, env: c.env })) {
        if (e.kind === 'grep') out.push({ ...e, paths: paths.length > 0 ? paths : ['.'], includes: [...e.includes, ...names] });
      }
    } else if (w !== undefined && FIND_VALUE.has(w)) i++;
  }
  return out.length > 0 ? out : [{ kind: 'find', names, paths: paths.length > 0 ? paths : ['.'], dir: c.dir }];
}
