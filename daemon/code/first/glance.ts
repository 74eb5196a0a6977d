// The answer to one name query while a repo's first index is still being
// read: only the files whose text names it, parsed by tree-sitter into an
// overlay over an empty index, so a repo of any size answers in about the
// time it takes to read it once. Nothing is resolved across files: every
// occurrence is syntactic, grouped by name.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { grammarOfFile, listSources, type GrammarId } from '../languages';
import { Overlay, parserFor, type OverlayHit, type OverlayView } from '../overlay';

const PARALLEL = 16;
/** At most this many files are parsed for one answer: a name more common is answered from the first of them, and says so. */
export const MAX_GLANCE_FILES = 200;
/**
 * Parsing stops starting new files after this long: tree-sitter parses on the
 * daemon's thread, and on a 300k-line repo the 193 files naming a common
 * class took 6 s on two busy cores (one 27k-line .d.ts alone 0.4-0.8 s).
 * The files declaring the name come first, smallest first, and the first of
 * them is always parsed; then the others, smallest first. The answer says
 * how many of the files naming it it read.
 */
export const GLANCE_PARSE_BUDGET_MS = 800;
/** Tree-sitter's pace before any file is parsed, characters per ms (measured here: 1-2.5k for TypeScript on a busy machine). */
const ASSUMED_CHARS_PER_MS = 1500;

export interface Glance {
  overlay: Overlay;
  /** Files parsed for the answer. */
  read: number;
  /** Files whose text names it. */
  naming: number;
}

/** The name a compound asks about: `Observable.subscribe` -> `subscribe`. */
export const tailOf = (name: string): string =>
  name
    .split(/::|->|[.#\\/]/)
    .filter(Boolean)
    .pop() ?? name;

/**
 * An overlay of the files naming `name` (its tail): those declaring it first,
 * then the others by path, as many as `budgetMs` of parsing allows (at most
 * MAX_GLANCE_FILES).
 */
export async function glance(repo: string, name: string, log: (line: string) => void, budgetMs = GLANCE_PARSE_BUDGET_MS): Promise<Glance> {
  const tail = tailOf(name);
  const escaped = tail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(escaped, 'i');
  // A declaration by keyword, in any of the registered languages' spellings; a guess that only orders the files.
  const declaring = new RegExp(`\\b(?:class|interface|type|enum|function|def|fn|func|struct|trait|module|namespace|const|let|var)\\s+${escaped}\\b`);
  const files = listSources(repo);
  const naming: Array<{ file: string; size: number; declares: boolean }> = [];
  const grammars = new Map<GrammarId, Promise<unknown>>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      try {
        const text = await fs.readFile(path.join(repo, file), 'utf8');
        if (!pattern.test(text)) continue;
        naming.push({ file, size: text.length, declares: declaring.test(text) });
        // Its grammar loads (WASM, ~0.2 s the first time) while the other files are read.
        const grammar = grammarOfFile(file);
        if (grammar && !grammars.has(grammar))
          grammars.set(
            grammar,
            parserFor(grammar).catch(() => undefined),
          );
      } catch {
        // Unreadable: the first index will say why.
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const bySize = (a: { file: string; size: number }, b: { file: string; size: number }): number => a.size - b.size || (a.file < b.file ? -1 : 1);
  const order = [...naming.filter((n) => n.declares).sort(bySize), ...naming.filter((n) => !n.declares).sort(bySize)].slice(0, MAX_GLANCE_FILES);
  const overlay = new Overlay(repo, log);
  await Promise.all(grammars.values());
  // Parsed one at a time (a parse holds the thread anyway); a file starts only if it fits the budget at the rate seen so far.
  const started = performance.now();
  let parsedChars = 0;
  let taken = 0;
  for (const n of order) {
    const spent = performance.now() - started;
    const rate = spent > 20 ? parsedChars / spent : ASSUMED_CHARS_PER_MS;
    if (taken > 0 && spent + n.size / rate > budgetMs) continue;
    await overlay.update(n.file, false);
    parsedChars += n.size;
    taken++;
  }
  return { overlay, read: taken, naming: naming.length };
}

/** The overlay as a query sees it, with names matched as the index matches them: exactly, ignoring case only when nothing has this spelling. */
export function exactFirst(overlay: OverlayView): OverlayView {
  const exact = (name: string, hits: OverlayHit[]): OverlayHit[] => {
    const same = hits.filter((h) => h.occurrence.name === name);
    return same.length > 0 ? same : hits;
  };
  return { has: (f) => overlay.has(f), hits: (n) => exact(n, overlay.hits(n)), within: (n) => exact(n, overlay.within(n)) };
}
