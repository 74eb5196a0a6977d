// The figures of issue 14's table, collected from the benches that ran and
// printed together at the end of `npm run bench`: each with its baseline,
// measured in the same run, the ratio, the target and the verdict.
import { table } from './stats';

export interface Row {
  figure: string;
  value: string;
  baseline: string;
  ratio: string;
  target: string;
  verdict: 'ok' | 'MISS' | 'n/a';
}

const rows: Row[] = [];

/** Records one row; `ok` decides the verdict. */
export function record(row: Omit<Row, 'verdict'> & { ok?: boolean }): void {
  const { ok, ...rest } = row;
  rows.push({ ...rest, verdict: ok === undefined ? 'n/a' : ok ? 'ok' : 'MISS' });
}

export function printSummary(): void {
  if (rows.length === 0) return;
  table(
    "issue 14's table, this run",
    ['figure', 'value', 'baseline (same run)', 'ratio', 'target', 'verdict'],
    rows.map((r) => [r.figure, r.value, r.baseline, r.ratio, r.target, r.verdict]),
  );
}
