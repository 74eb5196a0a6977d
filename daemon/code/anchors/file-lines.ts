// Files read lately, by path, kept while their size and mtime say they are
// unchanged (refs asks about the same few), with the hashes computed of them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { definitionHash } from './hash';

/** A file's lines as read, and the hashes of extents computed of this version. */
export interface FileRead {
  lines: string[];
  hashes: Map<string, string>;
}

const LINES_KEPT = 64;

export class FileLines {
  private readonly kept = new Map<string, { size: number; mtimeMs: number } & FileRead>();

  read(repo: string, file: string): FileRead | undefined {
    const abs = path.join(repo, file);
    try {
      const st = fs.statSync(abs);
      const kept = this.kept.get(abs);
      if (kept && kept.size === st.size && kept.mtimeMs === st.mtimeMs) return kept;
      const read = { size: st.size, mtimeMs: st.mtimeMs, lines: fs.readFileSync(abs, 'utf8').split(/\r?\n/), hashes: new Map<string, string>() };
      this.kept.delete(abs);
      this.kept.set(abs, read);
      if (this.kept.size > LINES_KEPT) this.kept.delete(this.kept.keys().next().value!);
      return read;
    } catch {
      return undefined;
    }
  }

  /** Forgets the files read (of one repo, or all). */
  clear(repo?: string): void {
    if (repo === undefined) return this.kept.clear();
    for (const abs of [...this.kept.keys()]) if (abs.startsWith(repo + path.sep)) this.kept.delete(abs);
  }
}

/** The hash of lines [from, to] (1-based, inclusive; 0 for the whole file), computed once per version of the file. */
export function hashOf(f: FileRead, from: number, to: number): string {
  const key = `${from}:${to}`;
  let h = f.hashes.get(key);
  if (h === undefined) {
    h = definitionHash((from === 0 ? f.lines : f.lines.slice(from - 1, to)).join('\n'));
    f.hashes.set(key, h);
  }
  return h;
}
