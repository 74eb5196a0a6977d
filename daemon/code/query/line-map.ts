// Where a line of a file as it was at a commit is in the working tree now,
// read from `git diff -U0 COMMIT -- FILE` (the commit against the working
// tree): a session wrote `orders.ts:42` about the file it saw, and the file
// may have moved on since. A line outside every hunk kept its text and moved
// by what the hunks above it added or removed; a line inside a hunk was
// edited or deleted, and only the unchanged lines around the hunk say where
// it was.
import { execFileSync } from 'node:child_process';

/** `exact`: the same text at this line now. `between`: edited or deleted since; the unchanged lines around it are now at `before` and `after` (0 when the hunk starts the file). */
export type LineNow = { exact: number } | { between: readonly [number, number] };

interface Hunk {
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
    if (m) out.push({ oldStart: Number(m[1]), oldCount: m[2] === undefined ? 1 : Number(m[2]), newStart: Number(m[3]), newCount: m[4] === undefined ? 1 : Number(m[4]) });
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

/** Diffs read lately: anchoring asks about the same few files of one commit. */
const DIFFS = new Map<string, Hunk[] | null>();
const DIFFS_KEPT = 128;

/**
 * Where `line` of `file` at `commit` is in the working tree, or undefined
 * when git cannot say (no git, an unknown commit, a file the commit did not
 * have): the caller then reads the line as it is now.
 */
export function lineNow(repo: string, commit: string, file: string, line: number): LineNow | undefined {
  const key = `${repo}\0${commit}\0${file}`;
  let hunks = DIFFS.get(key);
  if (hunks === undefined) {
    hunks = readHunks(repo, commit, file);
    if (DIFFS.size >= DIFFS_KEPT) DIFFS.delete(DIFFS.keys().next().value!);
    DIFFS.set(key, hunks);
  }
  return hunks === null ? undefined : mapLine(hunks, line);
}

function readHunks(repo: string, commit: string, file: string): Hunk[] | null {
  if (!/^[0-9a-f]{7,64}$/i.test(commit)) return null;
  const git = (args: string[]): string => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', timeout: 5_000, maxBuffer: 16 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    // A file the commit did not have: its lines then are not these.
    git(['cat-file', '-e', `${commit}:${file}`]);
    return parseHunks(git(['diff', '-U0', '--no-color', '--no-ext-diff', '--no-renames', commit, '--', file]));
  } catch {
    return null;
  }
}
