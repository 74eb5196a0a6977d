// Memory built from the real transcripts of every committed real-recall set
// (test/memory/real-recall/questions.ts: SETS) and every other real public
// fixture beside them (claude/real, codex/real), the way a user would build it:
// `scry memory ingest` per transcript into a temp SCRY_HOME, the default
// (offline) extractor, then the queue drained. The entity labels
// (test/fixtures/memory/entity-labels/) and the graph-quality bench read it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MemoryStatus } from '../../../daemon/protocol';
import { memoryDb } from '../../../daemon/memory/domain';
import { openDatabase, type Db } from '../../../daemon/sqlite';
import { scry, scryJson, stopDaemon, tempDir } from '../../helpers';
import { FIXTURES, SETS } from '../real-recall/questions';

/** Which transcript source a fixture path is (its path names claude or codex). */
const sourceOf = (t: string): string => (t.split('/').includes('codex') ? 'codex' : 'claude');

/** Every real public transcript committed under claude/real and codex/real, relative to test/fixtures/memory. */
function realFixtureFiles(): string[] {
  const out: string[] = [];
  for (const source of ['claude', 'codex']) {
    const root = path.join(FIXTURES, source, 'real');
    for (const f of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) if (f.endsWith('.jsonl')) out.push(path.join(source, 'real', f));
  }
  return out;
}

/** Every transcript the real sets ask about, and every other real fixture beside them, relative to test/fixtures/memory, sorted. */
export const realTranscripts = (): string[] => [...new Set([...SETS.flatMap((s) => s.questions.map((q) => q.transcript)), ...realFixtureFiles()])].sort();

export interface RealMemory {
  home: string;
  db: Db;
  status: MemoryStatus;
  /** Transcripts that could not be ingested, with the CLI's message. */
  failed: string[];
}

/** Ingests every real transcript into a fresh SCRY_HOME and opens its memory.db (the daemon stopped). */
export async function buildRealMemory(): Promise<RealMemory> {
  const home = tempDir('real-memory');
  const opts = { home, env: { SCRY_MEMORY_SWEEP: '0' } };
  const failed: string[] = [];
  for (const t of realTranscripts()) {
    const r = await scry(['memory', 'ingest', '--source', sourceOf(t), '--path', path.join(FIXTURES, t)], opts);
    if (r.code !== 0) failed.push(`${t}: ${r.stderr.trim()}`);
  }
  for (let i = 0; i < 1200 && (await scryJson<MemoryStatus>(['memory', 'status'], opts)).queue.pending > 0; i++) await new Promise((r) => setTimeout(r, 100));
  const status = await scryJson<MemoryStatus>(['memory', 'status'], opts);
  await stopDaemon(home);
  return { home, db: openDatabase(memoryDb(home)), status, failed };
}

export interface EntityRow {
  id: number;
  name: string;
  type: string;
}

export const entitiesOf = (db: Db): EntityRow[] => db.prepare<[], EntityRow>(`SELECT id, name, type FROM entities ORDER BY id`).all();
