// Reads shared by every view of the graph: an entity by id or normalized
// name, its aliases, a fact's evidence, an episode as a reference, names
// that come close for a "did you mean".
import { perDb } from '../cache';
import { EPISODE_REF_COLUMNS, type EntityRow, type EpisodeRefRow, type Count } from '../rows';
import type { MemoryStore } from '../store';

const reads = perDb((db) => {
  const s = {
    entity: db.prepare<[number], EntityRow>(`SELECT id, name, type, description, repo, updated_at FROM entities WHERE id = ?`),
    byNorm: db.prepare<[string], { id: number }>(
      `SELECT e.id FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? ORDER BY (e.norm = a.norm) DESC, e.updated_at DESC, e.id LIMIT 1`,
    ),
    aliases: db.prepare<[number], { alias: string }>(`SELECT alias FROM aliases WHERE entity_id = ? ORDER BY alias`),
    name: db.prepare<[number], { name: string }>(`SELECT name FROM entities WHERE id = ?`),
    evidence: db.prepare<[number], Count>(`SELECT count(*) AS n FROM fact_episodes WHERE fact_id = ?`),
    latestEvidence: db.prepare<[number], EpisodeRefRow>(
      `SELECT ${EPISODE_REF_COLUMNS} FROM fact_episodes fe JOIN episodes e ON e.id = fe.episode_id WHERE fe.fact_id = ? ORDER BY e.occurred_at DESC, e.seq DESC LIMIT 1`,
    ),
    suggest: db.prepare<[string], { name: string }>(
      `SELECT e.name FROM entities_fts f JOIN entities e ON e.id = f.rowid WHERE entities_fts MATCH ? ORDER BY bm25(entities_fts) LIMIT 3`,
    ),
  };
  return {
    entity: (id: number): EntityRow | undefined => s.entity.get(id),
    idByNorm: (norm: string): number | undefined => s.byNorm.get(norm)?.id,
    aliases: (id: number): string[] => s.aliases.all(id).map((a) => a.alias),
    name: (id: number): string | undefined => s.name.get(id)?.name,
    evidenceCount: (factId: number): number => s.evidence.get(factId)?.n ?? 0,
    latestEvidence: (factId: number): EpisodeRefRow | undefined => s.latestEvidence.get(factId),
    /** Names whose full text matches an FTS5 query, best first. */
    suggest: (fts: string): string[] => s.suggest.all(fts).map((r) => r.name),
  };
});

export const viewReads = (store: MemoryStore) => reads(store.db);
