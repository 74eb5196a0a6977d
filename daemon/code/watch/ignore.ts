// What a repo watcher must not look at: dependency and build folders (the
// list detection skips too), the repo's .git, Scry's own home, and whatever
// the repo's .gitignore files say.
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { SKIP_DIRS } from '../languages';
import { readText } from '../../text/read-text';

export class RepoIgnore {
  /** One matcher per folder holding a .gitignore, keyed by repo-relative folder ('' is the root). */
  private readonly rules = new Map<string, Ignore>();
  private readonly excluded: string[];

  constructor(
    readonly root: string,
    excludedAbsolute: string[] = [],
  ) {
    this.excluded = excludedAbsolute.map((p) => path.resolve(p));
    this.load('');
    const info = readText(path.join(root, '.git', 'info', 'exclude'));
    if (info) this.rules.get('')!.add(info);
  }

  /**
   * Is this absolute path ignored? `isDir` is undefined when the caller does not
   * know yet (chokidar asks once without stats); directory-only patterns then match.
   */
  ignores(absolute: string, isDir?: boolean): boolean {
    const rel = path.relative(this.root, absolute);
    if (rel === '') return false;
    if (rel.startsWith('..') || path.isAbsolute(rel)) return true;
    for (const ex of this.excluded) if (absolute === ex || absolute.startsWith(ex + path.sep)) return true;
    const parts = rel.split(path.sep);
    if (parts.some((p) => SKIP_DIRS.has(p))) return true;
    // Each .gitignore applies to paths below its own folder, relative to it.
    for (let depth = 0; depth < parts.length; depth++) {
      const dir = parts.slice(0, depth).join('/');
      const rules = this.rules.get(dir) ?? (depth > 0 ? this.load(dir) : undefined);
      if (!rules) continue;
      const sub = parts.slice(depth).join('/');
      if (rules.ignores(sub)) return true;
      if (isDir !== false && rules.ignores(`${sub}/`)) return true;
    }
    return false;
  }

  /** A .gitignore was added, changed or removed: its folder's rules are read again. */
  reload(gitignore: string): void {
    this.load(path.relative(this.root, path.dirname(gitignore)).split(path.sep).join('/'), true);
  }

  /** Reads (or re-reads) the .gitignore of a repo-relative folder. */
  private load(dir: string, reload = false): Ignore | undefined {
    if (!reload && this.rules.has(dir)) return this.rules.get(dir);
    const text = readText(path.join(this.root, dir, '.gitignore'));
    const rules = ignore();
    if (text) rules.add(text);
    this.rules.set(dir, rules);
    return rules;
  }
}
