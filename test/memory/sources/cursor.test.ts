// Cursor's sessions through the real CLI and a spawned daemon. Cursor
// cannot run here, so its stores are built from the written fixtures
// (test/fixtures/memory/cursor/written, from public descriptions of
// Cursor's storage, see SOURCES.md) in a private HOME laid out as Cursor
// lays it out on Linux: agent transcripts (text and JSONL) under
// ~/.cursor/projects/<folder slug>/agent-transcripts/, composers in
// ~/.config/Cursor/User/globalStorage/state.vscdb, the workspace that owns
// a composer in workspaceStorage/<hash>/. A composer that has a transcript
// is read once, from the transcript.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import type { MemoryStatus, SweepResult } from '../../../daemon/protocol';
import { openDatabase } from '../../../daemon/sqlite';
import { ROOT, scry, stopDaemon, tempDir } from '../../helpers';
import { kvDb } from './cursor-store';

const WRITTEN = path.join(ROOT, 'test', 'fixtures', 'memory', 'cursor', 'written');
const ROWS = JSON.parse(fs.readFileSync(path.join(WRITTEN, 'composers.json'), 'utf8')) as {
  cursorDiskKV: Record<string, Record<string, unknown>>;
  workspaceItemTable: Record<string, unknown>;
};
const COMPOSER = 'c1a7e0d4-2b9f-4c1e-8d3a-5f6b7c8d9e01';
const TRANSCRIBED = '3f6a9c52-8e1d-4b7a-a0c4-6d2e5b9f1a37';

/** A HOME with Cursor's stores; returns the two project folders. */
function cursorHome(home: string): { transcripts: string; composer: string; globalDb: string } {
  const transcripts = path.join(home, 'work', 'invoice-service');
  const composer = path.join(home, 'work', 'mailer-service');
  fs.mkdirSync(transcripts, { recursive: true });
  fs.mkdirSync(composer, { recursive: true });
  const slug = transcripts.slice(1).split(path.sep).join('-');
  fs.cpSync(path.join(WRITTEN, 'agent-transcripts'), path.join(home, '.cursor', 'projects', slug, 'agent-transcripts'), { recursive: true });
  const user = path.join(home, '.config', 'Cursor', 'User');
  const globalDb = path.join(user, 'globalStorage', 'state.vscdb');
  // The transcribed session is also a composer in the editor's store: it must be read once.
  kvDb(globalDb, 'cursorDiskKV', {
    ...ROWS.cursorDiskKV,
    [`composerData:${TRANSCRIBED}`]: {
      _v: 3,
      composerId: TRANSCRIBED,
      createdAt: 1764750000000,
      lastUpdatedAt: 1764750060000,
      fullConversationHeadersOnly: [],
    },
  });
  const ws = path.join(user, 'workspaceStorage', '5e1f0c9a7b3d');
  kvDb(path.join(ws, 'state.vscdb'), 'ItemTable', ROWS.workspaceItemTable);
  fs.writeFileSync(path.join(ws, 'workspace.json'), JSON.stringify({ folder: `file://${composer}` }));
  return { transcripts, composer, globalDb };
}

