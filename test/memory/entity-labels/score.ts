// Scores a memory's entities against the hand labels of issue 36
// (test/fixtures/memory/entity-labels/labels.json, committed before the rule
// changes they score) and reads its link figures: how many entities a fact
// joins to another entity, which relations, how many facts are notes.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Db } from '../../../daemon/sqlite';
import { FIXTURES } from '../real-recall/questions';

export interface EntityLabel {
  name: string;
  thing: boolean;
  kind: 'name' | 'hash' | 'id' | 'placeholder' | 'word' | 'heading' | 'code';
  type?: string;
  seen_as: string[];
  note: string;
}

export const LABELS_FILE = path.join(FIXTURES, 'entity-labels', 'labels.json');

export function loadLabels(file: string = LABELS_FILE): EntityLabel[] {
  const raw: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(raw)) throw new Error(`${file}: must hold a JSON list`);
  return raw.map((x: unknown, i) => {
    const r = x as Partial<EntityLabel>;
    if (typeof r?.name !== 'string' || typeof r.thing !== 'boolean' || typeof r.kind !== 'string' || !Array.isArray(r.seen_as))
      throw new Error(`${file} entry ${i}: needs name, thing, kind, seen_as`);
    return r as EntityLabel;
  });
}

export interface Precision {
  /** Distinct names in the memory. */
  names: number;
  /** Of those, labelled. */
  labelled: number;
  things: number;
  /** Labelled hashes, ids and placeholders still there. */
  junk: string[];
  /** Names stored under two types or more. */
  twoTypes: string[];
  /** Names no label covers (made by a later rule): not scored. */
  unlabelled: string[];
  /** Decision nodes (named by their clause): not names, not scored here. */
  decisions: string[];
}

export function precision(all: ReadonlyArray<{ name: string; type: string }>, labels: readonly EntityLabel[]): Precision {
  const byName = new Map(labels.map((l) => [l.name.toLowerCase(), l]));
  const types = new Map<string, Set<string>>();
  const entities = all.filter((e) => e.type !== 'decision');
  for (const e of entities) {
    const k = e.name.toLowerCase();
    if (!types.has(k)) types.set(k, new Set());
    types.get(k)!.add(e.type);
  }
  const names = [...types.keys()];
  const labelled = names.filter((n) => byName.has(n));
  return {
    names: names.length,
    labelled: labelled.length,
    things: labelled.filter((n) => byName.get(n)!.thing).length,
    junk: labelled.filter((n) => ['hash', 'id', 'placeholder'].includes(byName.get(n)!.kind)),
    twoTypes: names.filter((n) => types.get(n)!.size > 1),
    unlabelled: names.filter((n) => !byName.has(n)),
    decisions: all.filter((e) => e.type === 'decision').map((e) => e.name),
  };
}

export interface Links {
  entities: number;
  /** Entities with at least one current fact joining them to another entity. */
  linked: number;
  facts: number;
  notes: number;
  relations: Record<string, number>;
}

export function links(db: Db): Links {
  const current = `expired_at IS NULL`;
  const entities = db.prepare<[], { n: number }>(`SELECT count(*) n FROM entities`).get()!.n;
  const linked = db
    .prepare<[], { n: number }>(
      `SELECT count(*) n FROM entities e WHERE EXISTS (SELECT 1 FROM facts f WHERE ${current} AND f.target_id IS NOT NULL AND f.source_id <> f.target_id AND (f.source_id = e.id OR f.target_id = e.id))`,
    )
    .get()!.n;
  const rows = db
    .prepare<[], { relation: string; n: number }>(`SELECT relation, count(*) n FROM facts WHERE ${current} GROUP BY relation ORDER BY n DESC, relation`)
    .all();
  const relations: Record<string, number> = {};
  for (const r of rows) relations[r.relation] = r.n;
  const facts = rows.reduce((s, r) => s + r.n, 0);
  return { entities, linked, facts, notes: relations.note ?? 0, relations };
}
