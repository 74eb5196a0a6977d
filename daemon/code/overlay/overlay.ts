// The syntactic overlay of one repo: the files changed since the last precise
// build, each parsed with tree-sitter. Answers for an overlaid file come from
// here; a build that started after a file's change settles (drops) its entry.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { grammarOfFile, grammarOfLanguageFile, isClaimable, languageOfSource, listSources, projectClaims, type GrammarId, type LanguageId } from '../languages';
import { docReferences } from '../store/jsdoc';
import { binaryReason, outsideTarget } from '../roots';
import { extractOccurrences, type SyntacticOccurrence } from './extract';

const DOC_COMMENT_GRAMMARS: ReadonlySet<string> = new Set(['typescript', 'tsx', 'javascript']);
import { parseSource } from '../syntactic/parser';

interface FileEntry {
  /** Change number of the content this entry reflects. */
  seq: number;
  deleted: boolean;
  byName: Map<string, SyntacticOccurrence[]>;
  lines: string[];
}

export interface OverlayHit {
  file: string;
  occurrence: SyntacticOccurrence;
  context: string;
}

const MAX_CONTEXT = 240;
/** Entries a project-wide claim looks at, as detection does. */
const PROJECT_WALK_BUDGET = 20_000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;

export class Overlay {
  private readonly files = new Map<string, FileEntry>();
  /** Latest change number seen per file, so a slow parse never overwrites a newer one. */
  private readonly latest = new Map<string, number>();
  private seq = 0;
  /** Changes numbered at or below this are covered by the current precise index. */
  private settled = 0;
  private readonly waiters = new Set<() => void>();
  private inFlight = 0;
  /** Languages claiming files project-wide (C++ a C++ project's `.h`): found once, again after each build. */
  private projects: ReadonlySet<LanguageId> | undefined;

