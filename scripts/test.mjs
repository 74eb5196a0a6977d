// Runs every test/**/*.test.ts through node:test with tsx (Node 20's --test
// has no glob support). Extra arguments filter test files by substring.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const filters = process.argv.slice(2);
const files = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'fixtures' && e.name !== 'bench') walk(p);
    } else if (e.name.endsWith('.test.ts')) files.push(relative(process.cwd(), p));
  }
};
walk('test');
const selected = files.filter((f) => filters.length === 0 || filters.some((x) => f.includes(x))).sort();
// A daemon's memory sweep reads ~/.claude and ~/.codex; tests name their sources instead.
const env = { ...process.env, SCRY_MEMORY_SWEEP: process.env.SCRY_MEMORY_SWEEP ?? '0' };
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...selected], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
