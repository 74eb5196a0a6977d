// Combines the precise answer with the overlay: occurrences in overlaid files
// come from the overlay only (marked syntactic), all others from the store.
// An overlay hit joins the store symbol it most likely is, by name: the symbol
// that file referred to before the change, else the only symbol with the name;
// otherwise it goes to one match of its own, `syntactic <name>`.
import * as path from 'node:path';
import type { Occurrence, SymbolMatch } from '../../protocol';
import { lastSegment, type OverlayHit } from './overlay';

/** A precise symbol an overlay group can join. */
export interface KnownSymbol {
  symbol_id: string;
  display_name: string;
  qualified_name: string;
  kind: string;
}

export interface OverlayView {
  has(file: string): boolean;
  hits(name: string): OverlayHit[];
  within(name: string): OverlayHit[];
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

/**
 * callers and callees with the overlay. Their groups (a caller, a callee,
 * with its call sites) lose the call sites in overlaid files; the overlay's
 * own sites are grouped the same way (callers: by the definition they sit
 * in; callees: by the name called) and join the precise group of that name
 * when there is exactly one, else the precise index's only symbol of that
 * name (`known`), else a group of their own, `syntactic <name>`.
 */
export function mergeOverlayGroups(
  name: string,
  groups: SymbolMatch[],
  overlay: OverlayView,
  how: { callees: boolean; allRefs: boolean; known?: (name: string) => KnownSymbol | undefined },
): SymbolMatch[] {
  const sites = (how.callees ? overlay.within(name) : overlay.hits(name)).filter((h) => !h.occurrence.is_definition && (how.allRefs || h.occurrence.is_call));
  const merged = groups.map((g) => ({ ...g, occurrences: g.occurrences.filter((o) => !overlay.has(o.file)) }));
  const byName = new Map<string, SymbolMatch[]>();
  for (const g of merged) byName.set(g.display_name, [...(byName.get(g.display_name) ?? []), g]);
  const own = new Map<string, SymbolMatch>();
  for (const site of sites) {
    const { group, qualified } = how.callees ? calleeOf(site) : callerOf(site, overlay);
    const same = byName.get(group.display_name);
    let target = same?.length === 1 ? same[0]! : own.get(group.symbol_id);
    if (!target) {
      // A caller is that definition only when the qualified names agree (`Svc.fresh`, not any `fresh`).
      const known = group.kind === 'file' ? undefined : how.known?.(group.display_name);
      const joins = known && (qualified === undefined || known.qualified_name === qualified);
      target = joins ? { symbol_id: known.symbol_id, display_name: known.display_name, kind: known.kind, occurrences: [] } : group;
      own.set(group.symbol_id, target);
    }
    target.occurrences.push(toOccurrence(site));
  }
  return [...merged, ...own.values()].filter((g) => g.occurrences.length > 0);
}

/** A site's group, and the qualified name a precise symbol must have to stand for it (none: any of the name). */
interface SiteGroup {
  group: SymbolMatch;
  qualified?: string;
}

/** The definition a call site sits in, or its file for top-level code (as in the precise index); its kind from the overlay's definition of it. */
function callerOf(site: OverlayHit, overlay: OverlayView): SiteGroup {
  const container = site.occurrence.containing_symbol;
  if (container === null) return { group: { symbol_id: `file ${site.file}`, display_name: site.file, kind: 'file', occurrences: [] } };
  const name = lastSegment(container);
  const def = overlay.hits(name).find((h) => h.file === site.file && h.occurrence.is_definition);
  return { group: { symbol_id: `syntactic ${container}`, display_name: name, kind: def?.occurrence.kind ?? 'unknown', occurrences: [] }, qualified: container };
}

function calleeOf(site: OverlayHit): SiteGroup {
  return {
    group: { symbol_id: `syntactic ${site.occurrence.name}`, display_name: site.occurrence.name, kind: site.occurrence.kind ?? 'unknown', occurrences: [] },
  };
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
