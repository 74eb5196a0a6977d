// Where a line of a file as it was at a commit is in the working tree now,
// and the way back, read from `git diff -U0 COMMIT -- FILE` (the commit
// against the working tree): a session wrote `orders.ts:42` about the file it
// saw, and the file may have moved on since. A line outside every hunk kept
// its text and moved by what the hunks above it added or removed; a line
// inside a hunk was edited or deleted, and only the unchanged lines around
// the hunk say where it was. The diffs are read ahead, off the event loop, by
// their user (code/anchors/git-since.ts); these functions only compute.

/** `exact`: the same text at this line now. `between`: edited or deleted since; the unchanged lines around it are now at `before` and `after` (0 when the hunk starts the file). */
export type LineNow = { exact: number } | { between: readonly [number, number] };

export interface Hunk {
  /** First old line of the hunk and how many old lines it replaced (a pure addition has count 0 and sits after `start`). */
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

export function parseHunks(diff: string): Hunk[] {
  const out: Hunk[] = [];
  for (const line of diff.split('\n')) {
    const m = HUNK.exec(line);
    if (m)
      out.push({
        oldStart: Number(m[1]),
        oldCount: m[2] === undefined ? 1 : Number(m[2]),
        newStart: Number(m[3]),
        newCount: m[4] === undefined ? 1 : Number(m[4]),
      });
  }
  return out;
}

/** The line's place now, given the hunks of the diff from its version to now (in order, as git prints them). */
export function mapLine(hunks: readonly Hunk[], line: number): LineNow {
  let shift = 0;
  for (const h of hunks) {
    // A pure addition after old line `oldStart` moves only the lines below it.
    const first = h.oldCount === 0 ? h.oldStart + 1 : h.oldStart;
    if (line < first) break;
    if (h.oldCount > 0 && line < h.oldStart + h.oldCount) {
      const before = h.newCount === 0 ? h.newStart : h.newStart - 1;
      return { between: [before, before + h.newCount + 1] };
    }
    shift += h.newCount - h.oldCount;
  }
  return { exact: line + shift };
}

/** Lines [from, to] of the file now, as they were at the commit: where they were, and whether any hunk added, edited or removed a line inside them. */
export interface ExtentThen {
  from: number;
  to: number;
  touched: boolean;
  /** Every line of it was added since: the commit's file did not have it. */
  added: boolean;
}

/** A line of the file now, at the commit: the old line it was (`old`), or the hunk that added or edited it. */
function lineBack(hunks: readonly Hunk[], line: number): { old: number } | { hunk: Hunk } {
  let shift = 0;
  for (const h of hunks) {
    if (h.newCount > 0 && line >= h.newStart && line < h.newStart + h.newCount) return { hunk: h };
    // A hunk above the line: its last new line is above (a pure deletion sits after new line newStart).
    const above = h.newCount === 0 ? h.newStart < line : h.newStart + h.newCount - 1 < line;
    if (!above) break;
    shift += h.newCount - h.oldCount;
  }
  return { old: line - shift };
}

/** The way back: where the lines [from, to] of the file now were at the commit, and whether a hunk touched them. */
export function mapExtentBack(hunks: readonly Hunk[], from: number, to: number): ExtentThen {
  let touched = false;
  let added = 0;
  for (const h of hunks) {
    if (h.newCount === 0) {
      if (h.newStart >= from && h.newStart < to) touched = true;
      continue;
    }
    const lo = Math.max(from, h.newStart);
    const hi = Math.min(to, h.newStart + h.newCount - 1);
    if (lo <= hi) {
      touched = true;
      added += hi - lo + 1;
    }
  }
  const a = lineBack(hunks, from);
  const b = lineBack(hunks, to);
  // An edge inside a hunk: the hunk's old lines are where it was (a pure addition: the old lines around it).
  const oldFrom = 'old' in a ? a.old : a.hunk.oldCount > 0 ? a.hunk.oldStart : a.hunk.oldStart + 1;
  const oldTo = 'old' in b ? b.old : b.hunk.oldCount === 0 ? b.hunk.oldStart : b.hunk.oldStart + b.hunk.oldCount - 1;
  return { from: oldFrom, to: Math.max(oldFrom, oldTo), touched, added: added >= to - from + 1 };
}
