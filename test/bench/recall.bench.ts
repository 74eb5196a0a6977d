// Memory, the read side:
//  - recall@5 on the fixture questions, split by whether a question names its entity;
//  - recall and path p50/p95 on a generated store of 10,000 entities, 50,000
//    facts and 5,000 episodes of about 4 KB of distilled text each (~20 MB:
//    sentences of the real fixture sessions and of the npm READMEs in
//    node_modules recombined, with the entities' names, cut into passages
//    as ingest does): in process, and through an MCP client (scry mcp -> daemon)
//    beside the MCP reference memory server (@modelcontextprotocol/server-memory,
//    its search_nodes and open_nodes) loaded with the same graph, as a ratio;
//  - remember latency, orientation time, and the SessionStart hook's wall time
//    with the daemon up and down.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectRunning } from '../../daemon/client';
import { memoryDb } from '../../daemon/memory/domain';
import { RELATION_NAMES } from '../../daemon/protocol/vocabulary';
import { orient } from '../../daemon/memory/orient';
import { shortestPath } from '../../daemon/memory/path';
import { recall } from '../../daemon/memory/recall';
import { remember } from '../../daemon/memory/remember';
import { classifyName, normalizeName } from '../../daemon/memory/resolve';
import { MemoryStore } from '../../daemon/memory/store';
import { PassageWriter } from '../../daemon/memory/store/passages';
import * as P from '../../daemon/protocol';
import { CLI, ROOT, stopDaemon, tempDir } from '../helpers';
import { fixtureGraph } from '../memory/recall/fixture-graph';
import { QUESTIONS, recallQuality } from './recall-quality';
import { ms, ratio, summarize, table, verdict } from './stats';
import { record } from './summary';

const ENTITIES = 10_000;
const FACTS = 50_000;
const EPISODES = 5_000;
const TYPES = ['project', 'service', 'machine', 'tool', 'person', 'decision', 'runbook', 'concept'] as const;
const WORDS = (
  'amber basalt cedar delta ember fjord granite harbor indigo juniper kestrel lumen meadow nimbus onyx pylon quartz raven summit tundra ' +
  'umber vortex willow xenon yarrow zephyr atlas borealis cobalt dune'
).split(' ');
const VERBS: Record<string, string> = {
  deployed_on: 'is deployed on',
  runs_on: 'runs on',
  uses: 'uses',
  depends_on: 'depends on',
  connects_to: 'talks to',
  owned_by: 'is owned by',
  stores_data_in: 'keeps its data in',
  decided: 'decided on',
};

