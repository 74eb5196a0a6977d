// Ingest time per episode with the offline extractor (addEpisode + extract +
// applyExtraction, each a real SQLite transaction on a WAL file), beside a
// baseline of bare inserts of the same episode rows, as a ratio; then the
// same ingest with redaction in front, and redaction's own throughput on
// ordinary episodes, real transcripts and the secret corpus (secretlint's
// recommended preset beside it on the corpus). Last, real transcripts end to
// end (distill, chunk, store with passage indexing, then the daemon's
// extraction chain offline): MB/s of transcript beside the same ingest with
// the passage table a no-op (today's figure without passages), and memory.db
// bytes per MB of transcript for both.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { estimateTokens, type EpisodeDraft } from '../../daemon/memory/episode';
import { ExtractionChain, ExtractionWorker, OfflineProvider, extractOffline } from '../../daemon/memory/extract';
import { ingestFile } from '../../daemon/memory/ingest';
import { redact } from '../../daemon/memory/redact';
import { MemoryStore } from '../../daemon/memory/store';
import { openDatabase } from '../../daemon/sqlite';
import { ms, ratio, summarize, table } from './stats';
import { record } from './summary';

const N = 400;
const PROJECTS = ['hermes', 'billing', 'atlas', 'scry', 'shop', 'gateway', 'ledger', 'nimbus'];
const MACHINES = ['web-1', 'web-2', 'db-1', 'build-3', 'edge-eu', 'edge-us'];
const TOOLS = ['docker compose up -d', 'pnpm test', 'kubectl rollout status deploy/api', 'terraform plan', 'psql -c "select 1"', 'git push', 'gh pr create'];

