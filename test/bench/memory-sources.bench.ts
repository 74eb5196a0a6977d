// Ingest throughput per transcript source, beside Claude Code's: each
// source's real fixture (the files the real Gemini CLI, Qwen Code and
// OpenCode wrote; Cursor's written ones) copied into many sessions, then
// discovered and ingested end to end (distill, chunk, store with passages,
// offline extraction) into a fresh memory.db. MB/s counts the bytes of the
// sessions as their agent stored them (files; for databases, the JSON held
// in the session's rows). Claude Code's real transcripts run in the same
// rounds, the order rotated each round, and each source's median is shown
// as a ratio to Claude's. The sources that live in a database (OpenCode's
// opencode.db, Cursor's composers in state.vscdb) run twice in the same
// rounds: with one connection for the whole pass, as a sweep reads them, and
// with a connection per read (the listing, each stamp, each distill, and for
// Cursor each workspace per composer), as sweeps read them before.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ExtractionChain, ExtractionWorker, OfflineProvider } from '../../daemon/memory/extract';
import { ingestFile } from '../../daemon/memory/ingest';
import { discoverIn, ForeignReads, SOURCES, sourceHome, type SourceId } from '../../daemon/memory/sources';
import { MemoryStore } from '../../daemon/memory/store';
import { openDatabase } from '../../daemon/sqlite';
import { kvDb } from '../memory/sources/cursor-store';
import { ratio, summarize, table } from './stats';
import { record } from './summary';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'memory');
const COPIES = 60;
const ROUNDS = 3;

interface Corpus {
  /** The row's name (the source id, or the source and how it is read). */
  label: string;
  source: SourceId;
  root: string;
  bytes: number;
  /** Read as a sweep does, every database through one connection; false: a connection per read. */
  scoped: boolean;
}

const filesIn = (dir: string, keep: (p: string) => boolean): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((p) => fs.statSync(p).isFile() && keep(p));

/** `COPIES` copies of each file, each in its own folder laid out like the original (relative to `base`). */
function copies(files: string[], base: string, into: string, rename: (rel: string, i: number) => string = (rel) => rel): number {
  let bytes = 0;
  for (let i = 0; i < COPIES; i++)
    for (const f of files) {
      const dest = path.join(into, rename(path.relative(base, f), i));
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.copyFileSync(f, dest);
      bytes += fs.statSync(f).size;
    }
  return bytes;
}

function claudeCorpus(dir: string): Corpus {
  const base = path.join(FIXTURES, 'claude', 'real');
  const files = filesIn(base, (p) => p.endsWith('.jsonl'));
  const root = path.join(dir, 'claude');
  const bytes = files.reduce((n, f) => n + fs.statSync(f).size, 0);
  for (const f of files) {
    const dest = path.join(root, 'proj', path.relative(base, f));
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.copyFileSync(f, dest);
  }
  return { label: 'claude', source: 'claude', root, bytes, scoped: true };
}

function chatCorpus(dir: string, source: 'gemini' | 'qwen', store: string): Corpus {
  const base = path.join(FIXTURES, source, 'real-cli', store);
  const chats = filesIn(base, (p) => p.endsWith('.jsonl'));
  const root = path.join(dir, source);
  // Gemini CLI names its chats session-*; Qwen Code by the session id alone.
  const prefix = source === 'gemini' ? 'session-' : '';
  const bytes = copies(chats, path.dirname(path.dirname(chats[0]!)), root, (rel, i) =>
    path.join(`p${i}`, rel.replace(/([^/]+)\.jsonl$/, `${prefix}${i}-$1.jsonl`)),
  );
  return { label: source, source, root, bytes, scoped: true };
}

