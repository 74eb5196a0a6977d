// Issue 37's substance check, printed by the real-recall bench: every real
// transcript the question sets ask about ingested into one store, the
// passages that recurrence made noise (stored, never searched or shown) and
// those indexed without some boilerplate lines, counted now; beside them the
// hand-checked sample committed in
// test/fixtures/memory/real-recall/boilerplate-check.json (50 drawn with a
// fixed seed, or all when fewer), and the passages recall37b's re-cut made
// noise that are not made of lines of those, read by hand in
// boilerplate-check-recut.json; how many of the passages drawn now were read
// (themselves, or every line inside a read one) and how many as substance.
// test/memory/recall/boilerplate.test.ts holds the same.
import { boilerplateCount, labelOf, readLabels } from '../memory/recall/boilerplate-sample';
import { table } from './stats';
import { record } from './summary';

export async function printSubstanceCheck(): Promise<void> {
  const labels = readLabels();
  const now = await boilerplateCount();
  const read = now.sample.map((p) => labelOf(p, labels));
  const unread = read.filter((l) => l === undefined).length;
  const substance = read.filter((l) => l?.substance).length;
  const kinds = new Map<string, number>();
  for (const l of read) if (l) kinds.set(l.what, (kinds.get(l.what) ?? 0) + 1);
  table(
    'substance check (issue 37): passages recurrence drops on the real fixtures, and the hand-checked sample',
    ['what', 'now', 'first hand check'],
    [
      ['passages stored', now.passages, labels.first.passages],
      ['noise (all boilerplate: never searched or shown)', now.noise, labels.first.noise],
      ['indexed without some boilerplate lines', now.trimmed, labels.first.trimmed],
      ['sample drawn (50, or all when fewer)', now.sample.length, labels.first.sample.length],
      ['  read by hand (itself, or all its lines in a read one)', now.sample.length - unread, labels.first.sample.length],
      ['  of which substance', substance, labels.first.sample.filter((s) => s.substance).length],
    ],
  );
  for (const [what, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${n} x ${what}`);
  record({
    figure: 'boilerplate dropped: substance in the checked sample',
    value: `${substance}/${now.sample.length}`,
    baseline: '-',
    ratio: '-',
    target: '0, every drawn passage read',
    ok: substance === 0 && unread === 0,
  });
}