/** A deterministic generator, so every run asks the same graph. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Generated {
  names: string[];
  aliases: Map<number, string>;
  edges: Array<[number, number]>;
}

export function generate(store: MemoryStore): Generated {
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const db = store.db;
  const names: string[] = [];
  const aliases = new Map<number, string>();
  const edges: Array<[number, number]> = [];
  db.transaction(() => {
    const ent = db.prepare(`INSERT INTO entities(id, name, norm, type, description, repo, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)`);
    const ali = db.prepare(`INSERT OR IGNORE INTO aliases(norm, entity_id, alias) VALUES (?, ?, ?)`);
    for (let i = 1; i <= ENTITIES; i++) {
      const type = TYPES[i % TYPES.length]!;
      const name = `${pick(WORDS)}-${type.slice(0, 3)}-${i}`;
      const at = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 500) * 86_400_000).toISOString();
      ent.run(i, name, normalizeName(name), type, type === 'project' ? `/src/${name}` : null, at, at);
      ali.run(normalizeName(name), i, name);
      names.push(name);
      if (i % 5 === 0) {
        const alias = `the ${pick(WORDS)} ${pick(WORDS)} ${i}`;
        ali.run(normalizeName(alias), i, alias);
        aliases.set(i, alias);
      }
    }
    const epi =
      db.prepare(`INSERT INTO episodes(id, source, source_path, session_id, line_start, line_end, occurred_at, ingested_at, text, summary, tokens, extraction)
      VALUES (?, 'claude', ?, ?, 1, 40, ?, ?, ?, ?, ?, 'done')`);
    const passages = new PassageWriter(db);
    const pool = sentencePool();
    for (let e = 1; e <= EPISODES; e++) {
      const at = new Date(Date.UTC(2024, 0, 1) + e * 3_600_000).toISOString();
      const summary = `Looked at ${names[Math.floor(rand() * ENTITIES)]} and the ${pick(WORDS)} ${pick(WORDS)} setup`;
      const text = episodeText(rand, pool, () => names[Math.floor(rand() * ENTITIES)]!, summary);
      const seq = Number(
        epi.run(`ep-${e}`, `/home/bench/.claude/projects/p/s-${e}.jsonl`, `s-${e}`, at, at, text, summary, Math.ceil(text.length / 4)).lastInsertRowid,
      );
      passages.write({ seq, session: `s-${e}`, text, lineStart: 1, lineEnd: 40, occurredAt: at, repoRoot: null });
    }
    const fact = db.prepare(
      `INSERT INTO facts(source_id, relation, target_id, value, value_norm, text, confidence, valid_from, valid_to, recorded_at, expired_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const fe = db.prepare(`INSERT OR IGNORE INTO fact_episodes(fact_id, episode_id, provider, recorded_at) VALUES (?, ?, 'bench', ?)`);
    const ee = db.prepare(`INSERT OR IGNORE INTO entity_episodes(entity_id, episode_id, occurred_at) VALUES (?, ?, ?)`);
    const relations = Object.keys(VERBS);
    for (let f = 1; f <= FACTS; f++) {
      const s = 1 + Math.floor(rand() * ENTITIES);
      let t = 1 + Math.floor(rand() * ENTITIES);
      if (t === s) t = (t % ENTITIES) + 1;
      const rel = rand() < 0.9 ? pick(relations) : pick(RELATION_NAMES);
      const value = rand() < 0.1 ? `${pick(WORDS)} ${Math.floor(rand() * 100)}` : null;
      const from = new Date(Date.UTC(2024, 0, 1) + Math.floor(rand() * 500) * 86_400_000).toISOString();
      const closed = rand() < 0.1;
      const text = value ? `${names[s - 1]} ${rel.replace(/_/g, ' ')} ${value}` : `${names[s - 1]} ${VERBS[rel] ?? rel.replace(/_/g, ' ')} ${names[t - 1]}`;
      const id = Number(
        fact.run(s, rel, value ? null : t, value, value, text, 0.5 + rand() / 2, from, closed ? from.replace('2024', '2025') : null, from, closed ? from : null)
          .lastInsertRowid,
      );
      const ep = `ep-${1 + Math.floor(rand() * EPISODES)}`;
      fe.run(id, ep, from);
      ee.run(s, ep, from);
      if (!value) {
        ee.run(t, ep, from);
        if (!closed) edges.push([s, t]);
      }
    }
  })();
  return { names, aliases, edges };
}

/**
 * Sentences to make episodes of: those of the real fixture sessions' distilled
 * text (the golden episodes), and, so that 20 MB of it has a vocabulary like
 * real prose rather than a few hundred sentences repeated, the prose lines of
 * the READMEs of the installed npm packages (real English technical text).
 */
export function sentencePool(): string[] {
  const out = new Set<string>();
  const add = (text: string): void => {
    for (const s of text.replace(/^(?:user|assistant)(?: \([^)]*\))?: /gm, '').split(/(?<=[.!?])\s+|\n+/)) {
      const t = s.trim();
      // Prose, not tables, code or badges.
      if (t.length >= 30 && t.length <= 400 && !/[|<>{}]|^[#*-]|\]\(/.test(t) && (t.match(/[a-z]{3,}/gi)?.length ?? 0) >= 5) out.add(t);
    }
  };
  const golden = path.join(ROOT, 'test', 'fixtures', 'memory', 'golden');
  for (const f of fs
    .readdirSync(golden)
    .filter((x) => x.includes('__real__'))
    .sort()) {
    for (const ep of (JSON.parse(fs.readFileSync(path.join(golden, f), 'utf8')) as { episodes: Array<{ text: string }> }).episodes) add(ep.text);
  }
  const modules = path.join(ROOT, 'node_modules');
  const readmes: string[] = [];
  const visit = (dir: string, depth: number): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 2 && !e.name.startsWith('.')) visit(p, e.name.startsWith('@') ? depth : depth + 1);
      else if (e.isFile() && /^readme\.md$/i.test(e.name)) readmes.push(p);
    }
  };
  visit(modules, 0);
  for (const f of readmes) add(fs.readFileSync(f, 'utf8'));
  return [...out];
}

