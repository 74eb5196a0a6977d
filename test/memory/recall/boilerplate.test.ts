// Issue 37's substance check: boilerplate found by recurrence on the real
// fixtures. The passages it makes noise are counted and drawn as
// boilerplate-sample.ts draws them, and must be the ones read by hand in
// test/fixtures/memory/real-recall/boilerplate-check.json, none of them
// substance. And on a store of its own: a line said in two sessions stops
// being searched or shown, in the passage written before it recurred too,
// while the text stays stored; a short passage of the session's own stays.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { recall } from '../../../daemon/memory/recall';
import { MemoryStore } from '../../../daemon/memory/store';
import { storeEpisode } from '../stored-episode';
import { boilerplateCount, labelOf, readLabels } from './boilerplate-sample';

const LABELS = readLabels();

describe('boilerplate on the real fixtures (issue 37)', () => {
  it('makes noise only of passages read by hand, none of them substance', async () => {
    const now = await boilerplateCount();
    console.log(
      `noise now: ${now.noise} of ${now.passages} passages (${now.trimmed} trimmed); first hand check: ${LABELS.first.noise} of ${LABELS.first.passages}`,
    );
    assert.ok(now.noise > 0, 'the recurring prompts of the fixtures are found');
    // Every passage drawn now was read by hand (itself, or every line of it inside one that was), and none is substance.
    const unread = now.sample.filter((p) => labelOf(p, LABELS) === undefined);
    assert.deepEqual(unread, [], 'noise passages nobody read: read them and add them to boilerplate-check-recut.json');
    assert.deepEqual(
      now.sample.filter((p) => labelOf(p, LABELS)!.substance),
      [],
    );
    assert.deepEqual(
      [...LABELS.first.sample, ...LABELS.recut].filter((s) => s.substance),
      [],
    );
  });
});

describe('boilerplate by recurrence', () => {
  const NOW = new Date('2026-03-01T00:00:00.000Z');
  const PROMPT = 'Your task is to create a detailed summary of the conversation so far, paying close attention to requests.';
  const episode = (store: MemoryStore, id: string, session: string, text: string): void => storeEpisode(store, { id, session, text });

  it('stops searching and showing a line two sessions said, the earlier passage too, and keeps the text', () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-boilerplate-'));
    const store = new MemoryStore(path.join(home, 'memory.db'), { now: () => NOW });
    try {
      const hits = (q: string): number =>
        store.db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM passages_fts WHERE passages_fts MATCH ?`).get(q)!.n;
      episode(store, 'e1', 's1', `user: ${PROMPT}\n\nassistant: The deploy target is the zebra cluster.`);
      assert.equal(hits('"detailed" AND "summary"'), 1, 'said once: searched');
      episode(store, 'e2', 's1', `user: ${PROMPT}\n\nassistant: Nothing else.`);
      assert.equal(hits('"detailed" AND "summary"'), 2, 'said twice in one session: still its own');
      episode(store, 'e3', 's2', `user: ${PROMPT}\n\nassistant: use pnpm`);
      assert.equal(hits('"detailed" AND "summary"'), 0, 'said in a second session: searched nowhere, earlier passages included');
      assert.equal(hits('"zebra"'), 1, 'what the session said of its own is still searched');
      assert.equal(hits('"pnpm"'), 1, 'a short passage of its own stays');
      const stored = store.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM passages WHERE text LIKE '%detailed summary%'`).get()!.n;
      assert.equal(stored, 3, 'stored as it was');
      const r = recall(store, { query: 'detailed summary of the conversation' }, NOW);
      assert.ok(!(r.passages ?? []).some((p) => p.snippet.includes('detailed summary')), JSON.stringify(r.passages));
    } finally {
      store.db.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });

  // As in the codex_log_viewer rollouts (question c52): the assistant gives the same hosted URL in two sessions'
  // answers, and both sessions' user turns carry the same pasted hook output.
  const HOOK = '# Beads Workflow Context: run bd prime after compaction, clear or a new session';
  const URL_LINE = '  - `https://example.github.io/log_viewer/log_viewer.css`';
  const answer = (what: string): string =>
    `assistant: ${what}\n- If \`--viewer-assets-base\` is **not** provided, the exported page now uses:\n${URL_LINE}\n- Local copying was removed.`;

  it("shows the assistant's own line said in another session too, and still drops the user-side block both sessions carried", () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'scry-boilerplate-'));
    const store = new MemoryStore(path.join(home, 'memory.db'), { now: () => NOW });
    try {
      episode(store, 'e1', 's1', `user: ${HOOK}\nmake the export load the viewer stylesheet from github pages\n\n${answer('Changed the exporter.')}`);
      episode(store, 'e2', 's2', `user: ${HOOK}\nadd a flag to choose where viewer assets come from\n\n${answer('Added the option.')}`);
      const r = recall(store, { query: 'where does the exported page load the viewer stylesheet from when viewer-assets-base is not given' }, NOW);
      const shown = (r.passages ?? []).map((p) => p.snippet).join('\n');
      assert.ok(shown.includes('https://example.github.io/log_viewer/log_viewer.css'), `the answer's URL is shown: ${shown}`);
      assert.ok(!shown.includes('Beads Workflow Context'), `the pasted hook output is not: ${shown}`);
      const hits = (q: string): number =>
        store.db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM passages_fts WHERE passages_fts MATCH ?`).get(q)!.n;
      assert.equal(hits('"beads" AND "workflow"'), 0, 'the hook output is not searched');
      assert.equal(hits('"stylesheet" AND "github"'), 1, 'what the user said of their own still is');
      const passages = store.db
        .prepare<[], { text: string; assistant: number; noise: number }>(`SELECT text, assistant, noise FROM passages ORDER BY id`)
        .all();
      assert.deepEqual(
        passages.map((p) => [p.text.slice(0, 5), p.assistant, p.noise]),
        [
          ['user:', 0, 0],
          ['assis', 1, 0],
          ['user:', 0, 0],
          ['assis', 1, 0],
        ],
        "the assistant's passages are marked, none of them noise",
      );
    } finally {
      store.db.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
