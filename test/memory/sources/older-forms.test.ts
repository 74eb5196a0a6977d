// The older forms each agent wrote before its current one, and the stores
// Scry cannot read. The older forms are built here from what the real CLIs
// wrote (test/fixtures/memory/*/real-cli): Gemini CLI's one JSON file per
// session holds the same messages as its JSONL, and OpenCode's JSON tree
// the same rows as its opencode.db, so each must distill to the same turns.
// A corrupt database and one a writer holds locked are each an
// UnknownFormatError naming the file and what was expected.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { SOURCES, UnknownFormatError } from '../../../daemon/memory/sources';
import { openDatabase } from '../../../daemon/sqlite';
import { ROOT, tempDir } from '../../helpers';

const REAL = path.join(ROOT, 'test', 'fixtures', 'memory');
const texts = (s: { turns: Array<{ role: string; text: string }> }): string[] => s.turns.map((t) => `${t.role}: ${t.text}`);

describe('older store forms and unreadable stores', () => {
  it("Gemini CLI's older one-JSON-file chat distills to the same turns as the JSONL", async () => {
    const chats = path.join(REAL, 'gemini', 'real-cli', '.gemini', 'tmp', 'orders-service', 'chats');
    const jsonl = path.join(
      chats,
      fs.readdirSync(chats).find((f) => f.endsWith('.jsonl'))!,
    );
    const lines = fs
      .readFileSync(jsonl, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // The older writer kept one object: the metadata, and each message once at its latest version, in order.
    const messages = new Map<string, Record<string, unknown>>();
    for (const l of lines.slice(1)) if (typeof l.id === 'string' && typeof l.type === 'string') messages.set(`${l.type}:${l.id}`, l);
    const meta = lines[0]!;
    const dir = path.join(tempDir('gemini-json'), 'tmp', 'orders-service', 'chats');
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(path.join(chats, '..', '.project_root'), path.join(dir, '..', '.project_root'));
    const file = path.join(dir, 'session-2026-12-03T11-18-a069e172.json');
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          sessionId: meta.sessionId,
          projectHash: meta.projectHash,
          startTime: meta.startTime,
          lastUpdated: meta.lastUpdated,
          messages: [...messages.values()],
        },
        null,
        2,
      ),
    );
    const fromJsonl = await SOURCES.gemini.distill(jsonl);
    const fromJson = await SOURCES.gemini.distill(file);
    assert.deepEqual(texts(fromJson), texts(fromJsonl));
    assert.equal(fromJson.cwd, fromJsonl.cwd);
    assert.equal(fromJson.sessionId, fromJsonl.sessionId);
  });

  it('a Gemini CLI chat under a project-hash folder gets its folder from projects.json', async () => {
    const chats = path.join(REAL, 'gemini', 'real-cli', '.gemini', 'tmp', 'orders-service', 'chats');
    const name = fs.readdirSync(chats).find((f) => f.endsWith('.jsonl'))!;
    const project = fs.readFileSync(path.join(chats, '..', '.project_root'), 'utf8').trim();
    // Without the session context (which names the folder too), only the hash can say where the chat ran.
    const chat = fs
      .readFileSync(path.join(chats, name), 'utf8')
      .split('\n')
      .filter((l) => !l.includes('<session_context>'))
      .join('\n');
    // Older versions named the folder by the sha256 of the project path and wrote no .project_root.
    const place = (projects: Record<string, string>): string => {
      const gemini = path.join(tempDir('gemini-hash'), '.gemini');
      const dir = path.join(gemini, 'tmp', createHash('sha256').update(project).digest('hex'), 'chats');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, name), chat);
      fs.writeFileSync(path.join(gemini, 'projects.json'), JSON.stringify({ projects }));
      return path.join(dir, name);
    };
    assert.equal((await SOURCES.gemini.distill(place({ '/elsewhere/other': 'other', [project]: 'orders-service' }))).cwd, project);
    assert.equal((await SOURCES.gemini.distill(place({ '/elsewhere/other': 'other' }))).cwd, undefined, 'a hash no folder in projects.json has: no folder');
  });

  it("OpenCode's older JSON tree distills to the same turns as its opencode.db", async () => {
    const db = path.join(REAL, 'opencode', 'real-cli', '.local', 'share', 'opencode', 'opencode.db');
    const root = path.join(tempDir('opencode-json'), 'opencode');
    const conn = openDatabase(db, { readonly: true });
    const session = conn.prepare('SELECT * FROM session').get() as Record<string, string | number | null>;
    const storage = path.join(root, 'storage');
    const write = (rel: string, v: unknown): void => {
      fs.mkdirSync(path.dirname(path.join(storage, rel)), { recursive: true });
      fs.writeFileSync(path.join(storage, rel), JSON.stringify(v));
    };
    write(`session/${String(session.project_id)}/${String(session.id)}.json`, {
      id: session.id,
      projectID: session.project_id,
      directory: session.directory,
      title: session.title,
      version: session.version,
      time: { created: session.time_created, updated: session.time_updated },
    });
    for (const m of conn.prepare('SELECT id, session_id, data FROM message').all() as Array<{ id: string; session_id: string; data: string }>)
      write(`message/${m.session_id}/${m.id}.json`, { id: m.id, sessionID: m.session_id, ...(JSON.parse(m.data) as object) });
    for (const p of conn.prepare('SELECT id, message_id, session_id, data FROM part').all() as Array<{
      id: string;
      message_id: string;
      session_id: string;
      data: string;
    }>)
      write(`part/${p.message_id}/${p.id}.json`, { id: p.id, messageID: p.message_id, sessionID: p.session_id, ...(JSON.parse(p.data) as object) });
    conn.close();
    const [found] = SOURCES.opencode.discover(root);
    assert.ok(found && found.path.endsWith('.json'), JSON.stringify(found));
    const fromTree = await SOURCES.opencode.distill(found.path);
    const fromDb = await SOURCES.opencode.distill(`${db}#${String(session.id)}`);
    assert.deepEqual(texts(fromTree), texts(fromDb));
    assert.equal(fromTree.startedAt, fromDb.startedAt);
    assert.ok(SOURCES.opencode.stamp(found.path).size > 0);
  });

  it('a file that is not a database is an UnknownFormatError naming it and what was expected', () => {
    const root = tempDir('opencode-corrupt');
    const db = path.join(root, 'opencode.db');
    fs.writeFileSync(db, 'this is not SQLite '.repeat(300));
    const found = SOURCES.opencode.discover(root);
    assert.deepEqual(found, [{ path: db }], 'listed whole, so ingest can report it');
    assert.throws(
      () => SOURCES.opencode.stamp(db),
      (e: unknown) =>
        e instanceof UnknownFormatError && e.path === db && /SQLITE_NOTADB/.test(e.message) && /opencode\.db with tables session/.test(e.expected),
    );
  });

  it('a database its writer holds under an exclusive lock is reported, not waited on for ever', () => {
    const root = tempDir('opencode-locked');
    const db = path.join(root, 'opencode.db');
    fs.copyFileSync(path.join(REAL, 'opencode', 'real-cli', '.local', 'share', 'opencode', 'opencode.db'), db);
    const writer = openDatabase(db);
    writer.pragma('journal_mode = DELETE');
    writer.exec('BEGIN EXCLUSIVE');
    writer.exec("UPDATE session SET title = 'being written'");
    try {
      assert.throws(
        () => SOURCES.opencode.discover(root).forEach((f) => SOURCES.opencode.stamp(f.path)),
        (e: unknown) => e instanceof UnknownFormatError && e.path === db && /SQLITE_BUSY/.test(e.message),
      );
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  });
});