/** About 4 KB of turns: real sentences recombined, a name now and then, so no two episodes are alike. */
function episodeText(rand: () => number, pool: readonly string[], name: () => string, opening: string): string {
  const turns: string[] = [`user: ${opening}`];
  let size = turns[0]!.length;
  while (size < 4000) {
    const role = turns.length % 2 === 0 ? 'user' : 'assistant';
    const n = role === 'user' ? 1 + Math.floor(rand() * 2) : 3 + Math.floor(rand() * 6);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      let sentence = pool[Math.floor(rand() * pool.length)]!;
      // A word swapped for one of another sentence now and then: new combinations, not copies.
      if (rand() < 0.5) {
        const other = pool[Math.floor(rand() * pool.length)]!.split(' ');
        const words = sentence.split(' ');
        words[Math.floor(rand() * words.length)] = other[Math.floor(rand() * other.length)]!;
        sentence = words.join(' ');
      }
      parts.push(rand() < 0.25 ? `${sentence} (${name()})` : sentence);
    }
    const turn = `${role}: ${parts.join(rand() < 0.3 ? '\n\n' : ' ')}`;
    turns.push(turn);
    size += turn.length + 2;
  }
  return turns.join('\n\n');
}

/** Recall questions over the generated graph: names, aliases, and phrases from fact text. */
export function queries(g: Generated, n: number): string[] {
  const rand = rng(7);
  const pool = sentencePool();
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = 1 + Math.floor(rand() * ENTITIES);
    const kind = i % 4;
    if (kind === 0 || kind === 1) out.push(g.names[id - 1]!);
    else if (kind === 2) out.push(g.aliases.get(Math.max(5, Math.floor(id / 5) * 5)) ?? g.names[id - 1]!);
    else if (i % 8 === 3) out.push(`where is ${WORDS[Math.floor(rand() * WORDS.length)]} deployed`);
    else out.push(wordsOf(pool[Math.floor(rand() * pool.length)]!, rand));
  }
  return out;
}

/** A question made of a few words of a sentence the sessions hold (what a passage search meets). */
function wordsOf(sentence: string, rand: () => number): string {
  const words = sentence.split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length > 3);
  const start = Math.floor(rand() * Math.max(1, words.length - 4));
  return `what about ${words.slice(start, start + 4).join(' ')}?`;
}

/** Pairs that a path exists between: walk up to three current edges from a random entity. */
function pairs(g: Generated, n: number): Array<[string, string]> {
  const rand = rng(11);
  const adj = new Map<number, number[]>();
  for (const [s, t] of g.edges) {
    (adj.get(s) ?? adj.set(s, []).get(s)!).push(t);
    (adj.get(t) ?? adj.set(t, []).get(t)!).push(s);
  }
  const out: Array<[string, string]> = [];
  while (out.length < n) {
    const start = g.edges[Math.floor(rand() * g.edges.length)]![0];
    let at = start;
    for (let h = 0; h < 3; h++) {
      const next = adj.get(at) ?? [];
      at = next[Math.floor(rand() * next.length)] ?? at;
    }
    if (at !== start) out.push([g.names[start - 1]!, g.names[at - 1]!]);
  }
  return out;
}

function time(fn: () => unknown, n: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
  }
  return samples;
}

async function timeAsync(fn: (i: number) => Promise<unknown>, n: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  return samples;
}

