// Issue 10 figure: distillation throughput (MB/s) on a large transcript set
// built from the real fixtures, beside a bare read + JSON.parse of every line
// of the same files. Target: >= 30 MB/s.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { distillClaude, distillCodex } from '../../daemon/memory/distill';
import { tempDir } from '../helpers';
import { ratio, summarize, table } from './stats';

const FIXTURES = path.resolve(__dirname, '..', 'fixtures', 'memory');
const TARGET_MB = Number(process.env.BENCH_DISTILL_MB ?? 56);
const FILE_MB = 2;

function fixtureLines(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.jsonl'))
        out.push(
          ...fs
            .readFileSync(p, 'utf8')
            .split('\n')
            .filter((l) => l.trim().startsWith('{')),
        );
    }
  };
  walk(dir);
  return out;
}

/** Copies of the fixture lines with ids made unique per copy, cut into files of about FILE_MB. */
function buildSet(kind: 'claude' | 'codex', root: string, megabytes: number): string[] {
  const lines = fixtureLines(path.join(FIXTURES, kind));
  const files: string[] = [];
  let total = 0;
  for (let f = 0; total < megabytes * 1e6; f++) {
    const file = path.join(root, `${kind}-${f}.jsonl`);
    const parts: string[] = [];
    let size = 0;
    for (let copy = 0; size < FILE_MB * 1e6; copy++) {
      for (const l of lines) {
        // Unique uuids and message ids per copy, so the dedupe paths see fresh lines as they would in real sessions.
        const varied = l.replace(/"(uuid|parentUuid|id|call_id|tool_use_id)":\s?"([^"]+)"/g, `"$1":"$2-${f}-${copy}"`);
        parts.push(varied);
        size += varied.length + 1;
      }
    }
    fs.writeFileSync(file, parts.join('\n') + '\n');
    files.push(file);
    total += size;
  }
  return files;
}

function baseline(file: string): number {
  const text = fs.readFileSync(file, 'utf8');
  let n = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    try {
      JSON.parse(line);
      n++;
    } catch {
      // The fixtures plant malformed lines; the baseline skips them too.
    }
  }
  return n;
}

export async function run(): Promise<void> {
  const dir = tempDir('bench-distill');
  const claude = buildSet('claude', dir, TARGET_MB / 2);
  const codex = buildSet('codex', dir, TARGET_MB / 2);
  const all: Array<readonly ['claude' | 'codex', string]> = [...claude.map((f) => ['claude', f] as const), ...codex.map((f) => ['codex', f] as const)];
  const bytes = all.reduce((s, [, f]) => s + fs.statSync(f).size, 0);
  const mb = bytes / 1e6;
  const rounds = Number(process.env.BENCH_DISTILL_ROUNDS ?? 5);
  const base: number[] = [];
  const ours: number[] = [];
  let turns = 0;
  for (let r = 0; r < rounds; r++) {
    let t = performance.now();
    for (const [, f] of all) baseline(f);
    base.push(mb / ((performance.now() - t) / 1000));
    t = performance.now();
    turns = 0;
    for (const [kind, f] of all) turns += (kind === 'claude' ? await distillClaude(f) : await distillCodex(f)).turns.length;
    ours.push(mb / ((performance.now() - t) / 1000));
  }
  const b = summarize(base);
  const o = summarize(ours);
  const mbps = (v: number): string => `${v.toFixed(1)} MB/s`;
  table(
    `distill ${mb.toFixed(1)} MB (${all.length} files, ${turns} turns), p50 of ${rounds} rounds`,
    ['what', 'p50', 'ratio', 'target'],
    [
      ['baseline: read + JSON.parse every line', mbps(b.p50), '1.00x', ''],
      [
        'scry distill (parse, turns, breadcrumbs, redaction)',
        mbps(o.p50),
        ratio(o.p50, b.p50),
        o.p50 >= 30 ? 'ok (target >= 30 MB/s)' : 'MISS (target >= 30 MB/s)',
      ],
    ],
  );
  fs.rmSync(dir, { recursive: true, force: true });
}
