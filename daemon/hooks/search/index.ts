// What a shell command searches for, in the terms Scry can answer: a code
// symbol (a grep, rg, ugrep, ag, ack or git grep for one name, not a filter
// over a pipe, not inverted) or a source file by name (find -name with no
// wildcard). Everything else is no candidate, and the hook says nothing. The
// index decides afterwards whether the name is one of the repo's symbols.
import { intentOf, type FindIntent, type GrepIntent } from './intent';
import { symbolInPattern, type NamedSymbol } from './pattern';
import { simpleCommands } from './shell';

export { simpleCommands } from './shell';
export { intentOf, type FindIntent, type GrepIntent, type Intent } from './intent';
export { symbolInPattern, type NamedSymbol } from './pattern';
export { FILE_TYPES } from './tools';

/** The variable that makes the hook leave a search alone (`SCRY_GREP=1 grep …`): the way to a plain text search in replace mode. */
export const PASS_THROUGH_ENV = 'SCRY_GREP';

export type Candidate = { kind: 'symbol'; symbol: NamedSymbol; search: GrepIntent } | { kind: 'file'; name: string; search: FindIntent };

export function candidatesIn(command: string, cwd: string): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  let searches = 0;
  for (const c of simpleCommands(command, cwd)) {
    if (PASS_THROUGH_ENV in c.env || c.piped) continue;
    for (const intent of intentOf(c)) {
      // A find that only lists files (for xargs, or by a glob) is no search of its own.
      if (intent.kind === 'grep' || intent.names.some((n) => !GLOB.test(n))) searches++;
      const cand = candidateOf(intent);
      if (!cand) continue;
      const key = cand.kind === 'symbol' ? `s:${cand.symbol.qualified ?? cand.symbol.name}` : `f:${cand.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(cand);
    }
  }
  // One search for one name: a command running several searches is a script, not a lookup.
  return out.length === 1 && searches === 1 ? out : [];
}

const GLOB = /[*?[\]{}]/;

function candidateOf(intent: GrepIntent | FindIntent): Candidate | undefined {
  if (intent.kind === 'find') {
    if (intent.names.length !== 1 || GLOB.test(intent.names[0]!) || !intent.names[0]!.includes('.')) return undefined;
    return { kind: 'file', name: intent.names[0]!, search: intent };
  }
  if (intent.notASearch || intent.dynamic || intent.patterns.length !== 1) return undefined;
  const symbol = symbolInPattern(intent.patterns[0]!, { fixed: intent.fixed, word: intent.word });
  return symbol ? { kind: 'symbol', symbol, search: intent } : undefined;
}
