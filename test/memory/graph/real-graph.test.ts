// The memory graph on the real public transcripts (issue 36).
//
// File nodes: every file a
// session's tool calls read or edited under its working folder is a `file`
// entity named by its path there, part of the session's project; a path
// outside the folder (a plan under ~/.claude, /tmp) is none; a folder the
// session listed is none; code a file defines is part of that file. The
// expectations are read from the stored episodes' own breadcrumbs.
//
// Sessions in the side panel: an entity's episodes fold one row per session,
// compactions into the session they summarise, near-duplicates into one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as fs from 'node:fs';
import { filesWorkedOn } from '../../../daemon/memory/nlp/files';
import { EPISODE_REF_COLUMNS, type EpisodeRefRow } from '../../../daemon/memory/store/rows';
import { episodeOut } from '../../../daemon/memory/views';
import { foldEpisodes, isCompaction } from '../../../extension/memoryGraph/fold';
import { buildRealMemory, type RealMemory } from '../entity-labels/real-memory';

interface Ep {
  text: string;
  cwd: string | null;
  repo_root: string | null;
}

describe('file entities from the real transcripts', () => {
  let m: RealMemory;
  let episodes: Ep[];
  const files = (): Array<{ id: number; name: string; repo: string | null }> =>
    m.db.prepare<[], { id: number; name: string; repo: string | null }>(`SELECT id, name, repo FROM entities WHERE type = 'file'`).all();

  before(async () => {
    m = await buildRealMemory();
    assert.deepEqual(m.failed, []);
    // Sessions whose folder names a project (its name is in the folder's path): the others' files belong to nothing the graph knows.
    episodes = m.db
      .prepare<[], Ep>(
        `SELECT e.text, e.cwd, e.repo_root FROM episodes e WHERE EXISTS (SELECT 1 FROM entity_episodes ee JOIN entities p ON p.id = ee.entity_id
           WHERE ee.episode_id = e.id AND p.type = 'project' AND instr(lower(coalesce(e.repo_root, e.cwd)), lower(p.name)) > 0)`,
      )
      .all();
    assert.ok(episodes.length > 0, 'some sessions ran in a project folder');
  });
  after(() => {
    m.db.close();
    fs.rmSync(m.home, { recursive: true, force: true });
  });

  it('makes a file entity of each file an edit or read tool call names under the working folder', () => {
    const names = new Set(files().map((f) => f.name.toLowerCase()));
    const expected = new Set(episodes.flatMap((e) => filesWorkedOn(e.text, e.repo_root ?? e.cwd ?? undefined).map((f) => f.path.toLowerCase())));
    assert.ok(expected.size >= 50, `the fixtures' tool calls name files (${expected.size})`);
    const missing = [...expected].filter((p) => !names.has(p));
    // The extraction keeps at most 200 entities an episode; none of the fixtures' episodes comes near it.
    assert.deepEqual(missing, [], 'every file a tool call read or edited is a node');
    const extra = [...names].filter((n) => !expected.has(n));
    assert.deepEqual(extra, [], 'no file node comes from anything else');
  });

  it('names them by their path under the working folder, never an absolute path or a folder', () => {
    const absolute = episodes.flatMap((e) =>
      [...e.text.matchAll(/\[(?:read|edited) (\/[^\]\s]+)\]/g)].map((m) => ({ p: m[1]!, root: e.repo_root ?? e.cwd ?? '' })),
    );
    assert.ok(
      absolute.some((a) => a.p.startsWith(`${a.root}/`)),
      'some tool calls name a file by its absolute path inside the folder',
    );
    assert.ok(
      absolute.some((a) => !a.p.startsWith(`${a.root}/`)),
      'and some one outside it',
    );
    const names = new Set(files().map((f) => f.name));
    for (const a of absolute) {
      assert.ok(!names.has(a.p), `${a.p} is not a node under its absolute path`);
      if (a.p.startsWith(`${a.root}/`)) assert.ok(names.has(a.p.slice(a.root.length + 1)), `${a.p} is a node as ${a.p.slice(a.root.length + 1)}`);
    }
    for (const f of names) assert.ok(![...names].some((o) => o.startsWith(`${f}/`)), `${f} is a folder, not a file`);
  });

  it('makes each file part of its project, with the project as the entity repo', () => {
    const partOf = m.db.prepare<[number], { type: string; name: string }>(
      `SELECT t.type, t.name FROM facts f JOIN entities t ON t.id = f.target_id WHERE f.source_id = ? AND f.relation = 'part_of' AND f.expired_at IS NULL`,
    );
    const all = files();
    for (const f of all) {
      const targets = partOf.all(f.id);
      assert.ok(
        targets.some((t) => t.type === 'project'),
        `${f.name} is part of a project (${JSON.stringify(targets)})`,
      );
      assert.ok(f.repo !== null && f.repo.length > 0, `${f.name} keeps the folder it is under`);
    }
  });

  it('links code a session named to the file that defines it', () => {
    const defined = m.db
      .prepare<[], { name: string; file: string }>(
        `SELECT s.name, t.name AS file FROM facts f JOIN entities s ON s.id = f.source_id JOIN entities t ON t.id = f.target_id
         WHERE f.relation = 'part_of' AND t.type = 'file' AND s.type <> 'file' AND f.expired_at IS NULL`,
      )
      .all();
    assert.ok(defined.length > 0, 'some named code is part of a file node');
    const snake = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    for (const d of defined) {
      const base = d.file
        .split('/')
        .pop()!
        .replace(/\.[^.]+$/, '')
        .toLowerCase();
      const last = d.name.split('.').pop()!;
      assert.ok([last.toLowerCase(), snake(last), snake(last).replace(/_/g, '-')].includes(base), `${d.name} is the code of ${d.file}`);
    }
  });

  it("folds an entity's episodes into one row per session, compactions into the session they summarise", () => {
    const ofEntity = m.db.prepare<[number], EpisodeRefRow>(
      `SELECT ${EPISODE_REF_COLUMNS} FROM entity_episodes ee JOIN episodes e ON e.id = ee.episode_id WHERE ee.entity_id = ? ORDER BY ee.occurred_at DESC, e.seq DESC`,
    );
    const ids = m.db.prepare<[], { id: number; name: string }>(`SELECT id, name FROM entities`).all();
    let compactionsFolded = 0;
    let sessionsWithSeveral = 0;
    for (const e of ids) {
      const episodes = ofEntity.all(e.id).map(episodeOut);
      const rows = foldEpisodes(episodes);
      assert.equal(
        rows.reduce((n, r) => n + 1 + r.folded, 0),
        episodes.length,
        `${e.name}: every episode is a row or folded into one`,
      );
      const keys = rows.map((r) => r.episode.parent_session_id ?? r.episode.session_id);
      assert.equal(new Set(keys).size, keys.length, `${e.name}: one row per session`);
      for (const r of rows) {
        const key = r.episode.parent_session_id ?? r.episode.session_id;
        const ofSession = episodes.filter((x) => (x.parent_session_id ?? x.session_id) === key);
        if (ofSession.length > 1) sessionsWithSeveral++;
        if (ofSession.some((x) => !isCompaction(x)))
          assert.ok(!isCompaction(r.episode), `${e.name}: a compaction stands for session ${key}, which has episodes of its own`);
        compactionsFolded += ofSession.filter((x) => isCompaction(x) && x !== r.episode).length;
      }
    }
    assert.ok(compactionsFolded > 0, 'the fixtures hold compactions, and they fold');
    assert.ok(sessionsWithSeveral > 0, 'some sessions have several episodes of one entity');
  });
});
