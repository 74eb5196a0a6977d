// Issue 33's figures: how each secret set comes out of redaction (leaked
// whole, leaked in part, redacted) and how many non-secrets are damaged;
// false positives on the real transcripts and the real code beside the
// figures of the commit the issue started from; and redaction throughput on
// real transcript strings, as a ratio to a plain scan of the same strings
// measured in the same run (so a busy machine moves both), beside the ratio
// the starting commit had.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { redact } from '../../daemon/memory/redact';
import { ROOT } from '../helpers';
import { CORPORA, damaged, loadCorpus, loadKeep, score } from '../memory/redact/corpus';
import { record } from './summary';
import { ratio, table } from './stats';

// Measured with this bench on 62dad64's redaction (before issue 33), on the shared 2-core machine: the throughput
// ratio is the median of three runs (0.060, 0.066, 0.071), alternated with runs of this tree's.
const BEFORE = { transcriptsChanged: '0/23894', codePerMb: '1.0', throughputRatio: 0.066 };

const walk = (d: string, out: string[] = []): string[] => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
};
const strings = (v: unknown, out: string[]): void => {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
};

/** Every string of every line of the real public transcripts under test/fixtures/memory. */
export function transcriptStrings(): string[] {
  const texts: string[] = [];
  for (const f of walk(path.join(ROOT, 'test', 'fixtures', 'memory')).filter((x) => x.includes(`${path.sep}real${path.sep}`) && x.endsWith('.jsonl')))
    for (const line of fs.readFileSync(f, 'utf8').split('\n')) {
      try {
        strings(JSON.parse(line) as unknown, texts);
      } catch {
        // half-written lines are part of the fixtures
      }
    }
  return texts.filter((t) => t.length >= 8);
}

/** rxjs sources, TypeScript's lib declarations and this daemon (less the redaction rules themselves). */
export function codeFiles(): string[] {
  const roots = [path.join(ROOT, 'node_modules', 'rxjs', 'src'), path.join(ROOT, 'node_modules', 'typescript', 'lib'), path.join(ROOT, 'daemon')];
  return roots.flatMap((r) => walk(r)).filter((f) => /\.(ts|js)$/.test(f) && !path.relative(ROOT, f).startsWith(path.join('daemon', 'memory', 'redact')));
}

export async function run(): Promise<void> {
  const text = (t: string): string => redact(t).text;
  const keep = loadKeep();
  const rows = CORPORA.map((name) => {
    const set = loadCorpus(name);
    const s = score(set, text);
    const d = name === 'held-out-4' ? `${damaged(keep, text).length}/${keep.length}` : '— (no non-secrets)';
    return [name, set.length, s.leaked.length, s.partial.length, set.length - s.leaked.length - s.partial.length, d];
  });
  table(
    'redaction by set (secrets: leaked whole / leaked in part / redacted; non-secrets damaged)',
    ['set', 'secrets', 'leaked', 'partial', 'redacted', 'damaged'],
    rows,
  );
  const h4 = score(loadCorpus('held-out-4'), text);
  const d4 = damaged(keep, text);
  const name = (e: { family: string; form: string }): string => `${e.family}/${e.form}`;
  console.log(`held-out-4 leaked: ${h4.leaked.map(name).join(', ') || 'none'}`);
  console.log(`held-out-4 partial: ${h4.partial.map(name).join(', ') || 'none'}`);
  console.log(`keep-4 damaged: ${d4.map(name).join(', ') || 'none'}`);
  record({
    figure: 'held-out-4 secrets leaked whole / in part',
    value: `${h4.leaked.length} / ${h4.partial.length}`,
    baseline: '',
    ratio: '',
    target: '0 / 0',
    ok: h4.leaked.length === 0 && h4.partial.length === 0,
  });
  record({
    figure: 'keep-4 non-secrets damaged',
    value: `${d4.length}/${keep.length}`,
    baseline: '',
    ratio: '',
    target: '<= 1 per 100',
    ok: d4.length * 100 <= keep.length,
  });

  const lines = transcriptStrings();
  const changed = lines.filter((t) => redact(t).count > 0).length;
  let bytes = 0;
  let count = 0;
  for (const f of codeFiles()) {
    const src = fs.readFileSync(f, 'utf8');
    bytes += src.length;
    count += redact(src).count;
  }
  table(
    'false positives on real text (today beside the starting commit)',
    ['text', 'today', 'at 62dad64'],
    [
      [`real transcript strings changed (${lines.length})`, `${changed}/${lines.length}`, BEFORE.transcriptsChanged],
      [`real code, ${(bytes / 1e6).toFixed(1)} MB: redactions per MB (${count} in all)`, (count / (bytes / 1e6)).toFixed(1), BEFORE.codePerMb],
    ],
  );

  // Throughput: redact() over the transcript strings, against a plain scan (lower-casing and one regex) of the same
  // strings, both in CPU time (process.cpuUsage), which other processes on a shared machine move less than the clock.
  const mb = lines.reduce((a, t) => a + t.length, 0) / 1e6;
  const rounds = Number(process.env.BENCH_REDACT_ROUNDS ?? 9);
  const base: number[] = [];
  const ours: number[] = [];
  let sink = 0;
  const cpuSeconds = (f: () => void): number => {
    const c = process.cpuUsage();
    f();
    const d = process.cpuUsage(c);
    return (d.user + d.system) / 1e6;
  };
  for (let r = 0; r < rounds; r++) {
    base.push(
      mb /
        cpuSeconds(() => {
          for (const l of lines) sink += /[A-Za-z0-9+/=_-]{20,}/.test(l.toLowerCase()) ? 1 : 0;
        }),
    );
    ours.push(
      mb /
        cpuSeconds(() => {
          for (const l of lines) sink += redact(l).count;
        }),
    );
  }
  const b = Math.max(...base);
  const o = Math.max(...ours);
  const rel = o / b;
  const ok = BEFORE.throughputRatio === 0 || rel >= 0.8 * BEFORE.throughputRatio;
  table(
    `redaction throughput on ${lines.length} real transcript strings (${mb.toFixed(2)} MB), best of ${rounds} rounds`,
    ['what', 'best', 'ratio', 'at 62dad64', 'target'],
    [
      ['baseline: lower-case + one regex per string', `${b.toFixed(1)} MB/s`, '1.00x', '', ''],
      ['redact()', `${o.toFixed(1)} MB/s`, ratio(o, b), `${BEFORE.throughputRatio.toFixed(3)}x`, `${ok ? 'ok' : 'MISS'} (>= 80% of the starting ratio)`],
    ],
  );
  record({
    figure: 'redaction throughput, ratio to a plain scan',
    value: `${o.toFixed(1)} MB/s`,
    baseline: `${b.toFixed(1)} MB/s`,
    ratio: ratio(o, b),
    target: `>= 0.8 x ${BEFORE.throughputRatio.toFixed(3)}`,
    ok,
  });
  if (sink < 0) console.log(sink);
}