function synthetic(i: number): EpisodeDraft {
  const project = PROJECTS[i % PROJECTS.length]!;
  const machine = MACHINES[i % MACHINES.length]!;
  const tool = TOOLS[i % TOOLS.length]!;
  const filler = Array.from(
    { length: 12 },
    (_, k) => `assistant: step ${k}: checked the ${project} logs and the config for request ${i}-${k}; nothing unusual.`,
  ).join('\n');
  const text = [
    `user: the ${project} api on ${machine} is slow again, can you look?`,
    `[ran: ssh deploy@${machine} 'journalctl -u ${project} -n 200']`,
    `[ran: ${tool}]`,
    `[read src/${project}/server.ts]`,
    filler,
    `[used github.create_issue]`,
    i % 3 === 0
      ? `assistant: Let's use pnpm instead of npm for ${project}.`
      : `assistant: We decided to move ${project} to ${MACHINES[(i + 1) % MACHINES.length]} next week.`,
  ].join('\n');
  const sourcePath = `/home/bench/.claude/projects/-src-${project}/s-${i}.jsonl`;
  return {
    id: createHash('sha256').update(`${sourcePath}:1-60`).digest('hex'),
    source: 'claude',
    sourcePath,
    sessionId: `s-${i}`,
    lineStart: 1,
    lineEnd: 60,
    occurredAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    cwd: `/src/${project}`,
    repoRoot: `/src/${project}`,
    gitBranch: 'main',
    text,
    summary: `Looked at ${project} on ${machine}`,
    tokens: estimateTokens(text),
  };
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-bench-mem-'));
  const drafts = Array.from({ length: N }, (_, i) => synthetic(i));

  // Baseline: the same rows, one bare INSERT per episode (autocommit, WAL), no queue, no FTS, no extraction.
  const bare = openDatabase(path.join(dir, 'bare.db'));
  bare.pragma('journal_mode = WAL');
  bare.pragma('synchronous = NORMAL');
  bare.exec(`CREATE TABLE episodes (id TEXT PRIMARY KEY, source TEXT, source_path TEXT, session_id TEXT, line_start INTEGER, line_end INTEGER,
    occurred_at TEXT, cwd TEXT, git_branch TEXT, repo_root TEXT, text TEXT, summary TEXT, tokens INTEGER)`);
  const ins = bare.prepare(
    `INSERT INTO episodes VALUES (@id, @source, @sourcePath, @sessionId, @lineStart, @lineEnd, @occurredAt, @cwd, @gitBranch, @repoRoot, @text, @summary, @tokens)`,
  );
  const baseline: number[] = [];
  for (const d of drafts) {
    const t = performance.now();
    ins.run({
      id: d.id,
      source: d.source,
      sourcePath: d.sourcePath,
      sessionId: d.sessionId,
      lineStart: d.lineStart,
      lineEnd: d.lineEnd,
      occurredAt: d.occurredAt,
      cwd: d.cwd,
      gitBranch: d.gitBranch,
      repoRoot: d.repoRoot,
      text: d.text,
      summary: d.summary,
      tokens: d.tokens,
    });
    baseline.push(performance.now() - t);
  }
  bare.close();

  // Scry's ingest, and the same ingest with redaction of the text first (as the distillers do it), interleaved
  // episode by episode (alternating which goes first) so both see the same machine.
  const store = new MemoryStore(path.join(dir, 'memory.db'));
  const redacted = new MemoryStore(path.join(dir, 'memory-redacted.db'));
  const scry: number[] = [];
  const withRedaction: number[] = [];
  const ingest = (into: MemoryStore, d: EpisodeDraft, redacting: boolean): number => {
    const t = performance.now();
    into.addEpisode(redacting ? { ...d, text: redact(d.text).text } : d);
    const ep = into.episode(d.id)!;
    const x = extractOffline({ episode: ep, glossary: into.glossary({ repo: ep.repoRoot, limit: 60 }), referenceTime: ep.occurredAt });
    into.applyExtraction(d.id, x, 'offline');
    return performance.now() - t;
  };
  drafts.forEach((d, i) => {
    if (i % 2 === 0) {
      scry.push(ingest(store, d, false));
      withRedaction.push(ingest(redacted, d, true));
    } else {
      withRedaction.push(ingest(redacted, d, true));
      scry.push(ingest(store, d, false));
    }
  });
  const c = store.counts();
  store.close();
  redacted.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const b = summarize(baseline);
  const s = summarize(scry);
  table(
    `memory ingest, ${N} synthetic episodes (~${Math.round(drafts[0]!.tokens)} tokens each); graph: ${c.entities} entities, ${c.facts} facts`,
    ['what', 'p50', 'p95', 'mean'],
    [
      ['bare SQLite insert (baseline)', ms(b.p50), ms(b.p95), ms(b.mean)],
      ['addEpisode + offline extract + apply', ms(s.p50), ms(s.p95), ms(s.mean)],
      ['ratio', ratio(s.p50, b.p50), ratio(s.p95, b.p95), ratio(s.mean, b.mean)],
    ],
  );
  const w = summarize(withRedaction);
  table(
    'memory ingest with and without redaction (same episodes)',
    ['what', 'p50', 'p95', 'mean'],
    [
      ['addEpisode + offline extract + apply (no redaction)', ms(s.p50), ms(s.p95), ms(s.mean)],
      ['redact + addEpisode + offline extract + apply', ms(w.p50), ms(w.p95), ms(w.mean)],
      ['ratio', ratio(w.p50, s.p50), ratio(w.p95, s.p95), ratio(w.mean, s.mean)],
    ],
  );
  await redactionThroughput(drafts.map((d) => d.text));
  await transcriptThroughput();
}

/** Every real transcript under test/fixtures/memory (claude/real, codex/real), with its source kind. */
function realTranscripts(): Array<{ kind: 'claude' | 'codex'; path: string }> {
  const out: Array<{ kind: 'claude' | 'codex'; path: string }> = [];
  const walk = (kind: 'claude' | 'codex', d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(kind, p);
      else if (p.endsWith('.jsonl')) out.push({ kind, path: p });
    }
  };
  for (const kind of ['claude', 'codex'] as const) walk(kind, path.join(__dirname, '..', 'fixtures', 'memory', kind, 'real'));
  return out;
}

