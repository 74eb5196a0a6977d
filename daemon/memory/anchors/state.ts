// An anchor's state now: fresh (unchanged), drifted (moved: same text at
// another file or line; changed: the text differs), or gone. A drifted or gone
// anchor is never shown as current: its answer carries where the code is now.
import type { CodeLookup } from '../../protocol/anchors';
import type { AnchorRow } from '../store/anchors';

export type AnchorState =
  | { state: 'fresh'; file: string; line: number }
  | { state: 'drifted'; how: 'moved' | 'changed'; file: string; line: number }
  | { state: 'gone' }
  | { state: 'unknown'; why: 'no-index' };

export function stateOf(lookup: CodeLookup | undefined, a: AnchorRow): AnchorState {
  if (!lookup) return { state: 'unknown', why: 'no-index' };
  const now = lookup.current(a.repo, {
    kind: a.kind,
    file: a.file,
    hash: a.def_hash,
    ...(a.symbol !== null ? { symbol: a.symbol } : {}),
    ...(a.name !== null ? { name: a.name } : {}),
    ...(a.qualified_name !== null ? { qualified_name: a.qualified_name } : {}),
    ...(a.found_file !== null ? { found_file: a.found_file } : {}),
  });
  if (now === 'no-index') return { state: 'unknown', why: 'no-index' };
  if (now === null) return { state: 'gone' };
  if (now.hash !== a.def_hash) return { state: 'drifted', how: 'changed', file: now.file, line: now.line };
  // A file anchor keeps its mentioned line: its path and text say whether it changed.
  if (now.file !== a.file || (a.kind === 'symbol' && now.line !== a.line)) return { state: 'drifted', how: 'moved', file: now.file, line: a.kind === 'file' ? a.line : now.line };
  return { state: 'fresh', file: now.file, line: a.kind === 'file' ? a.line : now.line };
}

/** A few bytes: `fresh src/orders.ts:12`, `drifted (changed) src/orders.ts:14`, `gone`. */
export function stateLabel(s: AnchorState): string {
  switch (s.state) {
    case 'fresh':
      return `fresh ${s.file}:${s.line}`;
    case 'drifted':
      return `drifted (${s.how === 'moved' ? 'moved' : 'body changed'}) now ${s.file}:${s.line}`;
    case 'gone':
      return 'gone';
    case 'unknown':
      return 'state unknown (repo not indexed)';
  }
}
