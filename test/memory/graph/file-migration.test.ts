// The migration that lets the entities table hold `file` entities (issue 36):
// a memory.db written before it (its CHECK without `file`) keeps every entity
// under its id, its aliases, facts and full-text rows, takes a `file` entity
// afterwards, and still cascades a deleted entity's facts (foreign keys on).
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { openMemoryDb } from '../../../daemon/memory/store/db';
import { FILE_ENTITIES_MIGRATION, MIGRATIONS } from '../../../daemon/memory/store/schema';
import { openDatabase, type Db } from '../../../daemon/sqlite';
import { tempDir } from '../../helpers';

/** A memory.db as Scry wrote it before the migration: every migration before it, the CHECK without `file`. */
function oldDb(file: string): Db {
  const db = openDatabase(file);
  db.pragma('foreign_keys = ON');
  const before = MIGRATIONS.indexOf(FILE_ENTITIES_MIGRATION);
  assert.ok(before > 0, 'the migration is in the list');
  for (let v = 0; v < before; v++) db.exec(MIGRATIONS[v]!.replace(", 'file'))", '))'));
  db.pragma(`user_version = ${before}`);
  return db;
}

const insertEntity = (db: Db, name: string, type: string): number =>
  Number(
    db.prepare(`INSERT INTO entities(name, norm, type, created_at, updated_at) VALUES (?, lower(?), ?, '2025-01-01', '2025-01-01')`).run(name, name, type)
      .lastInsertRowid,
  );

describe('file entities migration', () => {
  it('keeps every entity, alias, fact and search row, and admits file entities after it', () => {
    const file = path.join(tempDir('file-migration'), 'memory.db');
    const old = oldDb(file);
    const hermes = insertEntity(old, 'hermes', 'service');
    const atlas = insertEntity(old, 'atlas', 'machine');
    old.prepare(`INSERT INTO aliases(norm, entity_id, alias) VALUES ('hgw', ?, 'hgw')`).run(hermes);
    old
      .prepare(
        `INSERT INTO facts(source_id, relation, target_id, text, confidence, recorded_at) VALUES (?, 'deployed_on', ?, 'hermes runs on atlas', 0.9, '2025-01-01')`,
      )
      .run(hermes, atlas);
    assert.throws(() => insertEntity(old, 'src/orders.ts', 'file'), /CHECK constraint/, 'the old table refuses a file entity');
    old.close();

    const db = openMemoryDb(file, () => new Date('2025-02-01T00:00:00Z'));
    try {
      assert.equal(db.pragma('user_version', { simple: true }), MIGRATIONS.length);
      assert.equal(db.pragma('foreign_keys', { simple: true }), 1, 'foreign keys are on again');
      assert.deepEqual(db.prepare(`SELECT id, name, type FROM entities ORDER BY id`).all(), [
        { id: hermes, name: 'hermes', type: 'service' },
        { id: atlas, name: 'atlas', type: 'machine' },
      ]);
      assert.deepEqual(
        db.prepare(`SELECT rowid AS id FROM entities_fts WHERE entities_fts MATCH 'hgw'`).all(),
        [{ id: hermes }],
        'the alias is still searchable',
      );
      const orders = insertEntity(db, 'src/orders.ts', 'file');
      assert.deepEqual(
        db.prepare(`SELECT rowid AS id FROM entities_fts WHERE entities_fts MATCH 'orders'`).all(),
        [{ id: orders }],
        'the rebuilt table feeds the search index',
      );
      db.prepare(`INSERT INTO aliases(norm, entity_id, alias) VALUES ('orders.ts', ?, 'orders.ts')`).run(orders);
      db.prepare(`DELETE FROM entities WHERE id = ?`).run(atlas);
      assert.equal(db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM facts`).get()!.n, 0, "a deleted entity's facts go with it");
      assert.throws(() => insertEntity(db, 'x', 'nonsense'), /CHECK constraint/, 'the type is still checked');
    } finally {
      db.close();
    }
  });
});
