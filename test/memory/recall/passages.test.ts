// Passages, what recall searches of what the sessions said: cut from the
// distilled text of REAL fixture sessions (test/fixtures/memory/claude/real),
// written with their episode, gone with it, filled in for a memory.db made
// by the schema before passages; and recall quoting them as snippets with
// the lines to open, within its budget. The questions below were written
// from sentences of those transcripts, in other words than the sentence
// where possible, not from the ranker's output.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { estimateTokens } from '../../../daemon/memory/episode';
import { ingestFile } from '../../../daemon/memory/ingest';
import { forget } from '../../../daemon/memory/inspect';
import { PASSAGE_MAX, SHORT_RUN, SHORT_RUN_SLACK, splitPassages } from '../../../daemon/memory/passage';
import { recall } from '../../../daemon/memory/recall';
import { remember } from '../../../daemon/memory/remember';
import { MemoryStore } from '../../../daemon/memory/store';
import { PASSAGES_MIGRATION, SHORT_RUNS_MIGRATION } from '../../../daemon/memory/store/passage-schema';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../daemon/memory/store/schema';
import { recallText } from '../../../daemon/protocol/memory-text';
import { openDatabase } from '../../../daemon/sqlite';
import { ROOT, tempDir } from '../../helpers';
import { SETS } from '../real-recall/questions';

const REAL = path.join(ROOT, 'test', 'fixtures', 'memory', 'claude', 'real');
const SHOWCASE = path.join(REAL, 'daaain-showcase', '55550000-0000-4000-8000-000000000001', 'subagents', 'agent-showcol1.jsonl');
const NOW = new Date('2026-03-01T00:00:00Z');

function realFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? realFiles(path.join(dir, e.name)) : e.name.endsWith('.jsonl') ? [path.join(dir, e.name)] : []));
}

interface PassageDbRow {
  id: number;
  episode_seq: number;
  char_start: number;
  char_end: number;
  line_start: number;
  line_end: number;
  occurred_at: string;
  text: string;
}

