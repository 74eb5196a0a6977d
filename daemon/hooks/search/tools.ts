// The search tools agents run, as data: which of their options take a value
// (so the pattern and the paths are found among the words), and which change
// what a pattern means. Short options may cluster (`-rnw`, `-A3`, `-tpy`);
// long ones take `--opt=value` or `--opt value`.

export type ToolName = 'grep' | 'rg' | 'ugrep' | 'ag' | 'ack' | 'git-grep';

export interface ToolSpec {
  /** Short options that take a value. */
  shortValue: string;
  /** Long options that take a value (without the leading dashes). */
  longValue: ReadonlySet<string>;
  /** The pattern is fixed text, not a regex. */
  fixed: { short: string; long: readonly string[] };
  /** Matches whole words only. */
  word: { short: string; long: readonly string[] };
  /** Ignores case. */
  ignoreCase: { short: string; long: readonly string[] };
  /** Options that give the pattern as their value. */
  pattern: { short: string; long: readonly string[] };
  /** Options after which the search is no longer for a name's uses (inverted, whole lines, a count of files without it, quiet). */
  notASearch: { short: string; long: readonly string[] };
  /** Options whose value is a file-name glob to search (`--include=*.ts`, `-g '*.ts'`). */
  include: { short: string; long: readonly string[] };
  /** Options whose value is a glob to leave out. */
  exclude: { short: string; long: readonly string[] };
  /** Options whose value is a file type (`-t ts`, `--type=py`). */
  type: { short: string; long: readonly string[] };
  /** Options naming a type directly, as ack's and ag's `--ts`, `--python` do. */
  typeFlags: boolean;
}

const GREP_VALUE = new Set([
  'regexp',
  'file',
  'max-count',
  'after-context',
  'before-context',
  'context',
  'include',
  'exclude',
  'exclude-dir',
  'exclude-from',
  'directories',
  'devices',
  'binary-files',
  'label',
  'group-separator',
  'color',
  'colour',
]);

const GREP: ToolSpec = {
  shortValue: 'efmABCdD',
  longValue: GREP_VALUE,
  fixed: { short: 'F', long: ['fixed-strings'] },
  word: { short: 'w', long: ['word-regexp'] },
  ignoreCase: { short: 'i', long: ['ignore-case'] },
  pattern: { short: 'e', long: ['regexp'] },
  notASearch: { short: 'vxLq', long: ['invert-match', 'line-regexp', 'files-without-match', 'quiet', 'silent'] },
  include: { short: '', long: ['include'] },
  exclude: { short: '', long: ['exclude', 'exclude-dir'] },
  type: { short: '', long: [] },
  typeFlags: false,
};

