// What in a session's text is a mention of code: a backticked identifier or
// qualified name (`processOrder`, `OrderService.processOrder`), and a path
// (`src/orders.ts`, `orders.ts:123`), backticked or not. Anything else in
// backticks (a command, an expression) is not a mention.

export interface Mention {
  /** As resolved: `()` and a leading `./` dropped. */
  text: string;
  /** Where it starts in the text (UTF-16 units). */
  offset: number;
  backticked: boolean;
}

/** A name, qualified or not; Ruby's and Elixir's may end in `?` or `!` (`valid?`, `save!`). */
const IDENT = /^[A-Za-z_$][\w$]*(?:(?:\.|#|::)[A-Za-z_$][\w$]*)*[?!]?$/;
/** Elixir's and Erlang's `name/arity` (`Mod.fun/2`, `valid?/1`): the name. */
const ARITY = /^([A-Za-z_][\w.]*[?!]?)\/\d{1,2}$/;
/** A path with a folder or a source file name, optionally `:line[:col]`. */
const PATH = /^(?:\.{0,2}\/)?(?:[\w@.-]+\/)*[\w@.-]+\.[A-Za-z][A-Za-z0-9]{0,5}(?::\d+(?::\d+)?)?$/;
/**
 * A path with folders may also start at `~/` and hold a placeholder or a
 * glob (`/Users/{user}/…`, `$HOME/…`, `users/*`): it is taken whole, as
 * written, so a path of the user's home is never cut down to a piece that
 * could name a file of the repo.
 */
const WIDE_PATH = /^(?:~\/|\.{0,2}\/)?(?:[\w@.$*{}-]+\/)+[\w@.$*{}-]+\.[A-Za-z][A-Za-z0-9]{0,5}(?::\d+(?::\d+)?)?$/;
/**
 * Outside backticks: a path with folders, or `file.ext:N` (`:N-M` names
 * line N). It ends where the path ends, never inside a segment: `…/com.apple.BKAgentService/…` is not
 * `…/com.apple` (a dotted folder is not a file name).
 */
const BARE_PATH =
  /(?<![\w/.@`$~{}-])((?:~\/|\.{0,2}\/)?[\w@${-][\w@.$*{}-]*(?:\/[\w@.$*{}-]+)+\.[A-Za-z][A-Za-z0-9]{0,5}(?::\d+(?::\d+|-\d+)?)?|[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5}:\d+(?::\d+|-\d+)?)(?![\w/`@$~{}-]|\.[\w@$*{}-]|:\d)/g;
const BACKTICKED = /(?<!`)`([^`\n]{1,200})`(?!`)/g;
/** Words, literals and keywords that happen to be identifiers but name nothing of the code. */
const NOT_CODE = new Set([
  'true',
  'false',
  'null',
  'undefined',
  'this',
  'self',
  'None',
  'True',
  'False',
  'nil',
  'void',
  'any',
  'string',
  'number',
  'boolean',
  'int',
  'const',
  'let',
  'var',
  'async',
  'await',
  'return',
  'new',
  // Keywords that no name can be in the languages that have them (`with` in Python and JS, `def` in Python, Ruby and Elixir).
  'if',
  'else',
  'elif',
  'elsif',
  'unless',
  'for',
  'while',
  'do',
  'case',
  'switch',
  'break',
  'continue',
  'try',
  'catch',
  'except',
  'finally',
  'throw',
  'raise',
  'rescue',
  'yield',
  'lambda',
  'with',
  'def',
  'defp',
  'defmodule',
  'defmacro',
  'defmacrop',
  'defstruct',
  'defimpl',
  'defprotocol',
  'fn',
  'func',
  'function',
  'class',
  'import',
  'export',
  'typeof',
  'instanceof',
]);
/** An abbreviated or full commit hash (`af81c43`): hex with a digit in it, 7 to 40 long. */
const COMMIT = /^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}$/;
/** A file name ends in letters: `v1.2`, `e.g` and `3.14` are not paths; a version-like tail is not an extension. */
const HAS_EXT = /\.[A-Za-z][A-Za-z0-9]{0,5}(?::\d+(?::\d+)?)?$/;

/**
 * Taken whole, yet no one file: a glob (`users/*\/Books.plist`), a
 * placeholder (`/Users/{user}/…`, `path/to/test.py`) or a git revision range
 * (`origin/main..HEAD`). Each names a pattern or nothing, never a file of the
 * repo, so it is no mention at all.
 */
const NO_FILE = /[*{}]|(?:^|\/)path\/to\/|[^/.]\.\.[^/.]/;

/** Is this backticked text a mention? Returns it cleaned, or undefined. */
export function asMention(raw: string): string | undefined {
  // `file.ts:57-61` and `file.ts:24-40,54,67` name the file at their first line.
  const t = raw
    .trim()
    .replace(/\(\)$/, '')
    .replace(/^\.\//, '')
    .replace(/(:\d+)(?:-\d+)?(?:,\d+(?:-\d+)?)+$|(:\d+)-\d+$/, '$1$2');
  if (t.length < 2 || NOT_CODE.has(t) || COMMIT.test(t)) return undefined;
  const arity = ARITY.exec(t);
  if (arity) return NOT_CODE.has(arity[1]!) ? undefined : arity[1];
  if (/[/\\]/.test(t) || /:\d+/.test(t)) return (PATH.test(t) || (t.includes('/') && WIDE_PATH.test(t))) && HAS_EXT.test(t) && !NO_FILE.test(t) ? t : undefined;
  if (IDENT.test(t)) return t;
  return PATH.test(t) && HAS_EXT.test(t) ? t : undefined;
}

/** Every mention of code in the text, in order, each place once. */
export function findMentions(text: string): Mention[] {
  const out: Mention[] = [];
  const covered: Array<[number, number]> = [];
  for (const m of text.matchAll(BACKTICKED)) {
    covered.push([m.index, m.index + m[0].length]);
    const t = asMention(m[1]!);
    if (t !== undefined) out.push({ text: t, offset: m.index + 1, backticked: true });
  }
  for (const m of text.matchAll(BARE_PATH)) {
    if (covered.some(([a, b]) => m.index >= a && m.index < b)) continue;
    const raw = m[1]!;
    // A URL's path, or a domain name (`example.com/x`) is no file of the repo.
    if (/^[a-z]+:\/\//i.test(text.slice(Math.max(0, m.index - 12), m.index + raw.length)) || /\/\/$/.test(text.slice(Math.max(0, m.index - 2), m.index)))
      continue;
    const t = asMention(raw);
    if (t !== undefined) out.push({ text: t, offset: m.index, backticked: false });
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** An absolute path inside the session's repo, as the repo-relative path the index knows. */
export function underRoot(mention: string, root: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return mention.startsWith(prefix) ? mention.slice(prefix.length) : mention;
}
