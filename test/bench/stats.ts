// Numbers for benchmarks: percentiles, ratios, and one table format so every
// bench prints its figures the same way, baseline beside Scry.

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export interface Summary {
  n: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  mean: number;
}

export function summarize(samples: readonly number[]): Summary {
  const mean = samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length);
  return { n: samples.length, p50: percentile(samples, 50), p90: percentile(samples, 90), p95: percentile(samples, 95), p99: percentile(samples, 99), mean };
}

export const ms = (v: number): string => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(3)) + ' ms';
// Two decimals, or two significant digits below 0.1 (a seeded worktree against a cold build is 0.0046x, not 0.00x).
export const ratio = (a: number, b: number): string => `${a / b < 0.1 ? (a / b).toPrecision(2) : (a / b).toFixed(2)}x`;

/** Prints rows as an aligned table under a title. */
export function table(title: string, header: string[], rows: Array<Array<string | number>>): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]): string => r.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** A verdict string for a target: "ok" or "MISS" with the figure, so misses are reported, not hidden. */
export function verdict(value: number, target: number): string {
  return value <= target ? `ok (target <= ${target.toFixed(2)})` : `MISS (target <= ${target.toFixed(2)})`;
}

export async function timeIt<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}