export const TOOLS: Readonly<Record<ToolName, ToolSpec>> = {
  grep: GREP,
  'git-grep': {
    ...GREP,
    shortValue: 'efmABCO',
    longValue: new Set([...GREP_VALUE, 'max-depth', 'threads', 'open-files-in-pager']),
    include: { short: '', long: [] },
    exclude: { short: '', long: [] },
  },
  ugrep: {
    ...GREP,
    shortValue: 'efmABCdDgtOMKJ',
    longValue: new Set([...GREP_VALUE, 'glob', 'iglob', 'file-type', 'file-extension', 'file-magic', 'range', 'jobs', 'max-depth', 'format']),
    include: { short: 'gO', long: ['include', 'glob', 'iglob', 'file-extension'] },
    type: { short: 't', long: ['file-type'] },
  },
  rg: {
    shortValue: 'efgtTABCmMdjErV',
    longValue: new Set([
      'regexp',
      'file',
      'glob',
      'iglob',
      'type',
      'type-not',
      'type-add',
      'type-clear',
      'after-context',
      'before-context',
      'context',
      'max-count',
      'max-columns',
      'max-depth',
      'maxdepth',
      'threads',
      'encoding',
      'replace',
      'pre',
      'pre-glob',
      'sort',
      'sortr',
      'color',
      'colors',
      'path-separator',
      'max-filesize',
      'engine',
      'ignore-file',
      'dfa-size-limit',
      'regex-size-limit',
      'context-separator',
      'field-context-separator',
      'field-match-separator',
      'hostname-bin',
      'hyperlink-format',
      'generate',
    ]),
    fixed: { short: 'F', long: ['fixed-strings'] },
    word: { short: 'w', long: ['word-regexp'] },
    ignoreCase: { short: 'i', long: ['ignore-case'] },
    pattern: { short: 'e', long: ['regexp'] },
    notASearch: { short: 'vxq', long: ['invert-match', 'line-regexp', 'files-without-match', 'quiet', 'files', 'type-list'] },
    include: { short: 'g', long: ['glob', 'iglob'] },
    exclude: { short: '', long: [] },
    type: { short: 't', long: ['type'] },
    typeFlags: false,
  },
  ag: {
    shortValue: 'ABCGgmpf',
    longValue: new Set(['after', 'before', 'context', 'file-search-regex', 'ignore', 'ignore-dir', 'max-count', 'path-to-ignore', 'depth', 'pager', 'workers']),
    fixed: { short: 'Q', long: ['literal'] },
    word: { short: 'w', long: ['word-regexp'] },
    ignoreCase: { short: 'i', long: ['ignore-case'] },
    pattern: { short: '', long: [] },
    notASearch: { short: 'vLg', long: ['invert-match', 'files-without-matches'] },
    include: { short: 'G', long: ['file-search-regex'] },
    exclude: { short: '', long: ['ignore', 'ignore-dir'] },
    type: { short: '', long: [] },
    typeFlags: true,
  },
  ack: {
    shortValue: 'ABCGm',
    longValue: new Set(['after-context', 'before-context', 'context', 'max-count', 'type', 'ignore-dir', 'ignore-file', 'output', 'match']),
    fixed: { short: 'Q', long: ['literal'] },
    word: { short: 'w', long: ['word-regexp'] },
    ignoreCase: { short: 'i', long: ['ignore-case'] },
    pattern: { short: '', long: ['match'] },
    notASearch: { short: 'vLf', long: ['invert-match', 'files-without-matches'] },
    include: { short: '', long: [] },
    exclude: { short: '', long: ['ignore-dir', 'ignore-file'] },
    type: { short: '', long: ['type'] },
    typeFlags: true,
  },
};

/** The programs that are each tool (egrep and fgrep are grep with -E and -F; ug is ugrep). */
const PROGRAMS: Readonly<Record<string, ToolName>> = {
  grep: 'grep',
  egrep: 'grep',
  fgrep: 'grep',
  rgrep: 'grep',
  rg: 'rg',
  ugrep: 'ugrep',
  ug: 'ugrep',
  ag: 'ag',
  ack: 'ack',
  'ack-grep': 'ack',
};

/** The tool a command runs, and how many of its words name it (`git grep` is two). */
export function toolOf(argv0: string, argv1: string | undefined): { tool: ToolName; skip: number } | undefined {
  if (argv0 === 'git') return argv1 === 'grep' ? { tool: 'git-grep', skip: 2 } : undefined;
  const tool = PROGRAMS[argv0];
  return tool ? { tool, skip: 1 } : undefined;
}

/**
 * File types as the tools name them (rg's `-t`, ack's `--ts`), by the
 * extensions they cover. A type not here is one Scry cannot tell about:
 * the search is left alone.
 */
export const FILE_TYPES: Readonly<Record<string, readonly string[]>> = {
  ts: ['ts', 'tsx', 'mts', 'cts'],
  typescript: ['ts', 'tsx', 'mts', 'cts'],
  tsx: ['tsx'],
  js: ['js', 'jsx', 'mjs', 'cjs'],
  javascript: ['js', 'jsx', 'mjs', 'cjs'],
  jsx: ['jsx'],
  py: ['py', 'pyi'],
  python: ['py', 'pyi'],
  go: ['go'],
  rust: ['rs'],
  rs: ['rs'],
  java: ['java'],
  kotlin: ['kt', 'kts'],
  ruby: ['rb'],
  rb: ['rb'],
  php: ['php'],
  elixir: ['ex', 'exs'],
  ex: ['ex', 'exs'],
  c: ['c', 'h'],
  cpp: ['cpp', 'cc', 'cxx', 'hpp', 'hh', 'h'],
  cs: ['cs'],
  csharp: ['cs'],
  swift: ['swift'],
  scala: ['scala'],
  md: ['md', 'markdown'],
  markdown: ['md', 'markdown'],
  json: ['json'],
  yaml: ['yaml', 'yml'],
  toml: ['toml'],
  html: ['html', 'htm'],
  css: ['css', 'scss', 'less'],
  sh: ['sh', 'bash'],
  sql: ['sql'],
  txt: ['txt'],
  xml: ['xml'],
};