/**
 * One full ingest of the real transcripts into a fresh memory.db: seconds, and
 * the file's size after a checkpoint. `passages: false` swaps the passages
 * table for a view that swallows inserts, which is the store as it was before
 * passages (the split itself still runs, a small part of the cost).
 */
async function ingestReal(
  dir: string,
  files: ReturnType<typeof realTranscripts>,
  passages: boolean,
): Promise<{ seconds: number; bytes: number; episodes: number; passages: number }> {
  const file = path.join(dir, `memory-${passages ? 'passages' : 'none'}-${Date.now()}.db`);
  const store = new MemoryStore(file);
  if (!passages) {
    store.db.exec(`DROP TRIGGER passages_ad; DROP TRIGGER episodes_passages_ad; DROP TRIGGER episodes_passages_au; DROP TABLE passages_fts; DROP TABLE passages;
      CREATE VIEW passages AS SELECT 0 AS id, 0 AS episode_seq, 0 AS ord, 0 AS char_start, 0 AS char_end, 0 AS line_start, 0 AS line_end, '' AS occurred_at, NULL AS repo_root, '' AS text;
      CREATE TRIGGER passages_none INSTEAD OF INSERT ON passages BEGIN SELECT 1; END;
      CREATE VIEW passages_fts AS SELECT 0 AS rowid, '' AS prose, '' AS crumbs;
      CREATE TRIGGER passages_fts_none INSTEAD OF INSERT ON passages_fts BEGIN SELECT 1; END;`);
  }
  const worker = new ExtractionWorker(store, new ExtractionChain([new OfflineProvider()], store, {}), { deadlineMs: 60_000 });
  const start = performance.now();
  for (const f of files) await ingestFile(store, f.kind, f.path, { home: dir });
  await worker.drain();
  const seconds = (performance.now() - start) / 1000;
  store.db.pragma('wal_checkpoint(TRUNCATE)');
  const episodes = (store.db.prepare(`SELECT count(*) AS n FROM episodes`).get() as { n: number }).n;
  const count = passages ? (store.db.prepare(`SELECT count(*) AS n FROM passages`).get() as { n: number }).n : 0;
  store.close();
  return { seconds, bytes: fs.statSync(file).size, episodes, passages: count };
}

async function transcriptThroughput(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-bench-ingest-real-'));
  const files = realTranscripts();
  const mb = files.reduce((n, f) => n + fs.statSync(f.path).size, 0) / 1e6;
  const rounds = 5;
  const withP: Array<Awaited<ReturnType<typeof ingestReal>>> = [];
  const without: Array<Awaited<ReturnType<typeof ingestReal>>> = [];
  // Alternating, so both see the same machine.
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      withP.push(await ingestReal(dir, files, true));
      without.push(await ingestReal(dir, files, false));
    } else {
      without.push(await ingestReal(dir, files, false));
      withP.push(await ingestReal(dir, files, true));
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const mbps = (xs: typeof withP): number => mb / summarize(xs.map((x) => x.seconds)).p50;
  const perMb = (xs: typeof withP): number => xs[0]!.bytes / 1e6 / mb;
  const a = withP[0]!;
  table(
    `ingest of ${files.length} real transcripts (${mb.toFixed(2)} MB of JSONL; ${a.episodes} episodes, ${a.passages} passages), offline extraction, median of ${rounds}`,
    ['what', 'MB/s of transcript', 'memory.db MB per MB of transcript'],
    [
      ['with passage indexing', mbps(withP).toFixed(2), perMb(withP).toFixed(2)],
      ['without (passages table a no-op, as before)', mbps(without).toFixed(2), perMb(without).toFixed(2)],
      ['ratio', ratio(mbps(withP), mbps(without)), ratio(perMb(withP), perMb(without))],
    ],
  );
  record({
    figure: 'ingest, real transcripts, with passages',
    value: `${mbps(withP).toFixed(2)} MB/s`,
    baseline: `${mbps(without).toFixed(2)} MB/s without`,
    ratio: ratio(mbps(withP), mbps(without)),
    target: 'shown',
  });
  record({
    figure: 'memory.db size per MB of transcript',
    value: `${perMb(withP).toFixed(2)} MB`,
    baseline: `${perMb(without).toFixed(2)} MB without`,
    ratio: ratio(perMb(withP), perMb(without)),
    target: 'shown',
  });
}

