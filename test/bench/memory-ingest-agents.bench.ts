// Ingest throughput per transcript source (issue 35): Aider, Copilot Chat,
// Cline and Roo beside Claude Code, each a full ingest of its fixtures into a
// fresh memory.db (distill, chunk, store with passages, offline extraction),
// median of 5 rounds run interleaved so every source sees the same machine.
// MB/s is of the files as they are on disk; the non-Claude fixtures are small,
// so per-file overhead weighs more in their figure (the KB column says how small);
// a format that keeps more of its bytes as episode text (Aider's markdown is
// mostly what was said; a Claude transcript is mostly JSON and tool payloads)
// gives extraction more to read per MB, which the "episode text" column shows.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ExtractionChain, ExtractionWorker, OfflineProvider } from '../../daemon/memory/extract';
import { ingestFile } from '../../daemon/memory/ingest';
import { MemoryStore } from '../../daemon/memory/store';
import type { SourceId } from '../../daemon/memory/sources';
import { ratio, summarize, table } from './stats';
import { record } from './summary';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'memory');
const ROUNDS = 5;

function files(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (keep(e.name)) out.push(p);
    }
  };
  walk(path.join(FIXTURES, dir));
  return out;
}

const SETS: Array<{ label: string; kind: SourceId; files: string[] }> = [
  { label: 'claude (real transcripts, baseline)', kind: 'claude', files: files('claude/real', (n) => n.endsWith('.jsonl')) },
  { label: 'aider (real + written)', kind: 'aider', files: files('aider', (n) => n.endsWith('.aider.chat.history.md')) },
  { label: 'copilot (JSON + JSONL, built from source)', kind: 'copilot', files: files('copilot', (n) => /\.jsonl?$/.test(n) && n !== 'workspace.json') },
  { label: 'cline (built from source)', kind: 'cline', files: files('cline', (n) => n === 'ui_messages.json') },
  { label: 'roo (built from source)', kind: 'roo', files: files('roo', (n) => n === 'ui_messages.json') },
];

async function ingestSet(dir: string, set: (typeof SETS)[number]): Promise<{ seconds: number; episodes: number; textBytes: number }> {
  const store = new MemoryStore(path.join(dir, `memory-${set.kind}-${Date.now()}-${Math.random()}.db`));
  const worker = new ExtractionWorker(store, new ExtractionChain([new OfflineProvider()], store, {}), { deadlineMs: 60_000 });
  const start = performance.now();
  for (const f of set.files) {
    const r = await ingestFile(store, set.kind, f, { home: dir });
    if (r.outcome === 'failed') throw new Error(`${f}: ${r.error}`);
  }
  await worker.drain();
  const seconds = (performance.now() - start) / 1000;
  const row = store.db.prepare('SELECT count(*) AS n, coalesce(sum(length(text)), 0) AS chars FROM episodes').get() as { n: number; chars: number };
  store.close();
  return { seconds, episodes: row.n, textBytes: row.chars };
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-bench-agents-'));
  const seconds = new Map<string, number[]>(SETS.map((s) => [s.label, []]));
  const episodes = new Map<string, number>();
  const kept = new Map<string, number>();
  for (let r = 0; r < ROUNDS; r++) {
    // Rotate the order each round.
    const order = SETS.map((_, i) => SETS[(i + r) % SETS.length]!);
    for (const s of order) {
      const x = await ingestSet(dir, s);
      seconds.get(s.label)!.push(x.seconds);
      episodes.set(s.label, x.episodes);
      kept.set(s.label, x.textBytes);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const bytes = (s: (typeof SETS)[number]): number => s.files.reduce((n, f) => n + fs.statSync(f).size, 0);
  const mbps = (s: (typeof SETS)[number]): number => bytes(s) / 1e6 / summarize(seconds.get(s.label)!).p50;
  const base = mbps(SETS[0]!);
  table(
    `ingest per source (distill, chunk, store, offline extraction), median of ${ROUNDS} interleaved rounds`,
    ['source', 'files', 'KB', 'episodes', 'episode text, % of file', 'p50 s', 'MB/s', 'vs claude'],
    SETS.map((s) => [
      s.label,
      s.files.length,
      (bytes(s) / 1e3).toFixed(1),
      episodes.get(s.label) ?? 0,
      `${(((kept.get(s.label) ?? 0) / bytes(s)) * 100).toFixed(0)}%`,
      summarize(seconds.get(s.label)!).p50.toFixed(3),
      mbps(s).toFixed(2),
      ratio(mbps(s), base),
    ]),
  );
  for (const s of SETS.slice(1))
    record({
      figure: `ingest MB/s, ${s.kind}`,
      value: `${mbps(s).toFixed(2)} MB/s`,
      baseline: `${base.toFixed(2)} MB/s claude`,
      ratio: ratio(mbps(s), base),
      target: 'shown',
    });
}