  constructor(
    readonly root: string,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Number of files currently answered from the overlay. */
  get size(): number {
    return this.files.size;
  }

  /** The change number a build starting now would cover. */
  get currentSeq(): number {
    return this.seq;
  }

  /** The files it answers for now (changed or deleted since the last build). */
  get changedFiles(): string[] {
    return [...this.files.keys()];
  }

  has(file: string): boolean {
    return this.files.has(file);
  }

  /** Records a change and parses the file right away. Resolves when the overlay reflects it. */
  async update(file: string, deleted: boolean): Promise<void> {
    const seq = ++this.seq;
    this.latest.set(file, seq);
    this.inFlight++;
    try {
      const entry = deleted ? deletedEntry(seq) : await this.parse(file, seq);
      if (!entry) return;
      if (this.latest.get(file) !== seq || seq <= this.settled) return;
      this.files.set(file, entry);
    } finally {
      if (--this.inFlight === 0) for (const w of this.waiters) w();
    }
  }

  /** A precise index built from the tree as of change `seq` is now live. */
  settle(seq: number): void {
    this.settled = Math.max(this.settled, seq);
    this.projects = undefined;
    for (const [file, entry] of this.files) if (entry.seq <= seq) this.files.delete(file);
    for (const [file, s] of this.latest) if (s <= seq) this.latest.delete(file);
  }

  /** Drops the files `gone` says no longer count (a parse of one still running is dropped too). */
  evict(gone: (file: string) => boolean): void {
    for (const file of [...this.files.keys(), ...this.latest.keys()]) {
      if (!gone(file)) continue;
      this.files.delete(file);
      this.latest.delete(file);
    }
  }

  /** Occurrences of a name (exact, ignoring case) in overlaid files. */
  hits(name: string): OverlayHit[] {
    const key = name.toLowerCase();
    const out: OverlayHit[] = [];
    for (const [file, entry] of this.files) for (const occurrence of entry.byName.get(key) ?? []) out.push(hitOf(file, entry, occurrence));
    return out.sort(byPosition);
  }

  /** Occurrences in overlaid files inside a definition named `name` (the last segment of its container: `method` in `Class.method`). */
  within(name: string): OverlayHit[] {
    const out: OverlayHit[] = [];
    for (const [file, entry] of this.files) {
      for (const occurrence of [...entry.byName.values()].flat()) {
        if (occurrence.containing_symbol !== null && lastSegment(occurrence.containing_symbol) === name) out.push(hitOf(file, entry, occurrence));
      }
    }
    return out.sort(byPosition);
  }

  /** Resolves once no parse is running (tests and benchmarks wait on this). */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.waiters.delete(done);
        resolve();
      };
      this.waiters.add(done);
    });
  }

  /** The grammar the index reads this file with: a claimed `.h` is parsed as C++, as the syntactic indexer does. */
  private grammarOf(file: string, text: string): GrammarId | undefined {
    if (!isClaimable(file)) return grammarOfFile(file);
    this.projects ??= projectClaims(this.root, new Set(listSources(this.root, PROJECT_WALK_BUDGET).map((f) => path.extname(f).toLowerCase())));
    const language = languageOfSource(file, { projects: this.projects, text: () => text });
    return language ? grammarOfLanguageFile(language, file) : undefined;
  }

  clear(): void {
    this.files.clear();
    this.latest.clear();
  }

  private async parse(file: string, seq: number): Promise<FileEntry | undefined> {
    if (!grammarOfFile(file) && !isClaimable(file)) return undefined;
    const outside = outsideTarget(this.root, file);
    if (outside !== undefined) {
      this.log(`overlay: skipped '${file}': links outside the repository (to '${outside}')`);
      return deletedEntry(seq);
    }
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(path.join(this.root, file));
    } catch (err) {
      // Gone between the event and the read: an unlink event follows.
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return deletedEntry(seq);
      this.log(`overlay: could not read '${file}': ${String(err)}`);
      return undefined;
    }
    const binary = binaryReason(bytes);
    if (binary) {
      // Binary now: whatever it answered as source is gone.
      this.log(`overlay: skipped '${file}': ${binary}`);
      return deletedEntry(seq);
    }
    if (bytes.length > MAX_FILE_BYTES) {
      this.log(`overlay: '${file}' is too large; it keeps its last precise results`);
      return undefined;
    }
    const text = new TextDecoder('utf-8').decode(bytes);
    const grammar = this.grammarOf(file, text);
    if (!grammar) return undefined;
    const tree = await parseSource(grammar, text);
    try {
      const byName = new Map<string, SyntacticOccurrence[]>();
      for (const o of extractOccurrences(tree, grammar)) {
        const key = o.name.toLowerCase();
        const list = byName.get(key);
        if (list) list.push(o);
        else byName.set(key, [o]);
      }
      const lines = text.split(/\r?\n/);
      // As in the precise index: names in doc comments that the file's code names too.
      if (DOC_COMMENT_GRAMMARS.has(grammar)) {
        for (const r of docReferences(lines)) {
          const list = byName.get(r.name.toLowerCase());
          if (!list) continue;
          list.push({
            name: r.name,
            line: r.line + 1,
            column: r.col + 1,
            end_line: r.line + 1,
            end_column: r.endCol + 1,
            is_definition: false,
            is_call: false,
            containing_symbol: null,
            use: 'doc',
          });
          list.sort((a, b) => a.line - b.line || a.column - b.column);
        }
      }
      return { seq, deleted: false, byName, lines };
    } finally {
      tree.delete();
    }
  }
}

const hitOf = (file: string, entry: FileEntry, occurrence: SyntacticOccurrence): OverlayHit => ({
  file,
  occurrence,
  context: (entry.lines[occurrence.line - 1] ?? '').trim().slice(0, MAX_CONTEXT),
});

const byPosition = (a: OverlayHit, b: OverlayHit): number =>
  a.file < b.file ? -1 : a.file > b.file ? 1 : a.occurrence.line - b.occurrence.line || a.occurrence.column - b.occurrence.column;

/** `method` for `Class.method`: the name a definition is looked up by. */
export const lastSegment = (container: string): string => container.slice(container.lastIndexOf('.') + 1);

const deletedEntry = (seq: number): FileEntry => ({ seq, deleted: true, byName: new Map(), lines: [] });