/** Redaction alone: per-text percentiles and MB/s, on three kinds of text. */
async function redactionThroughput(episodes: string[]): Promise<void> {
  const root = path.join(__dirname, '..', 'fixtures');
  const corpus = (JSON.parse(fs.readFileSync(path.join(root, 'secrets', 'corpus.json'), 'utf8')) as Array<{ text: string }>).map((e) => e.text);
  const transcripts: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.jsonl'))
        transcripts.push(
          ...fs
            .readFileSync(p, 'utf8')
            .split('\n')
            .filter((l) => l.length > 0),
        );
    }
  };
  walk(path.join(root, 'memory', 'claude', 'real'));
  walk(path.join(root, 'memory', 'codex', 'real'));
  const rows: string[][] = [];
  const measure = async (label: string, texts: string[], fn: (t: string) => unknown, rounds: number): Promise<void> => {
    const samples: number[] = [];
    const rates: number[] = [];
    let bytes = 0;
    let total = 0;
    for (let r = 0; r < rounds; r++)
      for (const t of texts) {
        const start = performance.now();
        await fn(t);
        const took = performance.now() - start;
        samples.push(took);
        rates.push(Buffer.byteLength(t) / 1e6 / (took / 1000));
        total += took;
        bytes += Buffer.byteLength(t);
      }
    const x = summarize(samples);
    rows.push([
      label,
      `${texts.length}`,
      ms(x.p50),
      ms(x.p95),
      ms(x.p99),
      `${summarize(rates).p50.toFixed(1)} MB/s`,
      `${(bytes / 1e6 / (total / 1000)).toFixed(1)} MB/s`,
    ]);
  };
  await measure('redact: synthetic episodes (no secrets)', episodes, redact, 5);
  await measure('redact: real transcript lines (raw JSONL)', transcripts, redact, 5);
  await measure('redact: secret corpus entries', corpus, redact, 5);
  // Hostile shapes (long runs that make backtracking regexes go quadratic): the worst case, 100 KB each.
  const K = 100_000;
  const hostile = [
    'password: x' + ' '.repeat(K) + 'y',
    'password:\n'.repeat(K / 10),
    'data:\n' + '  a: b\n'.repeat(K / 7),
    'key'.repeat(K / 3),
    'DB_PASSWORD is '.repeat(K / 15),
    'key "'.repeat(K / 5),
    'aB3'.repeat(K / 3),
  ];
  await measure('redact: hostile 100 KB texts (worst case)', hostile, redact, 2);
  const { lintSource } = await import('@secretlint/core');
  const { creator } = await import('@secretlint/secretlint-rule-preset-recommend');
  const config = { rules: [{ id: '@secretlint/secretlint-rule-preset-recommend', rule: creator }] };
  await measure(
    'secretlint preset-recommend: secret corpus entries',
    corpus,
    (t) => lintSource({ source: { content: t, filePath: '/s.txt', ext: '.txt', contentType: 'text' }, options: { config } }),
    1,
  );
  await measure(
    'secretlint preset-recommend: synthetic episodes',
    episodes.slice(0, 100),
    (t) => lintSource({ source: { content: t, filePath: '/s.txt', ext: '.txt', contentType: 'text' }, options: { config } }),
    1,
  );
  table(
    'redaction throughput (per text; MB/s of the median text, and of all bytes over all time)',
    ['what', 'texts', 'p50', 'p95', 'p99', 'median MB/s', 'overall MB/s'],
    rows,
  );
}
