// An anchor's state now: fresh (unchanged), drifted (moved: same text at
// another file or line; changed: the text differs), or gone. A drifted or gone
// anchor is never shown as current: its answer carries where the code is now.
import { driftLabel, type CodeLookup } from '../../protocol/anchors';
import type { AnchorKeyRow } from '../store/anchors';

/** A library's symbol (`library` set): file and line are the repo's first use of it now, and it drifts only when its version changes. */
export type AnchorState =
  | { state: 'fresh'; file: string; line: number; library?: string }
  | { state: 'drifted'; how: 'moved' | 'changed' | 'version'; file: string; line: number; library?: string }
  | { state: 'gone' }
  | { state: 'unknown'; why: 'no-index' };

export function stateOf(lookup: CodeLookup | undefined, a: AnchorKeyRow): AnchorState {
  if (!lookup) return { state: 'unknown', why: 'no-index' };
  const now = lookup.current(a.repo, {
    kind: a.kind,
    file: a.file,
    hash: a.def_hash,
    ...(a.symbol !== null ? { symbol: a.symbol } : {}),
    ...(a.name !== null ? { name: a.name } : {}),
    ...(a.qualified_name !== null ? { qualified_name: a.qualified_name } : {}),
    ...(a.found_file !== null ? { found_file: a.found_file } : {}),
    ...(a.library !== null ? { library: a.library } : {}),
  });
  if (now === 'no-index') return { state: 'unknown', why: 'no-index' };
  if (now === null) return { state: 'gone' };
  if (now.library !== undefined) {
    const lib = { file: now.file, line: now.line, library: now.library };
    return now.hash === a.def_hash ? { state: 'fresh', ...lib } : { state: 'drifted', how: 'version', ...lib };
  }
  if (now.hash !== a.def_hash) return { state: 'drifted', how: 'changed', file: now.file, line: now.line };
  // A file anchor keeps its mentioned line: its path and text say whether it changed.
  if (now.file !== a.file || (a.kind === 'symbol' && now.line !== a.line))
    return { state: 'drifted', how: 'moved', file: now.file, line: a.kind === 'file' ? a.line : now.line };
  return { state: 'fresh', file: now.file, line: a.kind === 'file' ? a.line : now.line };
}

/** Where it is now: `src/orders.ts:12`, or a library's `react 18.3.1 (used at src/app.tsx:3)`. */
export const whereNow = (s: { file: string; line: number; library?: string }): string =>
  s.library !== undefined ? `${s.library} (used at ${s.file}:${s.line})` : `${s.file}:${s.line}`;

/** A few bytes: `fresh src/orders.ts:12`, `drifted (changed) src/orders.ts:14`, `gone`. */
export function stateLabel(s: AnchorState): string {
  switch (s.state) {
    case 'fresh':
      return `fresh ${whereNow(s)}`;
    case 'drifted':
      return `drifted (${driftLabel(s.how)}) now ${whereNow(s)}`;
    case 'gone':
      return 'gone';
    case 'unknown':
      return 'state unknown (repo not indexed)';
  }
}
