// Ingest time per episode with the offline extractor (addEpisode + extract +
// applyExtraction, each a real SQLite transaction on a WAL file), beside a
// baseline of bare inserts of the same episode rows, as a ratio.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { estimateTokens, type EpisodeDraft } from '../../daemon/memory/episode';
import { extractOffline } from '../../daemon/memory/extract';
import { MemoryStore } from '../../daemon/memory/store';
import { openDatabase } from '../../daemon/sqlite';
import { ms, ratio, summarize, table } from './stats';

const N = 400;
const PROJECTS = ['hermes', 'billing', 'atlas', 'scry', 'shop', 'gateway', 'ledger', 'nimbus'];
const MACHINES = ['web-1', 'web-2', 'db-1', 'build-3', 'edge-eu', 'edge-us'];
const TOOLS = ['docker compose up -d', 'pnpm test', 'kubectl rollout status deploy/api', 'terraform plan', 'psql -c "select 1"', 'git push', 'gh pr create'];

function synthetic(i: number): EpisodeDraft {
  const project = PROJECTS[i % PROJECTS.length]!;
  const machine = MACHINES[i % MACHINES.length]!;
  const tool = TOOLS[i % TOOLS.length]!;
  const filler = Array.from({ length: 12 }, (_, k) => `assistant: step ${k}: checked the ${project} logs and the config for request ${i}-${k}; nothing unusual.`).join('\n');
  const text = [
    `user: the ${project} api on ${machine} is slow again, can you look?`,
    `[ran: ssh deploy@${machine} 'journalctl -u ${project} -n 200']`,
    `[ran: ${tool}]`,
    `[read src/${project}/server.ts]`,
    filler,
    `[used github.create_issue]`,
    i % 3 === 0 ? `assistant: Let's use pnpm instead of npm for ${project}.` : `assistant: We decided to move ${project} to ${MACHINES[(i + 1) % MACHINES.length]} next week.`,
  ].join('\n');
  const sourcePath = `/home/bench/.claude/projects/-src-${project}/s-${i}.jsonl`;
  return {
    id: createHash('sha256').update(`${sourcePath}:1-60`).digest('hex'),
    source: 'claude', sourcePath, sessionId: `s-${i}`, lineStart: 1, lineEnd: 60,
    occurredAt: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString(),
    cwd: `/src/${project}`, repoRoot: `/src/${project}`, gitBranch: 'main',
    text, summary: `Looked at ${project} on ${machine}`, tokens: estimateTokens(text),
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
  const ins = bare.prepare(`INSERT INTO episodes VALUES (@id, @source, @sourcePath, @sessionId, @lineStart, @lineEnd, @occurredAt, @cwd, @gitBranch, @repoRoot, @text, @summary, @tokens)`);
  const baseline: number[] = [];
  for (const d of drafts) {
    const t = performance.now();
    ins.run({ id: d.id, source: d.source, sourcePath: d.sourcePath, sessionId: d.sessionId, lineStart: d.lineStart, lineEnd: d.lineEnd, occurredAt: d.occurredAt, cwd: d.cwd, gitBranch: d.gitBranch, repoRoot: d.repoRoot, text: d.text, summary: d.summary, tokens: d.tokens });
    baseline.push(performance.now() - t);
  }
  bare.close();

  const store = new MemoryStore(path.join(dir, 'memory.db'));
  const scry: number[] = [];
  for (const d of drafts) {
    const t = performance.now();
    store.addEpisode(d);
    const ep = store.episode(d.id)!;
    const x = extractOffline({ episode: ep, glossary: store.glossary({ repo: ep.repoRoot, limit: 60 }), referenceTime: ep.occurredAt });
    store.applyExtraction(d.id, x, 'offline');
    scry.push(performance.now() - t);
  }
  const c = store.counts();
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const b = summarize(baseline);
  const s = summarize(scry);
  table(`memory ingest, ${N} synthetic episodes (~${Math.round(drafts[0]!.tokens)} tokens each); graph: ${c.entities} entities, ${c.facts} facts`, ['what', 'p50', 'p95', 'mean'], [
    ['bare SQLite insert (baseline)', ms(b.p50), ms(b.p95), ms(b.mean)],
    ['addEpisode + offline extract + apply', ms(s.p50), ms(s.p95), ms(s.mean)],
    ['ratio', ratio(s.p50, b.p50), ratio(s.p95, b.p95), ratio(s.mean, b.mean)],
  ]);
}