function opencodeCorpus(dir: string): Corpus {
  const root = path.join(dir, 'opencode');
  fs.mkdirSync(root, { recursive: true });
  const db = path.join(root, 'opencode.db');
  fs.copyFileSync(path.join(FIXTURES, 'opencode', 'real-cli', '.local', 'share', 'opencode', 'opencode.db'), db);
  const conn = openDatabase(db);
  const one = conn.prepare(`SELECT (SELECT sum(length(data)) FROM message) + (SELECT sum(length(data)) FROM part) AS n`).get() as { n: number };
  conn.transaction(() => {
    for (let i = 1; i < COPIES; i++) {
      conn.exec(
        `INSERT INTO session SELECT id || '~c${i}', project_id, workspace_id, parent_id, slug, directory, path, title, version, share_url, summary_additions, summary_deletions, summary_files, summary_diffs, metadata, cost, tokens_input, tokens_output, tokens_reasoning, tokens_cache_read, tokens_cache_write, revert, permission, agent, model, time_created, time_updated, time_compacting, time_archived FROM session WHERE id NOT LIKE '%~c%'`,
      );
      conn.exec(`INSERT INTO message SELECT id || '~c${i}', session_id || '~c${i}', time_created, time_updated, data FROM message WHERE id NOT LIKE '%~c%'`);
      conn.exec(
        `INSERT INTO part SELECT id || '~c${i}', message_id || '~c${i}', session_id || '~c${i}', time_created, time_updated, data FROM part WHERE id NOT LIKE '%~c%'`,
      );
    }
  })();
  conn.close();
  return { label: 'opencode', source: 'opencode', root, bytes: one.n * COPIES, scoped: true };
}

function cursorCorpus(dir: string): Corpus {
  const base = path.join(FIXTURES, 'cursor', 'written', 'agent-transcripts');
  const root = path.join(dir, 'cursor');
  const bytes = copies(
    filesIn(base, () => true),
    base,
    root,
    (rel, i) => path.join(`p${i}`, 'agent-transcripts', rel),
  );
  return { label: 'cursor', source: 'cursor', root, bytes, scoped: true };
}

/** `COPIES` copies of the written composer in a global state.vscdb, listed three to a workspace in workspaceStorage/. */
function cursorComposerCorpus(dir: string): Corpus {
  const rows = (
    JSON.parse(fs.readFileSync(path.join(FIXTURES, 'cursor', 'written', 'composers.json'), 'utf8')) as { cursorDiskKV: Record<string, Record<string, unknown>> }
  ).cursorDiskKV;
  const original = Object.keys(rows)
    .find((k) => k.startsWith('composerData:'))!
    .slice('composerData:'.length);
  const user = path.join(dir, 'cursor-composers', 'User');
  const root = path.join(user, 'globalStorage');
  const ids = Array.from({ length: COPIES }, (_, i) => `${original}-${i}`);
  const entries = ids.flatMap((id) =>
    Object.entries(rows).map(([k, v]): [string, unknown] => [k.replace(original, id), k.startsWith('composerData:') ? { ...v, composerId: id } : v]),
  );
  kvDb(path.join(root, 'state.vscdb'), 'cursorDiskKV', Object.fromEntries(entries));
  for (let w = 0; w * 3 < ids.length; w++) {
    const ws = path.join(user, 'workspaceStorage', `ws${w}`);
    kvDb(path.join(ws, 'state.vscdb'), 'ItemTable', {
      'composer.composerData': { allComposers: ids.slice(w * 3, w * 3 + 3).map((composerId) => ({ composerId })) },
    });
    fs.writeFileSync(path.join(ws, 'workspace.json'), JSON.stringify({ folder: `file://${path.join(dir, `project-${w}`)}` }));
  }
  const bytes = entries.reduce((n, [, v]) => n + JSON.stringify(v).length, 0);
  return { label: 'cursor composers', source: 'cursor', root, bytes, scoped: true };
}

/** The same corpus read with a connection per read, as sweeps did before. */
const perRead = (c: Corpus): Corpus => ({ ...c, label: `${c.label}, a connection per read (before)`, scoped: false });