function mcpClient(command: string, args: string[], env: Record<string, string>, cwd: string): Promise<Client> {
  const client = new Client({ name: 'scry-bench', version: '1' });
  return client.connect(new StdioClientTransport({ command, args, env, cwd, stderr: 'ignore' })).then(() => client);
}

function plainEnv(extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v;
  return { ...out, ...extra };
}

function hookOnce(home: string, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, [CLI, 'memory', 'orient', '--hook'], {
      cwd,
      env: plainEnv({ SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0' }),
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - t));
    child.stdin.end(JSON.stringify({ cwd, hook_event_name: 'SessionStart', source: 'startup' }));
  });
}

export async function run(): Promise<void> {
  // 1. Quality on the fixture questions.
  const now = new Date('2025-05-01T12:00:00.000Z');
  const fixtures = await fixtureGraph(() => now);
  const q = recallQuality(fixtures.store, now);
  fixtures.close();
  table(
    `recall@5 on ${QUESTIONS.length} questions about the fixture sessions`,
    ['questions', 'n', 'recall@5'],
    [
      ['name the entity (or an alias)', q.named.total, `${((100 * q.named.hits) / q.named.total).toFixed(0)}%`],
      ['do not name it', q.unnamed.total, `${((100 * q.unnamed.hits) / q.unnamed.total).toFixed(0)}%`],
      ['all', q.named.total + q.unnamed.total, `${((100 * (q.named.hits + q.unnamed.hits)) / (q.named.total + q.unnamed.total)).toFixed(0)}%`],
    ],
  );
  for (const m of q.misses) console.log(`  miss: "${m.q}" -> expected ${m.expect}, got ${m.got.join(', ') || 'nothing'}`);

  // 2. The generated graph, in process.
  const home = tempDir('bench-recall');
  const store = new MemoryStore(memoryDb(home));
  const t0 = performance.now();
  const g = generate(store);
  const textMb = (store.db.prepare(`SELECT sum(length(text)) AS n FROM episodes`).get() as { n: number }).n / 1e6;
  const passageCount = (store.db.prepare(`SELECT count(*) AS n FROM passages`).get() as { n: number }).n;
  console.log(
    `\ngenerated ${ENTITIES} entities, ${FACTS} facts (${g.edges.length} current edges), ${EPISODES} episodes (${textMb.toFixed(1)} MB of text, ${passageCount} passages) in ${ms(performance.now() - t0)}`,
  );
  const qs = queries(g, 400);
  const ps = pairs(g, 200);
  // Beside it, query by query, a copy with the passages emptied: the entity half alone, about what recall cost before passages.
  const bareFile = path.join(home, 'bare.db');
  store.db.exec(`VACUUM INTO '${bareFile}'`);
  const bare = new MemoryStore(bareFile);
  bare.db.exec(`DELETE FROM passages`);
  time(() => recall(store, { query: qs[0]! }), 20);
  time(() => recall(bare, { query: qs[0]! }), 20);
  const inProcess: number[] = [];
  const bareSamples: number[] = [];
  for (const query of qs) {
    inProcess.push(time(() => recall(store, { query }), 1)[0]!);
    bareSamples.push(time(() => recall(bare, { query }), 1)[0]!);
  }
  bare.close();
  const recallIn = summarize(inProcess);
  const recallBare = summarize(bareSamples);
  const recallNames = summarize(qs.filter((_, i) => i % 4 < 2).map((query) => time(() => recall(store, { query }), 1)[0]!));
  const recallPhrases = summarize(qs.filter((_, i) => i % 4 === 3).map((query) => time(() => recall(store, { query }), 1)[0]!));
  const pathIn = summarize(ps.map(([from, to]) => time(() => shortestPath(store, { from, to }), 1)[0]!));
  const found = ps.filter(([from, to]) => shortestPath(store, { from, to }).found).length;
  const repo = path.join(
    tempDir('bench-orient'),
    g.names.find((n) => n.includes('-pro-'))!,
  );
  fs.mkdirSync(path.join(repo, '.git'), { recursive: true });
  store.db.prepare(`UPDATE entities SET repo = ? WHERE name = ?`).run(repo, path.basename(repo));
  const orientIn = summarize(time(() => orient(store, { cwd: repo }), 100));
  // Only names memory keeps can be named with --entity (a generated name can read as ephemeral, `xenon-too-123`).
  const kept = g.names.filter((n) => classifyName(n) === 'entity');
  const rememberIn = summarize(
    Array.from(
      { length: 200 },
      (_, i) =>
        time(() => remember(store, { text: `bench fact ${i}: ${kept[i]} is deployed on ${kept[i + 1]}`, entity: [kept[i]!] }, { hasModel: false }), 1)[0]!,
    ),
  );
  store.close();

  // 3. Through MCP: scry mcp -> daemon on the same memory.db, beside the reference memory server on the same graph.
  const refFile = path.join(home, 'reference-memory.jsonl');
  {
    const ro = new MemoryStore(memoryDb(home));
    const lines: string[] = [];
    const obs = new Map<number, string[]>();
    for (const r of ro.db.prepare(`SELECT source_id, text FROM facts WHERE valid_to IS NULL AND expired_at IS NULL`).all() as Array<{
      source_id: number;
      text: string;
    }>)
      (obs.get(r.source_id) ?? obs.set(r.source_id, []).get(r.source_id)!).push(r.text);
    for (const r of ro.db.prepare(`SELECT id, name, type FROM entities`).all() as Array<{ id: number; name: string; type: string }>)
      lines.push(JSON.stringify({ type: 'entity', name: r.name, entityType: r.type, observations: obs.get(r.id) ?? [] }));
    for (const r of ro.db
      .prepare(
        `SELECT s.name AS f, t.name AS t, relation FROM facts JOIN entities s ON s.id = source_id JOIN entities t ON t.id = target_id WHERE valid_to IS NULL AND expired_at IS NULL`,
      )
      .all() as Array<{ f: string; t: string; relation: string }>)
      lines.push(JSON.stringify({ type: 'relation', from: r.f, to: r.t, relationType: r.relation }));
    fs.writeFileSync(refFile, lines.join('\n') + '\n');
    ro.close();
  }
  const N_MCP = 60;
  const scryClient = await mcpClient(process.execPath, [CLI, 'mcp'], plainEnv({ SCRY_HOME: home, SCRY_MEMORY_SWEEP: '0' }), repo);
  const refBin = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');
  const refClient = fs.existsSync(refBin) ? await mcpClient(process.execPath, [refBin], plainEnv({ MEMORY_FILE_PATH: refFile }), home) : undefined;
  await scryClient.callTool({ name: 'scry_recall', arguments: { query: qs[0]! } });
  const scryRecall = summarize(await timeAsync((i) => scryClient.callTool({ name: 'scry_recall', arguments: { query: qs[i]! } }), N_MCP));
  const scryPath = summarize(await timeAsync((i) => scryClient.callTool({ name: 'scry_memory_path', arguments: { from: ps[i]![0], to: ps[i]![1] } }), N_MCP));
  let refSearch: ReturnType<typeof summarize> | undefined;
  let refOpen: ReturnType<typeof summarize> | undefined;
  if (refClient) {
    await refClient.callTool({ name: 'search_nodes', arguments: { query: qs[0]! } });
    refSearch = summarize(await timeAsync((i) => refClient.callTool({ name: 'search_nodes', arguments: { query: qs[i]! } }), N_MCP));
    refOpen = summarize(await timeAsync((i) => refClient.callTool({ name: 'open_nodes', arguments: { names: [g.names[i * 7]!] } }), N_MCP));
    await refClient.close();
  }

  // remember through the daemon (a socket round trip), and the hook's wall time.
  const rpc = (await connectRunning(home))!;
  const rememberRpc = summarize(
    await timeAsync((i) => rpc.request(P.MemoryRemember.type, { text: `rpc bench fact ${i} about ${kept[i]}`, entity: [kept[i]!] }), 100),
  );
  const orientRpc = summarize(await timeAsync(() => rpc.request(P.MemoryOrient.type, { cwd: repo }), 50));
  rpc.dispose();
  await scryClient.close();
  const hookUp = summarize(await timeAsync(() => hookOnce(home, repo), 15));
  await stopDaemon(home);
  const hookDown = summarize(await timeAsync(() => hookOnce(home, repo), 15));

  console.log(
    `machine load while measuring: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} (1/5/15 min) on ${os.cpus().length} cores`,
  );
  table(
    `recall and path on ${ENTITIES} entities / ${FACTS} facts / ${EPISODES} episodes`,
    ['what', 'n', 'p50', 'p95', 'note'],
    [
      ['recall, in process (all queries)', recallIn.n, ms(recallIn.p50), ms(recallIn.p95), verdict(recallIn.p50, 5)],
      ['  by name or alias', recallNames.n, ms(recallNames.p50), ms(recallNames.p95), ''],
      ['  by phrase (full text, passages)', recallPhrases.n, ms(recallPhrases.p50), ms(recallPhrases.p95), ''],
      [
        '  same queries, passages emptied (entity half alone)',
        recallBare.n,
        ms(recallBare.p50),
        ms(recallBare.p95),
        `passages cost ${ratio(recallIn.p50, recallBare.p50)} at p50`,
      ],
      ['path, in process', pathIn.n, ms(pathIn.p50), ms(pathIn.p95), `${found}/${ps.length} found within 4 hops`],
      ['scry_recall via MCP client', scryRecall.n, ms(scryRecall.p50), ms(scryRecall.p95), verdict(scryRecall.p50, 10)],
      ['scry_memory_path via MCP client', scryPath.n, ms(scryPath.p50), ms(scryPath.p95), ''],
      ...(refSearch && refOpen
        ? [
            [
              'server-memory search_nodes via MCP',
              refSearch.n,
              ms(refSearch.p50),
              ms(refSearch.p95),
              `${ratio(refSearch.p50, scryRecall.p50)} scry_recall's p50`,
            ],
            ['server-memory open_nodes via MCP', refOpen.n, ms(refOpen.p50), ms(refOpen.p95), `${ratio(refOpen.p50, scryRecall.p50)} scry_recall's p50`],
          ]
        : [['server-memory', 0, '-', '-', 'not installed (npm i -D @modelcontextprotocol/server-memory)']]),
    ],
  );
  record({
    figure: 'recall p50 in process (10k/50k/5k, ~20 MB text)',
    value: ms(recallIn.p50),
    baseline: '-',
    ratio: '-',
    target: '<= 5 ms',
    ok: recallIn.p50 <= 5,
  });
  record({
    figure: 'scry_recall p50 via MCP',
    value: ms(scryRecall.p50),
    baseline: refSearch ? `search_nodes ${ms(refSearch.p50)}` : '-',
    ratio: refSearch ? ratio(scryRecall.p50, refSearch.p50) : '-',
    target: '<= 10 ms',
    ok: scryRecall.p50 <= 10,
  });
  table(
    'remember, orientation, SessionStart hook',
    ['what', 'n', 'p50', 'p95'],
    [
      ['remember, in process', rememberIn.n, ms(rememberIn.p50), ms(rememberIn.p95)],
      ['remember via the daemon socket', rememberRpc.n, ms(rememberRpc.p50), ms(rememberRpc.p95)],
      ['orient, in process', orientIn.n, ms(orientIn.p50), ms(orientIn.p95)],
      ['orient via the daemon socket', orientRpc.n, ms(orientRpc.p50), ms(orientRpc.p95)],
      ['hook wall time, daemon up (node + CLI + answer)', hookUp.n, ms(hookUp.p50), ms(hookUp.p95)],
      ['hook wall time, daemon down', hookDown.n, ms(hookDown.p50), ms(hookDown.p95)],
    ],
  );
  fs.rmSync(home, { recursive: true, force: true });
}
