// The recall-quality check: questions written against the fixture sessions
// (test/fixtures/memory/recall/questions.json), each with the entity it
// should surface. recall@5: the share whose entity is among the first five
// matches, split into questions that name the entity (or an alias) and those
// that do not and must go through fact text or episode summaries.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { rankEntities } from '../../daemon/memory/recall';
import type { MemoryStore } from '../../daemon/memory/store';

export interface Question {
  q: string;
  expect: string;
  names: boolean;
}

export const QUESTIONS: Question[] = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'memory', 'recall', 'questions.json'), 'utf8'),
) as Question[];

export interface Quality {
  named: { hits: number; total: number };
  unnamed: { hits: number; total: number };
  misses: Array<{ q: string; expect: string; got: string[] }>;
}

export function recallQuality(store: MemoryStore, now: Date, k = 5): Quality {
  const out: Quality = { named: { hits: 0, total: 0 }, unnamed: { hits: 0, total: 0 }, misses: [] };
  for (const question of QUESTIONS) {
    // Ranking alone: what the answer then spends its budget on (passages first, issue 37) is another question.
    const got = rankEntities(store, { query: question.q, limit: k }, now)
      .ranked.slice(0, k)
      .map((c) => store.db.prepare<[number], { name: string }>(`SELECT name FROM entities WHERE id = ?`).get(c.id)?.name ?? '');
    const bucket = question.names ? out.named : out.unnamed;
    bucket.total++;
    if (got.slice(0, k).includes(question.expect)) bucket.hits++;
    else out.misses.push({ q: question.q, expect: question.expect, got });
  }
  return out;
}
