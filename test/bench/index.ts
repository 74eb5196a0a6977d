// `npm run bench`: runs every benchmark in test/bench (or those named on the
// command line) in one process, one after another, and prints their tables.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { printSummary } from './summary';

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
  for (const f of files) {
    console.log(`\n=== ${f} ===`);
    const mod = (await import(path.join(__dirname, f))) as { run: () => Promise<void> };
    await mod.run();
  }
  printSummary();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
