// Issue 37's substance check, printed by the real-recall bench: every real
// transcript the question sets ask about ingested into one store, the
// passages that recurrence made noise (stored, never searched or shown) and
// those indexed without some boilerplate lines, counted now; beside them the
// hand-checked sample committed in
// test/fixtures/memory/real-recall/boilerplate-check.json (50 drawn with a
// fixed seed, or all when fewer), and how many of those were read as
// substance. test/memory/recall/boilerplate.test.ts keeps the draw and the
// labels in step.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { boilerplateCount } from '../memory/recall/boilerplate-sample';
import { FIXTURES } from '../memory/real-recall/questions';
import { table } from './stats';
import { record } from './summary';

interface Check {
  passages: number;
  noise: number;
  trimmed: number;
  sample: Array<{ text: string; substance: boolean; what: string }>;
}

export async function printSubstanceCheck(): Promise<void> {
  const check = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'real-recall', 'boilerplate-check.json'), 'utf8')) as Check;
  const now = await boilerplateCount();
  const substance = check.sample.filter((s) => s.substance).length;
  const kinds = new Map<string, number>();
  for (const s of check.sample) kinds.set(s.what, (kinds.get(s.what) ?? 0) + 1);
  table(
    'substance check (issue 37): passages recurrence drops on the real fixtures, and the hand-checked sample',
    ['what', 'now', 'labelled file'],
    [
      ['passages stored', now.passages, check.passages],
      ['noise (all boilerplate: never searched or shown)', now.noise, check.noise],
      ['indexed without some boilerplate lines', now.trimmed, check.trimmed],
      ['hand-checked sample (50, or all when fewer)', now.sample.length, check.sample.length],
      ['  of which substance', '-', substance],
    ],
  );
  for (const [what, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${n} x ${what}`);
  const same = now.noise === check.noise && now.passages === check.passages && now.sample.every((s, i) => s.text === check.sample[i]?.text);
  record({ figure: 'boilerplate dropped: substance in the checked sample', value: `${substance}/${check.sample.length}`, baseline: '-', ratio: '-', target: '0, sample as labelled', ok: substance === 0 && same });
}
