// Enclosing ranges for a precise indexer that emits none (scip-go, scip-php): every
// definition's extent from tree-sitter, keyed by where its name starts, so
// containing symbols, callers and callees work on the precise index too.
import type { Document } from '../scip/decode';
import type { LanguageId } from '../languages';
import type { FileFacts, Range } from './facts';
import { filesOf } from './files';
import { readFacts } from './index';
import type { SyntacticReader } from './reader';

export type Extents = Map<string, Map<string, Range>>;

const at = (line: number, col: number): string => `${line}:${col}`;

export async function definitionExtents(repo: string, language: LanguageId, reader: SyntacticReader, signal?: AbortSignal): Promise<Extents> {
  const out: Extents = new Map();
  for (const file of filesOf(repo, language, reader.ignored)) {
    signal?.throwIfAborted();
    const r = await readFacts(repo, file, language, reader);
    if ('facts' in r) addFileExtents(out, r.facts);
  }
  return out;
}

/** The extents of facts already read. */
export function extentsOf(files: readonly FileFacts[]): Extents {
  const out: Extents = new Map();
  for (const f of files) addFileExtents(out, f);
  return out;
}

function addFileExtents(out: Extents, facts: FileFacts): void {
  const byStart = new Map<string, Range>();
  for (const d of facts.definitions) if (!d.phantom) byStart.set(at(d.range[0], d.range[1]), d.extent);
  out.set(facts.path, byStart);
}

/** Gives each definition without an enclosing range the extent tree-sitter found at its name. */
export function addExtents(doc: Document, extents: Extents): number {
  const byStart = extents.get(doc.relativePath.split('\\').join('/'));
  if (!byStart) return 0;
  let added = 0;
  for (const o of doc.occurrences) {
    if ((o.symbolRoles & 1) === 0 || o.enclosingRange.length > 0) continue;
    const e = byStart.get(at(o.range[0]!, o.range[1]!));
    if (e) {
      o.enclosingRange = [...e];
      added++;
    }
  }
  return added;
}
