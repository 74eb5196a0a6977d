// Assigns each occurrence to the innermost definition whose enclosing range
// contains it: intervals sorted by start, swept once with a stack, so a file
// with n occurrences and m definitions costs O((n + m) log(n + m)).

export interface Interval {
  startLine: number;
  startCol: number;
  endLine: number;
  endCol: number;
  id: number;
}

const key = (line: number, col: number): number => line * 0x100000 + Math.min(col, 0xfffff);

/**
 * @param ranges occurrence ranges [startLine, startCol, endLine, endCol], 0-based
 * @param ownIds the symbol id of each occurrence (a definition never contains itself)
 * @returns per occurrence, the containing definition's symbol id or undefined
 */
export function containingDefinitions(
  ranges: ReadonlyArray<readonly [number, number, number, number]>,
  ownIds: readonly number[],
  intervals: Interval[],
): Array<number | undefined> {
  const out: Array<number | undefined> = new Array<number | undefined>(ranges.length).fill(undefined);
  if (intervals.length === 0) return out;
  const iv = intervals
    .map((i) => ({ start: key(i.startLine, i.startCol), end: key(i.endLine, i.endCol), id: i.id }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const order = ranges.map((_, i) => i).sort((a, b) => key(ranges[a]![0], ranges[a]![1]) - key(ranges[b]![0], ranges[b]![1]));
  const stack: typeof iv = [];
  let next = 0;
  for (const i of order) {
    const pos = key(ranges[i]![0], ranges[i]![1]);
    while (next < iv.length && iv[next]!.start <= pos) {
      const incoming = iv[next++]!;
      while (stack.length > 0 && stack[stack.length - 1]!.end < incoming.start) stack.pop();
      stack.push(incoming);
    }
    while (stack.length > 0 && stack[stack.length - 1]!.end < pos) stack.pop();
    for (let s = stack.length - 1; s >= 0; s--) {
      const candidate = stack[s]!;
      if (candidate.end < pos) continue;
      if (candidate.id === ownIds[i]) continue;
      out[i] = candidate.id;
      break;
    }
  }
  return out;
}
