// Runs benchmarks on another commit's sources and on this checkout, one after
// the other in one invocation, so their figures sit side by side on the same
// machine under the same load: `node scripts/bench-against.mjs main memory-ingest recall distill`.
// The other commit is exported (git archive) into a temp folder that borrows
// this checkout's node_modules; it is removed at the end. Each side runs
// twice, alternating (other, here, other, here), to show the noise. Both
// sides are built first (what `npm run bench` does before it runs).
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const [ref, ...benches] = process.argv.slice(2);
if (!ref || benches.length === 0) {
  console.error('usage: node scripts/bench-against.mjs REF BENCH...   (e.g. main memory-ingest recall)');
  process.exit(2);
}
const here = process.cwd();
const other = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-bench-against-'));
try {
  const sha = execFileSync('git', ['rev-parse', '--short', ref], { encoding: 'utf8' }).trim();
  execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${other}'`], { stdio: 'inherit' });
  fs.symlinkSync(path.join(here, 'node_modules'), path.join(other, 'node_modules'));
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const sides = [
    [`${ref} (${sha})`, other],
    [`this checkout (${head}${execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() ? ', with uncommitted changes' : ''})`, here],
  ];
  // Benches that go through the CLI or MCP run dist/: each side runs its own build.
  for (const [label, dir] of sides) {
    console.log(`building ${label}`);
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  for (let round = 1; round <= 2; round++) {
    for (const [label, dir] of sides) {
      console.log(`\n######## round ${round}: ${label} ########`);
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/bench/index.ts', ...benches], {
        cwd: dir,
        stdio: 'inherit',
        env: { ...process.env, SCRY_MEMORY_SWEEP: '0' },
      });
      if (r.status !== 0) console.log(`(exited ${r.status})`);
    }
  }
} finally {
  fs.rmSync(other, { recursive: true, force: true });
}
