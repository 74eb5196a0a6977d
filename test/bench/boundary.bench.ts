// What the repo boundary costs: reading every source file of a real repo
// (rxjs) the way the ingest did before (read + decode) beside the way it does
// now (real path checked against the root, binary check of the head), one
// poll of a degraded watcher (`git status` plus a stat per listed file), and
// the folder count a watcher makes before it starts.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { walkRepo } from '../../daemon/code/languages/skip';
import { binaryReason, outsideTarget } from '../../daemon/code/roots';
import { RepoIgnore } from '../../daemon/code/watch';
import { rxjsRepo } from '../helpers';
import { ms, ratio, summarize, table } from './stats';
import { record } from './summary';

const ROUNDS = 15;
const utf8 = new TextDecoder('utf-8');

export async function run(): Promise<void> {
  const repo = fs.realpathSync(rxjsRepo());
  const files = walkRepo(repo, (e) => e.isFile() && e.name.endsWith('.ts'));
  const before: number[] = [];
  const now: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    for (const f of files) utf8.decode(fs.readFileSync(path.join(repo, f)));
    before.push(performance.now() - t);
    t = performance.now();
    for (const f of files) {
      if (outsideTarget(repo, f) !== undefined) continue;
      const bytes = fs.readFileSync(path.join(repo, f));
      if (binaryReason(bytes) === undefined) utf8.decode(bytes);
    }
    now.push(performance.now() - t);
  }
  const b = summarize(before);
  const n = summarize(now);
  // A degraded watcher's poll: git status, then a stat of each file it lists (one edited file here).
  fs.appendFileSync(path.join(repo, 'src', 'index.ts'), '\n// edited\n');
  const polls: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'], { cwd: repo, encoding: 'utf8' });
    for (const rec of out.split('\0')) if (rec.length > 3) fs.lstatSync(path.join(repo, rec.slice(3)));
    polls.push(performance.now() - t);
  }
  const p = summarize(polls);
  const counts: number[] = [];
  let dirs = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    const filter = new RepoIgnore(repo);
    dirs = 0;
    const stack = [repo];
    while (stack.length > 0) {
      const d = stack.pop()!;
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const c = path.join(d, e.name);
        if (e.isDirectory() && !filter.ignores(c, true)) {
          dirs++;
          stack.push(c);
        }
      }
    }
    counts.push(performance.now() - t);
  }
  const c = summarize(counts);
  table(
    `repo boundary on rxjs (${files.length} .ts files, ${dirs} folders), ${ROUNDS} rounds`,
    ['what', 'p50', 'p95'],
    [
      ['read + decode every file (the ingest before)', ms(b.p50), ms(b.p95)],
      ['+ real path inside the root + binary head check (now)', ms(n.p50), ms(n.p95)],
      ['ratio now / before', ratio(n.p50, b.p50), ratio(n.p95, b.p95)],
      ['one degraded poll (git status + stat of listed files)', ms(p.p50), ms(p.p95)],
      ['folder count before a watcher starts', ms(c.p50), ms(c.p95)],
    ],
  );
  record({ figure: 'ingest file read with the boundary checks', value: ms(n.p50), baseline: ms(b.p50), ratio: ratio(n.p50, b.p50), target: 'n/a' });
}
