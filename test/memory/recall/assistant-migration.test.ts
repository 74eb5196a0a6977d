// The migration that marks the assistant's passages (issue 37, recur37): a
// memory.db written before it holds the assistant's answers with their lines
// said in another session too stripped from what recall shows; once opened,
// its passages are written again, the assistant's marked and shown whole,
// while the user-side block both sessions carried stays out of the index and
// out of the answer.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { recall } from '../../../daemon/memory/recall';
import { MemoryStore } from '../../../daemon/memory/store';
import { ASSISTANT_PASSAGES_MIGRATION } from '../../../daemon/memory/store/passage-schema';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../daemon/memory/store/schema';
import { openDatabase } from '../../../daemon/sqlite';
import { tempDir } from '../../helpers';
import { storeEpisode } from '../stored-episode';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const HOOK = '# Beads Workflow Context: run bd prime after compaction, clear or a new session';
const URL = 'https://example.github.io/log_viewer/log_viewer.css';
const answer = (what: string): string =>
  `assistant: ${what}\n- If \`--viewer-assets-base\` is **not** provided, the exported page now uses:\n  - \`${URL}\`\n- Local copying was removed.`;
const QUERY = 'where does the exported page load the viewer stylesheet from when viewer-assets-base is not given';

const shown = (store: MemoryStore): string => (recall(store, { query: QUERY }, NOW).passages ?? []).map((p) => p.snippet).join('\n');

describe('assistant passages migration', () => {
  it("rewrites the stored passages so the assistant's are marked and shown whole, the user-side boilerplate still dropped", () => {
    const home = tempDir('assistant-migration');
    const file = path.join(home, 'memory.db');
    // Two sessions stored by this Scry, then taken back to the schema before the migration (as an older Scry wrote it:
    // the same passages, index rows and boilerplate, without the column).
    const fresh = new MemoryStore(file, { now: () => NOW });
    const add = (id: string, session: string, text: string): void => storeEpisode(fresh, { id, session, text });
    add('e1', 's1', `user: ${HOOK}\nmake the export load the viewer stylesheet from github pages\n\n${answer('Changed the exporter.')}`);
    add('e2', 's2', `user: ${HOOK}\nadd a flag to choose where viewer assets come from\n\n${answer('Added the option.')}`);
    fresh.db.close();
    const before = MIGRATIONS.indexOf(ASSISTANT_PASSAGES_MIGRATION);
    assert.ok(before > 0, 'the migration is in the list');
    const old = openDatabase(file);
    old.exec(`ALTER TABLE passages DROP COLUMN assistant`);
    // Nor what later migrations added (issue 38: anchors' sentences).
    old.exec(`ALTER TABLE anchors DROP COLUMN sentence`);
    old.pragma(`user_version = ${before}`);
    old.close();

    const store = new MemoryStore(file, { now: () => NOW });
    try {
      assert.equal(store.db.pragma('user_version', { simple: true }), SCHEMA_VERSION);
      assert.deepEqual(
        store.db
          .prepare<[], { assistant: number; noise: number }>(`SELECT assistant, noise FROM passages ORDER BY id`)
          .all()
          .map((p) => [p.assistant, p.noise]),
        [
          [0, 0],
          [1, 0],
          [0, 0],
          [1, 0],
        ],
        "every stored passage written again, the assistant's marked",
      );
      const text = shown(store);
      assert.ok(text.includes(URL), `the answer's URL is shown: ${text}`);
      assert.ok(!text.includes('Beads Workflow Context'), `the pasted hook output is not: ${text}`);
      const hits = store.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM passages_fts WHERE passages_fts MATCH '"beads" AND "workflow"'`).get()!.n;
      assert.equal(hits, 0, 'the hook output is still not searched');
    } finally {
      store.db.close();
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
