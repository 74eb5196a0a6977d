// Combines the precise answer with the overlay: occurrences in overlaid files
// come from the overlay only (marked syntactic), all others from the store.
// An overlay hit joins the store symbol it most likely is, by name: the symbol
// that file referred to before the change, else the only symbol with the name;
// otherwise it goes to one match of its own, `syntactic <name>`.
import * as path from 'node:path';
import type { Occurrence, SymbolMatch } from '../../protocol';
import type { OverlayHit } from './overlay';

export interface OverlayView {
  has(file: string): boolean;
  hits(name: string): OverlayHit[];
}

export function mergeOverlay(name: string, matches: SymbolMatch[], overlay: OverlayView, definitionsOnly: boolean): SymbolMatch[] {
  const hits = overlay.hits(name).filter((h) => !definitionsOnly || h.occurrence.is_definition);
  // Which store symbols each overlaid file used to mention (before dropping them).
  const previously = new Map<string, Set<SymbolMatch>>();
  const merged: SymbolMatch[] = matches.map((m) => {
    const kept: Occurrence[] = [];
    for (const o of m.occurrences) {
      if (!overlay.has(o.file)) kept.push(o);
      else {
        let set = previously.get(o.file);
        if (!set) previously.set(o.file, (set = new Set()));
        set.add(m);
      }
    }
    return { ...m, occurrences: kept };
  });
  const byOriginal = new Map(matches.map((m, i) => [m, merged[i]!]));
  let syntactic: SymbolMatch | undefined;
  for (const hit of hits) {
    const before = previously.get(hit.file);
    let target: SymbolMatch | undefined;
    if (before?.size === 1) target = byOriginal.get([...before][0]!);
    else if (matches.length === 1) target = merged[0];
    if (!target) {
      syntactic ??= { symbol_id: `syntactic ${hit.occurrence.name}`, display_name: hit.occurrence.name, kind: 'unknown', occurrences: [] };
      target = syntactic;
    }
    if (target === syntactic && hit.occurrence.kind && target.kind === 'unknown') target.kind = hit.occurrence.kind;
    target.occurrences.push(toOccurrence(hit));
  }
  if (syntactic) merged.push(syntactic);
  return merged.filter((m) => m.occurrences.length > 0);
}

function toOccurrence(hit: OverlayHit): Occurrence {
  const o = hit.occurrence;
  return {
    file: hit.file,
    line: o.line,
    column: o.column,
    end_line: o.end_line,
    end_column: o.end_column,
    context: hit.context,
    // Top-level code belongs to its file, as in the precise index.
    containing_symbol: o.containing_symbol ?? path.posix.basename(hit.file),
    is_definition: o.is_definition,
    is_call: o.is_call,
    ...(o.use ? { use: o.use } : {}),
    precision: 'syntactic',
  };
}
