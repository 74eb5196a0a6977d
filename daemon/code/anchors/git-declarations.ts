// Where a name was declared at a session's commit and where it is declared
// now, as `git grep` finds a declaration keyword before it, read off the event
// loop before a pass resolves an episode's mentions and read back by the
// resolver: a name no symbol has now may be gone since (one place declared it
// then), and a name declared in another file then and no more was moved. Kept
// by one GitDeclarations, owned by the resolver that asks (resolver.ts),
// cleared with it.
import { COMMIT, git, grepHits, type GrepHit } from './git-read';

/** A name declared at a commit: its file, the line (1-based) and the line's text. */
export type DeclarationAt = GrepHit;

/** A declaration keyword before a name, in the languages Scry indexes (`function f`, `def f`, `class F`, `func (r T) F`, `const f =`). */
const DECLARES =
  '(function|def|defp|defmacro|defmacrop|defguard|defmodule|class|interface|type|enum|struct|trait|func|fn|const|let|var|module)[[:space:]]+(\\([^)]*\\)[[:space:]]*)?';
/** Source files only: a README's code sample declares nothing of the repo. */
const SOURCE_SPECS = [
  'ts',
  'tsx',
  'js',
  'jsx',
  'mjs',
  'cjs',
  'py',
  'go',
  'rs',
  'php',
  'rb',
  'java',
  'kt',
  'cs',
  'swift',
  'scala',
  'vue',
  'svelte',
  'ex',
  'exs',
].map((e) => `*.${e}`);
/** More declarations than this of one name: not one thing, and not worth reading on. */
const DECLARATIONS_KEPT = 4;

/** A name git grep may look for after a declaration keyword: an identifier, perhaps ending in `?` or `!` (Ruby, Elixir). */
const DECLARABLE = /^[A-Za-z_$][\w$]*[?!]?$/;

/** `git grep` arguments for a declaration of `name` (the revision and paths follow). */
const declarationGrep = (name: string): string[] => ['grep', '-I', '-w', '--full-name', '-E', '-e', `${DECLARES}${name.replace(/[$?]/g, '\\$&')}`];

/** Where a name was declared at a commit (a few lines per file), and the files declaring it in the working tree (undefined: git could not say). */
interface Declared {
  then: DeclarationAt[];
  now: ReadonlySet<string> | undefined;
}

/** Files declaring a name at a commit, and those of them that declare it no more (declarations removed since). */
export interface DeclaredThen {
  then: readonly string[];
  removed: readonly string[];
}

/** What git grep found of the names asked about, at a commit and now. */
export class GitDeclarations {
  /** Where a name was declared at a commit, and which files declare it now. */
  private readonly declared = new Map<string, Declared>();

  /**
   * The one declaration of `name` in one file at the commit (`def name`,
   * `function name`), for a definition whose every line was rewritten since,
   * its name line too: where it stood then. Several, or none: undefined.
   */
  async onlyDeclarationAt(repo: string, commit: string, name: string, file: string): Promise<{ file: string; line: number } | undefined> {
    if (!COMMIT.test(commit) || !DECLARABLE.test(name)) return undefined;
    const hits = grepHits(await git(repo, [...declarationGrep(name), '-n', commit, '--', file]));
    return hits.length === 1 ? { file: hits[0]!.file, line: hits[0]!.line } : undefined;
  }

  /**
   * Reads where each name was declared at the commit and which files declare
   * it in the working tree (`git grep` at both, off the event loop): for a name
   * no symbol has now, whether one place declared it then (goneSince); for a
   * name with one definition now, whether another file declared it then and
   * no more (severalThen).
   */
  async loadDeclarations(repo: string, commit: string, names: Iterable<string>): Promise<void> {
    if (!COMMIT.test(commit)) return;
    const jobs: Array<Promise<void>> = [];
    for (const name of new Set(names)) {
      const key = `${repo}\0${commit}\0${name}`;
      if (!DECLARABLE.test(name) || this.declared.has(key)) continue;
      jobs.push(
        (async () => {
          const [then, now] = await Promise.all([
            git(repo, [...declarationGrep(name), '-n', '-m', String(DECLARATIONS_KEPT + 1), commit, '--', ...SOURCE_SPECS]),
            git(repo, [...declarationGrep(name), '-l', '--', ...SOURCE_SPECS]),
          ]);
          if (this.declared.size >= 2048) this.declared.clear();
          this.declared.set(key, { then: grepHits(then), now: now === undefined ? undefined : new Set(now.split('\n').filter((f) => f.length > 0)) });
        })(),
      );
    }
    await Promise.all(jobs);
  }

  /**
   * Where loadDeclarations found the name declared at the commit, for a name
   * the working tree declares nowhere (still declared in a file the index
   * leaves out, it is not gone, and nothing is said of it): none, one, or
   * several places; undefined when it was not read.
   */
  declarationsAt(repo: string, commit: string, name: string): readonly DeclarationAt[] | undefined {
    const d = this.declared.get(`${repo}\0${commit}\0${name}`);
    if (!d) return undefined;
    return d.now === undefined || d.now.size > 0 ? [] : d.then.slice(0, DECLARATIONS_KEPT + 1);
  }

  /** What loadDeclarations found of the name's declaring files, then and removed since; undefined when it was not read (or git could not say now). */
  removedDeclarations(repo: string, commit: string, name: string): DeclaredThen | undefined {
    const d = this.declared.get(`${repo}\0${commit}\0${name}`);
    if (!d?.now) return undefined;
    const now = d.now;
    const then = [...new Set(d.then.map((h) => h.file))];
    return { then, removed: then.filter((f) => !now.has(f)) };
  }

  /** Forgets what was read (of one repo, or of all): read again when next asked. */
  clear(repo?: string): void {
    for (const key of [...this.declared.keys()]) if (repo === undefined || key.startsWith(`${repo}\0`)) this.declared.delete(key);
  }
}