async function ingestAll(dir: string, corpus: Corpus): Promise<{ seconds: number; sessions: number; episodes: number }> {
  const store = new MemoryStore(path.join(dir, `memory-${corpus.source}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`));
  const reads = corpus.scoped ? new ForeignReads() : undefined;
  const worker = new ExtractionWorker(store, new ExtractionChain([new OfflineProvider()], store, {}), { deadlineMs: 60_000 });
  const source = SOURCES[corpus.source];
  const start = performance.now();
  const found = discoverIn(source, corpus.root, sourceHome({ home: dir }), reads);
  for (const f of found) await ingestFile(store, source, f.path, { home: dir, reads });
  reads?.dispose();
  await worker.drain();
  const seconds = (performance.now() - start) / 1000;
  const episodes = store.counts().episodes;
  store.close();
  return { seconds, sessions: found.length, episodes };
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-bench-sources-'));
  const opencode = opencodeCorpus(dir);
  const composers = cursorComposerCorpus(dir);
  const corpora = [
    claudeCorpus(dir),
    chatCorpus(dir, 'gemini', '.gemini'),
    chatCorpus(dir, 'qwen', '.qwen'),
    opencode,
    perRead(opencode),
    cursorCorpus(dir),
    composers,
    perRead(composers),
  ];
  const runs = new Map<string, Array<Awaited<ReturnType<typeof ingestAll>>>>();
  for (let r = 0; r < ROUNDS; r++) {
    const order = corpora.map((_, i) => corpora[(i + r) % corpora.length]!);
    for (const c of order) runs.set(c.label, [...(runs.get(c.label) ?? []), await ingestAll(dir, c)]);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const mbps = (c: Corpus): number => c.bytes / 1e6 / summarize(runs.get(c.label)!.map((x) => x.seconds)).p50;
  const claude = mbps(corpora[0]!);
  // Sessions here are short (one episode each), Claude's fixtures long: per-episode time shows the fixed cost MB/s hides.
  const perEpisode = (c: Corpus): number => (summarize(runs.get(c.label)!.map((x) => x.seconds)).p50 * 1000) / runs.get(c.label)![0]!.episodes;
  const claudeEp = perEpisode(corpora[0]!);
  table(
    `ingest per source (distill, chunk, store with passages, offline extraction), median of ${ROUNDS} rounds, order rotated`,
    ['source', 'sessions', 'MB stored by the agent', 'episodes', 'MB/s', 'MB/s vs Claude Code', 'ms per episode', 'per episode vs Claude Code'],
    corpora.map((c) => {
      const first = runs.get(c.label)![0]!;
      const base = c.source === 'claude';
      return [
        c.label,
        `${first.sessions}`,
        (c.bytes / 1e6).toFixed(2),
        `${first.episodes}`,
        mbps(c).toFixed(2),
        base ? '1.00x (baseline)' : ratio(mbps(c), claude),
        perEpisode(c).toFixed(1),
        base ? '1.00x (baseline)' : ratio(perEpisode(c), claudeEp),
      ];
    }),
  );
  for (const c of corpora.slice(1).filter((x) => x.scoped))
    record({
      figure: `ingest MB/s, ${c.label}`,
      value: `${mbps(c).toFixed(2)} MB/s`,
      baseline: `${claude.toFixed(2)} MB/s claude`,
      ratio: ratio(mbps(c), claude),
      target: 'shown',
    });
  for (const c of [opencode, composers]) {
    const before = corpora.find((x) => x.label === perRead(c).label)!;
    record({
      figure: `ingest MB/s, ${c.label}, one connection per sweep`,
      value: `${mbps(c).toFixed(2)} MB/s`,
      baseline: `${mbps(before).toFixed(2)} MB/s a connection per read`,
      ratio: ratio(mbps(c), mbps(before)),
      target: 'shown',
    });
  }
}
