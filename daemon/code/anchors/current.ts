// An anchored definition found again in the index as it is now.
import type { AnchorKey, CodeDefinition } from '../../protocol/anchors';
import type { CodeStore } from '../store/store';
import type { Caches } from './caches';
import { fileDefinition, globalSymbol, own, symbolDefinition, uniqueDefinitions } from './definitions';
import { libraryNow } from './library';

/**
 * Where an anchored definition is now. The same symbol id first; else, of
 * the symbols of that name, the one with the same text (moved), else the one
 * in the same file (edited in place), else the only one. Several candidates
 * and none of these: null, since picking one would be a guess.
 */
export function currentDefinition(c: Caches, store: CodeStore, repo: string, key: AnchorKey): CodeDefinition | null {
  // A file git renamed after the session is looked for where it was when anchored first.
  if (key.kind === 'file')
    return (
      (key.found_file !== undefined ? fileDefinition(c, store, repo, key.found_file, 1) : undefined) ?? fileDefinition(c, store, repo, key.file, 1) ?? null
    );
  // A library's symbol the repo used: used still (at that version or another), or not any more.
  if (key.library !== undefined) return key.symbol !== undefined && key.name !== undefined ? libraryNow(store, key.symbol, key.name) : null;
  if (key.symbol !== undefined) {
    const same = globalSymbol(store, key.symbol);
    const d = same ? symbolDefinition(c, store, repo, same) : undefined;
    if (d) return d;
  }
  if (key.name === undefined) return null;
  const defs = uniqueDefinitions(
    c,
    store,
    repo,
    own(store.symbolsNamed(key.name)).filter((s) => s.name === key.name),
  );
  return defs.find((d) => d.hash === key.hash) ?? defs.find((d) => d.file === key.file) ?? (defs.length === 1 ? defs[0]! : null);
}
