// Recall on real transcripts, as the model sees it: a real daemon (SCRY_HOME
// in a temp dir) ingests the public transcripts the question file
// (test/fixtures/memory/real-recall/questions.json, committed before any
// recall change) references, with whatever extractor the daemon runs; each
// question goes to scry_recall through a real MCP client (`scry mcp`) with
// the default budget. A hit: any expected string (case-insensitive) in the
// text the tool returns. Beside it in the same run, the plain-BM25 baseline:
// FTS5/BM25 over 400-character passages of the same stored episode text,
// queried with the OR of the question's words, the top 5 passages joined and
// cut to the byte size of Scry's answer to that question (and, second, to
// Scry's median answer size). Printed for questions that name what they ask
// about, those that do not, and the paraphrases on their own; misses listed.
// The split against tuning to the set (fixed before any semantic matching
// was tuned): parameters are tuned only on even-numbered questions (q02, q04,
// …); the odd-numbered ones are held out. Each row is printed for both halves.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { MemoryStatus } from '../../daemon/protocol';
import { memoryDb } from '../../daemon/memory/domain';
import { openDatabase } from '../../daemon/sqlite';
import { CLI, scry, scryJson, stopDaemon, tempDir } from '../helpers';
import { FIXTURES, QUESTIONS, type RealQuestion } from '../memory/real-recall/questions';
import { percentile, table } from './stats';
import { record } from './summary';

const BASELINE_CHARS = 400;
const BASELINE_TOP = 5;

/** The tuning half: even-numbered questions. The odd ones are held out. */
export const isTuning = (q: RealQuestion): boolean => Number(q.id.replace(/\D/g, '')) % 2 === 0;

const textOf = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
const hit = (q: RealQuestion, text: string): boolean => q.expect.some((e) => text.toLowerCase().includes(e.toLowerCase()));
/** The first `bytes` bytes of a text (never splitting a character). */
const cutBytes = (s: string, bytes: number): string => Buffer.from(s).subarray(0, bytes).toString('utf8').replace(/\uFFFD$/, '');

/** The baseline: the same stored episode text in fixed 400-character passages under FTS5/BM25. */
function baseline(memoryDb: string, dir: string): (q: string) => string {
  const src = openDatabase(memoryDb);
  const texts = src.prepare<[], { text: string }>(`SELECT text FROM episodes ORDER BY seq`).all();
  src.close();
  const db = openDatabase(path.join(dir, 'baseline.db'));
  db.exec(`CREATE VIRTUAL TABLE p USING fts5(text, tokenize = 'porter unicode61 remove_diacritics 2')`);
  const ins = db.prepare<[string]>(`INSERT INTO p(text) VALUES (?)`);
  db.transaction(() => {
    for (const { text } of texts) for (let i = 0; i < text.length; i += BASELINE_CHARS) ins.run(text.slice(i, i + BASELINE_CHARS));
  })();
  const search = db.prepare<[string, number], { text: string }>(`SELECT text FROM p WHERE p MATCH ? ORDER BY bm25(p) LIMIT ?`);
  return (q) => {
    const words = [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length > 1))];
    if (words.length === 0) return '';
    return search.all(words.map((w) => `"${w}"`).join(' OR '), BASELINE_TOP).map((r) => r.text).join('\n\n');
  };
}

interface Bucket {
  n: number;
  scry: number;
  each: number;
  median: number;
}

