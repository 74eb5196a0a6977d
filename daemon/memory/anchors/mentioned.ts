// What an episode's anchored mentions are now, a few bytes each: the form
// episodes and orientation show beside a session (`processOrder fresh
// src/orders.ts:7`, `charge drifted (moved) now src/billing.ts:3`, `retry gone`).
// Each mention once, in text order; states are computed once per definition.
import type { CodeLookup } from '../../protocol/anchors';
import type { MemoryStore } from '../store';
import type { AnchorRow } from '../store/anchors';
import { stateLabel, stateOf, type AnchorState } from './state';

export interface CodeMention {
  mention: string;
  state: string;
}

/** The anchored mentions of an episode with their state now, at most `limit`, symbols before files (a file is the coarser anchor). */
export function codeOfEpisode(store: MemoryStore, lookup: CodeLookup | undefined, seq: number, limit: number): CodeMention[] {
  if (limit <= 0) return [];
  const seen = new Set<string>();
  const rows = store.anchors.ofEpisode(seq).filter((a) => !seen.has(a.mention) && seen.add(a.mention) !== undefined);
  rows.sort((a, b) => (a.kind === b.kind ? a.offset - b.offset : a.kind === 'symbol' ? -1 : 1));
  const states = new Map<string, AnchorState>();
  return rows.slice(0, limit).map((a) => {
    const key = `${a.kind}\0${a.symbol ?? ''}\0${a.name ?? ''}\0${a.file}\0${a.def_hash}`;
    let s = states.get(key);
    if (!s) states.set(key, (s = stateOf(lookup, a)));
    return { mention: shownMention(a), state: stateLabel(s) };
  });
}

/** `src/orders.ts:7 (processOrder)`: a line mention anchored to the definition around it says which. */
export function shownMention(a: Pick<AnchorRow, 'kind' | 'mention' | 'name' | 'qualified_name'>): string {
  const name = a.qualified_name ?? a.name;
  return a.kind === 'symbol' && name !== null && /:\d+(?::\d+)?$/.test(a.mention) ? `${a.mention} (${name})` : a.mention;
}

/** `processOrder fresh src/orders.ts:7; retry gone`: the compact form, one line. */
export function codeLine(code: readonly CodeMention[]): string {
  return code.map((c) => `${c.mention} ${c.state}`).join('; ');
}