describe('memory from Cursor: agent transcripts and composers', () => {
  const dirs: string[] = [];
  after(async () => {
    for (const d of dirs) {
      if (fs.existsSync(path.join(d, 'scryd.pid'))) await stopDaemon(d);
      fs.rmSync(d, { recursive: true, force: true });
    }
  });

  async function setup(): Promise<{ home: string; scryHome: string; json: <T>(args: string[]) => Promise<T> } & ReturnType<typeof cursorHome>> {
    const home = fs.realpathSync(tempDir('cursor-home'));
    const scryHome = tempDir('cursor-scry');
    dirs.push(home, scryHome);
    fs.writeFileSync(path.join(scryHome, 'config.yaml'), 'memory:\n  sweep:\n    min_age_minutes: 0\n');
    const json = async <T>(args: string[]): Promise<T> => {
      const r = await scry([...args, '--json'], { home: scryHome, env: { HOME: home, SCRY_MEMORY_SWEEP: '0', XDG_CONFIG_HOME: '' } });
      assert.equal(r.code, 0, `scry ${args.join(' ')}: ${r.stderr}`);
      return JSON.parse(r.stdout) as T;
    };
    return { home, scryHome, json, ...cursorHome(home) };
  }

  const episodes = (scryHome: string): Array<{ source_path: string; occurred_at: string; cwd: string | null; text: string }> => {
    const db = openDatabase(path.join(scryHome, 'memory', 'memory.db'), { readonly: true });
    try {
      return db.prepare(`SELECT source_path, occurred_at, cwd, text FROM episodes WHERE source = 'cursor' ORDER BY source_path`).all() as Array<{
        source_path: string;
        occurred_at: string;
        cwd: string | null;
        text: string;
      }>;
    } finally {
      db.close();
    }
  };

  it('finds both stores, reads each session once with its folder and time, recalls it, and keeps no key', async () => {
    const { home, scryHome, json, transcripts, composer, globalDb } = await setup();
    const first = await json<SweepResult>(['memory', 'sweep']);
    const row = first.sources.find((s) => s.source === 'cursor')!;
    assert.deepEqual(first.failed, []);
    assert.deepEqual(row.stores, [path.join(home, '.cursor', 'projects'), path.dirname(globalDb)]);
    assert.equal(row.files, 3, 'two transcripts and the one composer without a transcript');
    assert.equal(row.ingested, 3);

    const eps = episodes(scryHome);
    const fromDb = eps.filter((e) => e.source_path === `${globalDb}#${COMPOSER}`);
    assert.ok(fromDb.length >= 1);
    assert.equal(fromDb[0]!.occurred_at, new Date(ROWS.cursorDiskKV[`composerData:${COMPOSER}`]!.createdAt as number).toISOString(), "the composer's own time");
    assert.equal(fromDb[0]!.cwd, composer, 'the folder of the workspace that lists the composer');
    assert.match(fromDb[0]!.text, /\[read mailer\/config\.ts\]/);
    const fromFiles = eps.filter((e) => e.source_path.includes('agent-transcripts'));
    assert.ok(fromFiles.length >= 2);
    for (const e of fromFiles) assert.equal(e.cwd, transcripts, 'the folder decoded from the project slug');
    assert.ok(!eps.some((e) => e.source_path.endsWith(`#${TRANSCRIBED}`)), 'a composer with a transcript is read from the transcript only');
    assert.match(fromFiles.map((e) => e.text).join('\n'), /\[ran: npm test -- exporter\]/);

    assert.equal((await json<SweepResult>(['memory', 'sweep'])).added, 0, 'a second sweep adds nothing');
    for (const [q, fact] of [
      ['which queue does the mailer consume', /outbound-mail-v2/],
      ['where do exported invoices go', /invoices-archive-eu/],
      ['nightly export time', /02:30 UTC/],
    ] as const) {
      assert.match(JSON.stringify(await json<unknown>(['memory', 'recall', q])), fact, q);
    }
    for (const f of fs.readdirSync(scryHome, { recursive: true, encoding: 'utf8' })) {
      const p = path.join(scryHome, f);
      if (fs.statSync(p).isFile()) assert.ok(!fs.readFileSync(p).includes('AKIAIOSFODNN7EXAMPLE'), `the planted key is in ${f}`);
    }
    const status = await json<MemoryStatus>(['memory', 'status']);
    const s = status.sources?.find((x) => x.id === 'cursor');
    assert.deepEqual(
      [s?.stores, s?.sessions_found, s?.sessions_ingested, s?.failed],
      [[path.join(home, '.cursor', 'projects'), path.dirname(globalDb)], 3, 3, []],
    );
  });

  it('a composer of an unknown version is reported with what was expected, stores nothing, and is read once known', async () => {
    const { scryHome, json, globalDb } = await setup();
    const db = openDatabase(globalDb);
    const key = `composerData:${COMPOSER}`;
    const known = (db.prepare('SELECT value FROM cursorDiskKV WHERE key = ?').get(key) as { value: string }).value;
    db.prepare('UPDATE cursorDiskKV SET value = ? WHERE key = ?').run(JSON.stringify({ ...(JSON.parse(known) as object), _v: 99 }), key);
    db.close();
    const swept = await json<SweepResult>(['memory', 'sweep']);
    assert.equal(swept.failed.length, 1, JSON.stringify(swept.failed));
    assert.equal(swept.failed[0]!.path, `${globalDb}#${COMPOSER}`);
    assert.match(swept.failed[0]!.error, /_v 99/);
    assert.match(swept.failed[0]!.expected ?? '', /composerData record with _v 1, 2, 3/);
    assert.ok(!episodes(scryHome).some((e) => e.source_path.endsWith(COMPOSER)), 'nothing stored from it');
    const status = await json<MemoryStatus>(['memory', 'status']);
    assert.equal(status.sources?.find((x) => x.id === 'cursor')?.failed?.[0]?.expected, swept.failed[0]!.expected);

    const again = openDatabase(globalDb);
    again.prepare('UPDATE cursorDiskKV SET value = ? WHERE key = ?').run(known, key);
    again.close();
    const later = await json<SweepResult>(['memory', 'sweep']);
    assert.deepEqual(later.failed, []);
    assert.ok(
      episodes(scryHome).some((e) => e.source_path.endsWith(COMPOSER)),
      'read once its version is known',
    );
  });
});