export async function run(): Promise<void> {
  const questions = QUESTIONS;
  const home = tempDir('bench-real-recall');
  const cwd = tempDir('bench-real-recall-cwd');
  const opts = { home, env: { SCRY_MEMORY_SWEEP: '0' } };
  const transcripts = [...new Set(questions.map((q) => q.transcript))].sort();
  const t0 = performance.now();
  for (const t of transcripts) {
    // The transcript's folder under test/fixtures/memory names its source (claude/…, codex/…).
    const r = await scry(['memory', 'ingest', '--source', t.split('/')[0]!, '--path', path.join(FIXTURES, t)], opts);
    if (r.code !== 0) console.log(`  could not ingest ${t}: ${r.stderr.trim()}`);
  }
  for (let i = 0; i < 600 && (await scryJson<MemoryStatus>(['memory', 'status'], opts)).queue.pending > 0; i++) await new Promise((r) => setTimeout(r, 100));
  const status = await scryJson<MemoryStatus>(['memory', 'status'], opts);
  console.log(`ingested ${transcripts.length} transcripts in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${status.episodes} episodes, ${status.entities} entities`);

  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  const client = new Client({ name: 'scry-bench', version: '1' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], cwd, env: { ...env, SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0' }, stderr: 'ignore' }));
  const answers: string[] = [];
  for (const q of questions) answers.push(textOf((await client.callTool({ name: 'scry_recall', arguments: { query: q.question } })) as CallToolResult));
  await client.close();
  await stopDaemon(home);

  const sizes = answers.map((a) => Buffer.byteLength(a));
  const medianBytes = percentile(sizes, 50);
  const base = baseline(memoryDb(home), home);
  const rows = questions.map((q, i) => {
    const b = base(q.question);
    return { q, scry: hit(q, answers[i]!), each: hit(q, cutBytes(b, sizes[i]!)), median: hit(q, cutBytes(b, medianBytes)), bytes: sizes[i]! };
  });
  const bucket = (pick: (q: RealQuestion) => boolean): Bucket => {
    const xs = rows.filter((r) => pick(r.q));
    return { n: xs.length, scry: xs.filter((r) => r.scry).length, each: xs.filter((r) => r.each).length, median: xs.filter((r) => r.median).length };
  };
  const pct = (k: number, n: number): string => (n === 0 ? '-' : `${k}/${n} (${((100 * k) / n).toFixed(0)}%)`);
  const named = bucket((q) => q.names);
  const unnamed = bucket((q) => !q.names);
  const para = bucket((q) => q.paraphrase);
  const halves: Array<[string, (q: RealQuestion) => boolean]> = [
    ['', () => true],
    [' [tuning half: even]', isTuning],
    [' [held out: odd]', (q) => !isTuning(q)],
  ];
  const lines: string[][] = [];
  for (const [label, half] of halves) {
    const b = (pick: (q: RealQuestion) => boolean): Bucket => bucket((q) => half(q) && pick(q));
    const n = b((q) => q.names);
    const u = b((q) => !q.names);
    const p = b((q) => q.paraphrase);
    const a = b(() => true);
    lines.push(
      [`name the thing asked about${label}`, pct(n.scry, n.n), pct(n.each, n.n), pct(n.median, n.n), '>= 90%, never below baseline'],
      [`do not name it${label}`, pct(u.scry, u.n), pct(u.each, u.n), pct(u.median, u.n), '>= 70%, never below baseline'],
      [`  paraphrases (<= 1 content word shared)${label}`, pct(p.scry, p.n), pct(p.each, p.n), pct(p.median, p.n), ''],
      [`all${label}`, pct(a.scry, a.n), pct(a.each, a.n), pct(a.median, a.n), ''],
    );
  }
  table(`scry_recall through MCP on ${questions.length} questions about ${transcripts.length} real transcripts (hit: an expected string in the text the model sees)`, ['questions', 'scry_recall', 'BM25 baseline, cut to each answer', 'BM25 baseline, cut to the median answer', 'target'], lines);
  console.log(`answer size: median ${medianBytes} bytes, p95 ${percentile(sizes, 95)} bytes (target: median <= 3072)`);
  for (const r of rows.filter((x) => !x.scry)) console.log(`  miss${isTuning(r.q) ? '' : ' [held out]'}${r.each ? ' (baseline hit)' : ''}${r.q.names ? '' : ' [not named]'}${r.q.paraphrase ? ' [paraphrase]' : ''} ${r.q.id}: "${r.q.question}" -> expected ${r.q.expect.map((e) => JSON.stringify(e)).join(' or ')}`);
  const share = (b: Bucket, k: number): number => (b.n === 0 ? 0 : k / b.n);
  record({ figure: 'real recall via MCP, naming', value: pct(named.scry, named.n), baseline: pct(named.each, named.n), ratio: '-', target: '>= 90%', ok: share(named, named.scry) >= 0.9 && named.scry >= named.each });
  record({ figure: 'real recall via MCP, not naming', value: pct(unnamed.scry, unnamed.n), baseline: pct(unnamed.each, unnamed.n), ratio: '-', target: '>= 70%', ok: share(unnamed, unnamed.scry) >= 0.7 && unnamed.scry >= unnamed.each });
  record({ figure: 'real recall via MCP, paraphrases', value: pct(para.scry, para.n), baseline: pct(para.each, para.n), ratio: '-', target: 'never below baseline', ok: para.scry >= para.each });
  record({ figure: 'real recall median answer', value: `${medianBytes} B`, baseline: '-', ratio: '-', target: '<= 3072 B', ok: medianBytes <= 3072 });
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(cwd, { recursive: true, force: true });
}