const passagesOf = (store: MemoryStore): PassageDbRow[] => store.db.prepare<[], PassageDbRow>(`SELECT * FROM passages ORDER BY id`).all();
const ftsHits = (store: MemoryStore, word: string): number =>
  store.db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM passages_fts WHERE passages_fts MATCH ?`).get(`"${word}"`)!.n;

describe('passages of real sessions', () => {
  let home: string;
  let store: MemoryStore;
  before(async () => {
    home = tempDir('passages');
    store = new MemoryStore(path.join(home, 'memory.db'), { now: () => NOW });
    for (const f of realFiles(REAL)) await ingestFile(store, 'claude', f, { home });
  });
  after(() => {
    store.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('cuts every stored episode into passages that cover its text, each within one turn and at most PASSAGE_MAX (+ a short run it took in) long', () => {
    const episodes = store.db
      .prepare<[], { seq: number; text: string; line_start: number; line_end: number; occurred_at: string }>(
        `SELECT seq, text, line_start, line_end, occurred_at FROM episodes`,
      )
      .all();
    assert.ok(episodes.length >= 3, `${episodes.length} episodes from the real fixtures`);
    const rows = passagesOf(store);
    for (const ep of episodes) {
      const mine = rows.filter((r) => r.episode_seq === ep.seq);
      assert.ok(mine.length > 0, `episode ${ep.seq} has passages`);
      for (const p of mine) {
        assert.equal(p.text, ep.text.slice(p.char_start, p.char_end), 'a passage is its span of the episode text');
        assert.ok(p.text.length <= PASSAGE_MAX + SHORT_RUN_SLACK, `${p.text.length} chars`);
        assert.ok(
          p.line_start >= ep.line_start && p.line_end <= ep.line_end && p.line_start <= p.line_end,
          `lines ${p.line_start}-${p.line_end} in ${ep.line_start}-${ep.line_end}`,
        );
        assert.equal(p.occurred_at, ep.occurred_at, "a passage's time is its session's");
        assert.doesNotMatch(p.text.slice(1), /\n\n(?:user|assistant)(?: \([^)]*\))?: /, 'no passage crosses into the next turn');
      }
      // Nothing of the text is lost: the passages, joined, hold every non-space character in order.
      assert.equal(
        mine
          .map((p) => p.text)
          .join('')
          .replace(/\s+/g, ''),
        ep.text.replace(/\s+/g, ''),
      );
    }
    const count = store.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM passages_fts`).get()!.n;
    const noise = store.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM passages WHERE noise = 1`).get()!.n;
    assert.equal(count, rows.length - noise, 'one index row per passage that is not all boilerplate');
  });

  it("packs a turn greedily, a cut paragraph's pieces with the paragraphs around them, and never cuts inside a tool breadcrumb line", () => {
    const episodes = store.db.prepare<[], { seq: number; text: string }>(`SELECT seq, text FROM episodes`).all();
    let cutParagraphs = 0;
    let crumbs = 0;
    let joined = 0;
    for (const ep of episodes) {
      const spans = splitPassages(ep.text);
      for (let i = 0; i + 1 < spans.length; i++) {
        const [a, b] = [spans[i]!, spans[i + 1]!];
        if (a.turn !== b.turn) continue;
        // Two neighbours of one turn would not have fitted together: no piece stands alone that could have joined the next.
        assert.ok(
          b.end - a.start > PASSAGE_MAX,
          `episode ${ep.seq}: ${JSON.stringify(ep.text.slice(a.start, a.end))} could have taken ${JSON.stringify(ep.text.slice(b.start, b.end))}`,
        );
        // Nor is a short one left alone that could have joined its neighbour.
        const short = a.end - a.start < SHORT_RUN || b.end - b.start < SHORT_RUN;
        assert.ok(
          !short || b.end - a.start > PASSAGE_MAX + SHORT_RUN_SLACK,
          `episode ${ep.seq}: ${JSON.stringify(ep.text.slice(a.start, a.end))} and ${JSON.stringify(ep.text.slice(b.start, b.end))} stand apart`,
        );
        if (/\n[ \t]*\n/.test(ep.text.slice(a.start, b.end)) && !/\n[ \t]*\n\s*$/.test(ep.text.slice(a.start, b.start))) cutParagraphs++;
      }
      joined += spans.filter((s) => s.end - s.start > PASSAGE_MAX).length;
      // A breadcrumb line lies whole inside one passage.
      for (const m of ep.text.matchAll(/^\[(?:ran|edited|read|searched|fetched|used|task)[: ][^\n]*$/gm)) {
        crumbs++;
        const [from, to] = [m.index, m.index + m[0].length];
        const cut = spans.some((s) => (s.start > from && s.start < to) || (s.end > from && s.end < to));
        assert.ok(!cut, `episode ${ep.seq}: breadcrumb cut inside: ${m[0]}`);
      }
    }
    assert.ok(crumbs > 20, `${crumbs} breadcrumb lines in the real fixtures`);
    assert.ok(cutParagraphs > 0, 'a passage holds the end of one paragraph and the start of the next');
    assert.ok(joined > 0, 'a short run took in by its neighbour, past PASSAGE_MAX');
  });

  it("packs a turn's short closing line with the summary it closes, and a short line between two long paragraphs with the shorter", () => {
    const sentences = (n: number, tag: string): string => Array.from({ length: n }, (_, i) => `The ${tag} step ${i} rewrote the exporter rows.`).join(' ');
    const summary = sentences(8, 'summary');
    const offer = 'If you want, I can also add a `--keep-mirrors` flag for legacy exports.';
    const text = `assistant: ${sentences(9, 'first')}\n\n${summary}\n\n${offer}`;
    const shown = splitPassages(text).map((s) => text.slice(s.start, s.end));
    assert.equal(shown.length, 2, JSON.stringify(shown));
    assert.ok(shown[1]!.startsWith(summary) && shown[1]!.endsWith(offer), 'the offer stays with the summary');
    assert.ok(shown[1]!.length > PASSAGE_MAX);

    const between = 'Then the second half, which the user asked for after lunch:';
    const long = `assistant: ${sentences(9, 'a')}\n\n${between}\n\n${sentences(9, 'c')}`;
    const spans = splitPassages(long).map((s) => long.slice(s.start, s.end));
    assert.equal(spans.length, 2, JSON.stringify(spans));
    assert.ok(spans[1]!.startsWith(between), 'the short line joins the shorter paragraph after it');
  });

  it("gives a passage its turn's lines, not the whole episode's", () => {
    const ep = store.db
      .prepare<[], { seq: number; line_start: number; line_end: number }>(
        `SELECT seq, line_start, line_end FROM episodes WHERE source_path LIKE '%simonw-sample_session.jsonl'`,
      )
      .get()!;
    const spans = passagesOf(store)
      .filter((p) => p.episode_seq === ep.seq)
      .map((p) => `${p.line_start}-${p.line_end}`);
    assert.ok(new Set(spans).size > 1, `turn spans ${spans.join(', ')} in episode ${ep.line_start}-${ep.line_end}`);
  });

  it('splits a long paragraph at sentence ends', () => {
    const sentence = 'The deploy script copies the build to the edge machine and reloads nginx. ';
    const text = `assistant: ${sentence.repeat(20).trim()}`;
    const spans = splitPassages(text, 200);
    assert.ok(spans.length >= 7, `${spans.length} passages`);
    for (const s of spans) {
      assert.ok(s.end - s.start <= 200);
      assert.match(text.slice(s.start, s.end), /\.$/, 'each ends at a sentence end');
    }
  });

  it('recall finds the passage that answers a plain-words question and quotes it with the lines to open', () => {
    const r = recall(store, { query: 'what should happen to an image that is wider than its column?' }, NOW);
    const p = r.passages?.[0];
    assert.ok(p, recallText(r));
    assert.match(p.snippet, /scale down to fit/);
    assert.equal(p.path, SHOWCASE);
    const lines = fs.readFileSync(SHOWCASE, 'utf8').split('\n');
    assert.ok(
      lines
        .slice(p.line_start - 1, p.line_end)
        .join('\n')
        .includes('scale down to fit'),
      `lines ${p.line_start}-${p.line_end} hold the sentence`,
    );
    const text = recallText(r);
    // Several files: the folder they share is named once in the heading, each file after it.
    const folder = /^## what past sessions said \(files under (.+?), then lines/m.exec(text)?.[1] ?? '';
    assert.ok(text.includes('scale down to fit') && SHOWCASE.startsWith(folder) && text.includes(`\n${SHOWCASE.slice(folder.length)} (`), text);

    const wrap = recall(store, { query: 'which part takes care of wrapping long lines of text?' }, NOW);
    assert.ok(
      wrap.passages?.slice(0, 3).some((x) => /CSS should handle word wrapping/.test(x.snippet)),
      recallText(wrap),
    );
  });

  it('stays within its token budget, at least one passage however small', () => {
    const q = 'how are functions, decorators and markdown handled?';
    const full = recall(store, { query: q }, NOW);
    assert.ok((full.passages?.length ?? 0) >= 3, recallText(full));
    for (const budget of [20, 120, 300]) {
      const r = recall(store, { query: q, budget }, NOW);
      const ps = r.passages ?? [];
      assert.ok(ps.length >= 1);
      const cost = ps.slice(1).reduce((n, p) => n + estimateTokens(p.snippet), 0);
      assert.ok(cost <= budget, `budget ${budget}: ${cost} tokens of snippets beyond the first`);
      assert.ok(ps.length < full.passages!.length || budget >= 300, `budget ${budget} keeps ${ps.length} of ${full.passages!.length}`);
      assert.ok((r.omitted.passages ?? 0) > 0 || ps.length === full.passages!.length);
    }
  });

  it('shows a passage that does not fit whole by its best whole sentences in the budget left, never a cut word', () => {
    // The real-recall questions about these transcripts, at budgets where the last passage shown often does not fit whole.
    const questions = SETS[0]!.questions.filter((q) => q.transcript.startsWith('claude/real/')).map((q) => q.question);
    assert.ok(questions.length >= 10);
    const words = new Set(
      store.db
        .prepare<[], { text: string }>(`SELECT text FROM episodes`)
        .all()
        .flatMap((e) => e.text.split(/\s+/)),
    );
    let partial = 0;
    for (const query of questions)
      for (const budget of [300, 500, 700]) {
        const r = recall(store, { query, budget }, NOW);
        const ps = r.passages ?? [];
        for (const p of ps.slice(1)) {
          if (!p.snippet.includes('…')) continue;
          partial++;
          // Every word shown is a whole word of what the sessions said.
          for (const w of p.snippet.split(/\s+/).filter((x) => x && x !== '…')) assert.ok(words.has(w.replace(/^…|…$/g, '')), `"${w}" is cut: ${p.snippet}`);
        }
        const cost = ps.slice(1).reduce((n, p) => n + estimateTokens(p.snippet), 0);
        assert.ok(cost <= budget, `budget ${budget}: ${cost} tokens of snippets beyond the first`);
      }
    assert.ok(partial > 0, 'some answer showed a passage in part');
  });

  it('forgetting an episode removes its passages and their index rows', () => {
    const ep = store.db.prepare<[], { id: string; seq: number }>(`SELECT id, seq FROM episodes WHERE source_path LIKE '%agent-showcol1.jsonl'`).get()!;
    assert.ok(ftsHits(store, 'scale') > 0);
    forget(store, { episode: ep.id });
    assert.equal(passagesOf(store).filter((p) => p.episode_seq === ep.seq).length, 0);
    assert.equal(ftsHits(store, 'scale'), 0, 'the index forgot the words too');
    const count = store.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM passages_fts`).get()!.n;
    assert.equal(count, passagesOf(store).length - store.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM passages WHERE noise = 1`).get()!.n);
    assert.equal(recall(store, { query: 'image wider than column scale down' }, NOW).passages?.some((p) => p.path === SHOWCASE) ?? false, false);
  });
});

describe('passage ranking beyond the words', () => {
  it("lifts the asker's project and keeps to what was said by as_of", () => {
    const home = tempDir('passages-boost');
    const store = new MemoryStore(path.join(home, 'memory.db'), { now: () => NOW });
    try {
      const repos = ['alpha', 'beta'].map((name) => {
        const dir = path.join(home, name);
        fs.mkdirSync(path.join(dir, '.git'), { recursive: true });
        return dir;
      });
      // The same sentence said in two projects, a month apart.
      remember(
        store,
        { text: 'The nightly export writes its files to the cold bucket.', cwd: repos[0], at: '2026-01-10T09:00:00Z' },
        { hasModel: false, now: NOW },
      );
      remember(
        store,
        { text: 'The nightly export writes its files to the cold bucket too.', cwd: repos[1], at: '2026-02-10T09:00:00Z' },
        { hasModel: false, now: NOW },
      );
      const first = (cwd: string): string | undefined =>
        recall(store, { query: 'where does the nightly export write files?', cwd }, NOW).passages?.[0]?.repo_root;
      assert.equal(first(repos[0]!), repos[0], 'asked from alpha, alpha first');
      assert.equal(first(path.join(repos[1]!, 'src')), repos[1], 'asked from inside beta, beta first');
      const then = recall(store, { query: 'where does the nightly export write files?', as_of: '2026-01-20' }, NOW);
      assert.deepEqual(
        then.passages?.map((p) => p.repo_root),
        [repos[0]],
        'as of January, only what had been said by then',
      );
    } finally {
      store.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('a memory.db whose passages were cut before short runs joined a neighbour', () => {
  it('has them cut again when it is opened', async () => {
    const home = tempDir('short-runs-migrate');
    const file = path.join(home, 'memory.db');
    const fresh = new MemoryStore(file, { now: () => NOW });
    for (const f of realFiles(REAL)) await ingestFile(fresh, 'claude', f, { home });
    const expected = passagesOf(fresh).map((p) => p.text);
    assert.ok(
      expected.some((t) => t.length > PASSAGE_MAX),
      'the real fixtures have a short run joined',
    );
    fresh.close();
    // As an older Scry left it: the schema before this migration, and passages cut otherwise (here: none).
    const at = MIGRATIONS.indexOf(SHORT_RUNS_MIGRATION);
    assert.ok(at > 0);
    const old = openDatabase(file);
    old.exec('DELETE FROM passages');
    old.pragma(`user_version = ${at}`);
    old.close();
    const store = new MemoryStore(file, { now: () => NOW });
    try {
      assert.equal(store.db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
      assert.deepEqual(
        passagesOf(store).map((p) => p.text),
        expected,
      );
    } finally {
      store.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('a memory.db made before passages', () => {
  it('gets passages for its stored episodes when it is opened', async () => {
    const home = tempDir('passages-migrate');
    const file = path.join(home, 'memory.db');
    // A store with this Scry's episodes, then taken back to the schema before passages (as an older Scry wrote it).
    const fresh = new MemoryStore(path.join(home, 'fresh.db'), { now: () => NOW });
    for (const f of realFiles(REAL)) await ingestFile(fresh, 'claude', f, { home });
    const episodes = fresh.db
      .prepare<[], Record<string, unknown>>(
        `SELECT id, source, source_path, session_id, line_start, line_end, occurred_at, ingested_at, cwd, repo_root, text, summary, tokens FROM episodes`,
      )
      .all();
    const expected = passagesOf(fresh).length;
    fresh.close();
    const at = MIGRATIONS.indexOf(PASSAGES_MIGRATION);
    assert.ok(at > 0);
    const old = openDatabase(file);
    for (const m of MIGRATIONS.slice(0, at)) old.exec(m);
    old.pragma(`user_version = ${at}`);
    const ins =
      old.prepare(`INSERT INTO episodes(id, source, source_path, session_id, line_start, line_end, occurred_at, ingested_at, cwd, repo_root, text, summary, tokens)
      VALUES (@id, @source, @source_path, @session_id, @line_start, @line_end, @occurred_at, @ingested_at, @cwd, @repo_root, @text, @summary, @tokens)`);
    for (const e of episodes) ins.run(e);
    assert.throws(() => old.prepare(`SELECT count(*) FROM passages`).get(), /no such table/);
    old.close();

    const store = new MemoryStore(file, { now: () => NOW });
    try {
      assert.equal(store.db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
      assert.equal(passagesOf(store).length, expected, 'every stored episode got its passages');
      assert.ok(ftsHits(store, 'wrapping') > 0);
      const r = recall(store, { query: 'what should happen to an image that is wider than its column?' }, NOW);
      assert.match(r.passages?.[0]?.snippet ?? '', /scale down to fit/);
    } finally {
      store.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
