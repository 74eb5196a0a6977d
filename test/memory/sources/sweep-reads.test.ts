// A sweep opens each agent database once. A daemon on a real socket sweeps a
// private HOME laid out as OpenCode and Cursor lay it out on Linux: OpenCode's
// real opencode.db (written by the real CLI, test/fixtures/memory/opencode)
// with its session copied to four, and Cursor's global state.vscdb with three
// composers (the written fixture, copied) listed by three workspaces. The
// daemon opens databases through an opener the test hands it, which counts
// the opens and keeps the connections: a sweep opens opencode.db and the
// global state.vscdb once each, for every listing, stamp and distill, and each
// workspace state.vscdb once, however many composers there are; every one is
// closed when the sweep ends. A composer's folder is still its workspace's.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectRunning, type RpcClient } from '../../../daemon/client';
import { createMemoryDomain } from '../../../daemon/memory';
import { openForeign } from '../../../daemon/memory/distill/sqlite/read';
import * as P from '../../../daemon/protocol';
import { createDaemon, type Daemon } from '../../../daemon/server/daemon';
import { openDatabase, type Db } from '../../../daemon/sqlite';
import { ROOT, tempDir } from '../../helpers';
import { kvDb } from './cursor-store';

const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'memory');
const CURSOR_ROWS = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'cursor', 'written', 'composers.json'), 'utf8')) as {
  cursorDiskKV: Record<string, Record<string, unknown>>;
};
const COMPOSER = 'c1a7e0d4-2b9f-4c1e-8d3a-5f6b7c8d9e01';
const SESSIONS = 4;

/** OpenCode's real database with its one session copied `count - 1` times under new ids (rows as the writer wrote them). */
function opencodeStore(home: string, count: number): string {
  const dir = path.join(home, '.local', 'share', 'opencode');
  fs.cpSync(path.join(FIXTURES, 'opencode', 'real-cli', '.local', 'share', 'opencode'), dir, { recursive: true });
  const file = path.join(dir, 'opencode.db');
  const db = openDatabase(file);
  try {
    const [session] = db.prepare('SELECT * FROM session').all() as Array<Record<string, unknown>>;
    const messages = db.prepare('SELECT * FROM message WHERE session_id = ?').all(session!.id) as Array<Record<string, unknown>>;
    const parts = db.prepare('SELECT * FROM part WHERE session_id = ?').all(session!.id) as Array<Record<string, unknown>>;
    const insert = (table: string, row: Record<string, unknown>): void => {
      const cols = Object.keys(row);
      db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
    };
    db.transaction(() => {
      for (let i = 2; i <= count; i++) {
        const id = (v: unknown): string => `${String(v)}_${i}`;
        insert('session', { ...session, id: id(session!.id), slug: id(session!.slug) });
        for (const m of messages) insert('message', { ...m, id: id(m.id), session_id: id(m.session_id) });
        for (const p of parts) insert('part', { ...p, id: id(p.id), message_id: id(p.message_id), session_id: id(p.session_id) });
      }
    })();
  } finally {
    db.close();
  }
  return file;
}

/** Cursor's global store with the written composer and two copies; workspace A lists two, B the third, C none. */
function cursorStore(home: string): { globalDb: string; workspaceDbs: string[]; folderOf: Record<string, string> } {
  const user = path.join(home, '.config', 'Cursor', 'User');
  const ids = [COMPOSER, `${COMPOSER.slice(0, -2)}02`, `${COMPOSER.slice(0, -2)}03`];
  const rows: Record<string, unknown> = {};
  for (const id of ids) {
    for (const [key, value] of Object.entries(CURSOR_ROWS.cursorDiskKV)) {
      rows[key.replace(COMPOSER, id)] = key.startsWith('composerData:') ? { ...value, composerId: id } : value;
    }
  }
  const globalDb = path.join(user, 'globalStorage', 'state.vscdb');
  kvDb(globalDb, 'cursorDiskKV', rows);
  const workspaces: Array<[string, string[]]> = [
    ['aaa111', ids.slice(0, 2)],
    ['bbb222', ids.slice(2)],
    ['ccc333', []],
  ];
  const folderOf: Record<string, string> = {};
  const workspaceDbs: string[] = [];
  for (const [hash, listed] of workspaces) {
    const folder = path.join(home, 'work', `project-${hash}`);
    fs.mkdirSync(folder, { recursive: true });
    const ws = path.join(user, 'workspaceStorage', hash);
    kvDb(path.join(ws, 'state.vscdb'), 'ItemTable', { 'composer.composerData': { allComposers: listed.map((composerId) => ({ composerId })) } });
    fs.writeFileSync(path.join(ws, 'workspace.json'), JSON.stringify({ folder: `file://${folder}` }));
    workspaceDbs.push(path.join(ws, 'state.vscdb'));
    for (const id of listed) folderOf[id] = folder;
  }
  return { globalDb, workspaceDbs, folderOf };
}

