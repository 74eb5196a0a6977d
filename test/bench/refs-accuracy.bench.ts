// Refs recall and precision against the TypeScript language service's
// findReferences (the oracle, run in the same process as the measurement):
// runs test/code/accuracy.test.ts and reads the figures it prints.
import { spawnSync } from 'node:child_process';
import { ROOT } from '../helpers';
import { record } from './summary';

export async function run(): Promise<void> {
  const r = spawnSync(process.execPath, ['scripts/test.mjs', 'test/code/accuracy.test'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  const lines = r.stdout.split('\n').filter((l) => /refs accuracy on/.test(l));
  for (const l of lines) console.log(l.replace(/^#\s*/, ''));
  if (lines.length === 0) console.log(`accuracy test printed no figures (exit ${r.status}): ${r.stdout.slice(-800)}`);
  for (const l of lines) {
    const m = /on (\d+) rxjs (\w+): (\d+) references.*recall ([\d.]+)%, precision ([\d.]+)%/.exec(l);
    if (!m) continue;
    const [, n, what, truth, recall, precision] = m;
    record({
      figure: `refs recall / precision vs the language service (${n} rxjs ${what})`,
      value: `${recall}% / ${precision}%`,
      baseline: `findReferences: ${truth} refs`,
      ratio: '',
      target: '>= 99% / >= 99%',
      ok: Number(recall) >= 99 && Number(precision) >= 99,
    });
  }
  await Promise.resolve();
}
