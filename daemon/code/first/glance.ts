// The answer to one name query while a repo's first index is still being
// read: only the files whose text names it, parsed by tree-sitter into an
// overlay over an empty index, so a repo of any size answers in about the
// time it takes to read it once. Nothing is resolved across files: every
// occurrence is syntactic, grouped by name.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { listSources } from '../languages';
import { Overlay, type OverlayHit, type OverlayView } from '../overlay';

const PARALLEL = 16;
/** At most this many files are parsed for one answer: a name more common is answered from the first of them, and says so. */
export const MAX_GLANCE_FILES = 200;

export interface Glance {
  overlay: Overlay;
  /** Files parsed for the answer. */
  read: number;
  /** Files whose text names it. */
  naming: number;
}

/** The name a compound asks about: `Observable.subscribe` -> `subscribe`. */
export const tailOf = (name: string): string => name.split(/::|->|[.#\\/]/).filter(Boolean).pop() ?? name;

/** An overlay of the files naming `name` (its tail), the first MAX_GLANCE_FILES of them by path. */
export async function glance(repo: string, name: string, log: (line: string) => void): Promise<Glance> {
  const tail = tailOf(name);
  const pattern = new RegExp(tail.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  const files = listSources(repo);
  const naming: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      try {
        if (pattern.test(await fs.readFile(path.join(repo, file), 'utf8'))) naming.push(file);
      } catch {
        // Unreadable: the first index will say why.
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const read = naming.sort().slice(0, MAX_GLANCE_FILES);
  const overlay = new Overlay(repo, log);
  await Promise.all(read.map((f) => overlay.update(f, false)));
  return { overlay, read: read.length, naming: naming.length };
}

/** The overlay as a query sees it, with names matched as the index matches them: exactly, ignoring case only when nothing has this spelling. */
export function exactFirst(overlay: OverlayView): OverlayView {
  const exact = (name: string, hits: OverlayHit[]): OverlayHit[] => {
    const same = hits.filter((h) => h.occurrence.name === name);
    return same.length > 0 ? same : hits;
  };
  return { has: (f) => overlay.has(f), hits: (n) => exact(n, overlay.hits(n)), within: (n) => exact(n, overlay.within(n)) };
}