describe('a sweep reads each agent database through one connection', () => {
  let home: string;
  let userHome: string;
  let daemon: Daemon;
  let client: RpcClient;
  let opencodeDb: string;
  let cursor: ReturnType<typeof cursorStore>;
  const opened: Array<{ file: string; db: Db }> = [];
  const opensOf = (file: string): number => opened.filter((o) => o.file === file).length;

  before(async () => {
    home = tempDir('reads-scry');
    userHome = fs.realpathSync(tempDir('reads-home'));
    opencodeDb = opencodeStore(userHome, SESSIONS);
    cursor = cursorStore(userHome);
    fs.writeFileSync(path.join(home, 'config.yaml'), 'memory:\n  sweep:\n    min_age_minutes: 0\n');
    const openCounted = (file: string): Db => {
      const db = openForeign(file);
      opened.push({ file, db });
      return db;
    };
    daemon = await createDaemon(home, [createMemoryDomain({ userHome, sweep: false, extract: false, env: { SCRY_HOME: home }, openForeign: openCounted })]);
    client = (await connectRunning(home))!;
  });
  after(async () => {
    client.dispose();
    await daemon.dispose();
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(userHome, { recursive: true, force: true });
  });

  it('opens opencode.db and the global state.vscdb once per sweep, each workspace once, and closes them all', async () => {
    const first = await client.request(P.MemorySweep.type, {});
    assert.deepEqual(first.failed, []);
    assert.equal(first.sources.find((s) => s.source === 'opencode')!.ingested, SESSIONS);
    assert.equal(first.sources.find((s) => s.source === 'cursor')!.ingested, 3);
    assert.equal(opensOf(opencodeDb), 1, `opencode.db opened ${opensOf(opencodeDb)} times for ${SESSIONS} sessions`);
    assert.equal(opensOf(cursor.globalDb), 1, `state.vscdb opened ${opensOf(cursor.globalDb)} times for 3 composers`);
    for (const ws of cursor.workspaceDbs) assert.equal(opensOf(ws), 1, `${ws} opened ${opensOf(ws)} times`);
    assert.deepEqual(
      opened.filter((o) => o.db.open).map((o) => o.file),
      [],
      'every connection is closed when the sweep ends',
    );

    // Each composer still gets the folder of the workspace that lists it.
    const memory = openDatabase(path.join(home, 'memory', 'memory.db'), { readonly: true });
    try {
      const rows = memory.prepare(`SELECT DISTINCT source_path, cwd FROM episodes WHERE source = 'cursor'`).all() as Array<{
        source_path: string;
        cwd: string | null;
      }>;
      assert.deepEqual(Object.fromEntries(rows.map((r) => [r.source_path.slice(r.source_path.lastIndexOf('#') + 1), r.cwd])), cursor.folderOf);
      const sessions = memory.prepare(`SELECT count(DISTINCT source_path) AS n FROM episodes WHERE source = 'opencode'`).get() as { n: number };
      assert.equal(sessions.n, SESSIONS);
    } finally {
      memory.close();
    }

    const from = opened.length;
    const second = await client.request(P.MemorySweep.type, {});
    assert.equal(second.added, 0, 'a second sweep adds nothing');
    const again = opened.slice(from);
    assert.equal(again.filter((o) => o.file === opencodeDb).length, 1, 'the next sweep opens its own connection, once');
    assert.equal(again.filter((o) => o.file === cursor.globalDb).length, 1);
    assert.ok(again.every((o) => !o.db.open));
  });

  it('`memory ingest` of the database opens it once for all its sessions', async () => {
    const from = opened.length;
    const r = await client.request(P.MemoryIngest.type, { source: 'opencode', path: opencodeDb });
    assert.equal(r.files.length, SESSIONS);
    assert.ok(
      r.files.every((f) => f.outcome === 'unchanged'),
      JSON.stringify(r.files.map((f) => f.outcome)),
    );
    assert.equal(opened.slice(from).filter((o) => o.file === opencodeDb).length, 1);
  });
});
