// The graph reads the extraction chain, status and tests need: the glossary
// for a prompt, an entity by name, its facts and their provenance, counts.
import { normalizeName } from '../resolve';
import type { EntityType } from '../../protocol/vocabulary';
import type { Db } from '../../sqlite';
import { aliasList, factOf, type FactRow } from './rows';
import type { Entity, Fact, GlossaryEntry, MemoryCounts } from './types';

type Id = { id: number };

function prepare(db: Db) {
  return {
    aliasOfType: db.prepare<[string, EntityType], Id>(
      `SELECT e.id FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? AND e.type = ? ORDER BY e.id LIMIT 1`,
    ),
    aliasAnyType: db.prepare<[string], Id>(
      `SELECT e.id FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? ORDER BY e.updated_at DESC, e.id LIMIT 1`,
    ),
    glossary: db.prepare<[string | null, number], { name: string; type: EntityType; aliases: string }>(
      `SELECT e.id, e.name, e.type, (SELECT json_group_array(alias) FROM aliases WHERE entity_id = e.id AND norm <> e.norm) AS aliases
        FROM entities e ORDER BY (e.repo IS ?) DESC, e.updated_at DESC, e.id DESC LIMIT ?`,
    ),
    entity: db.prepare<[number], { id: number; name: string; type: EntityType; description: string | null; repo: string | null; aliases: string }>(
      `SELECT id, name, type, description, repo, (SELECT json_group_array(alias) FROM aliases WHERE entity_id = entities.id) AS aliases FROM entities WHERE id = ?`,
    ),
    factsOf: db.prepare<[number, number], FactRow>(`SELECT * FROM facts WHERE source_id = ? OR target_id = ? ORDER BY id`),
    currentFactsOf: db.prepare<[number, number], FactRow>(
      `SELECT * FROM facts WHERE (source_id = ? OR target_id = ?) AND valid_to IS NULL AND expired_at IS NULL ORDER BY id`,
    ),
    factEpisodes: db.prepare<[number], { episode_id: string }>(`SELECT episode_id FROM fact_episodes WHERE fact_id = ? ORDER BY recorded_at, episode_id`),
    counts: db.prepare<[], MemoryCounts>(`SELECT
        (SELECT count(*) FROM episodes) AS episodes,
        (SELECT count(*) FROM extraction_queue WHERE status = 'pending') AS pending,
        (SELECT count(*) FROM extraction_queue WHERE status = 'pending' AND purpose = 'refine') AS waitingRefine,
        (SELECT count(*) FROM extraction_queue WHERE status = 'done') AS done,
        (SELECT count(*) FROM extraction_queue WHERE status = 'failed') AS failed,
        (SELECT count(*) FROM entities) AS entities,
        (SELECT count(*) FROM facts) AS facts,
        (SELECT count(*) FROM facts WHERE valid_to IS NULL AND expired_at IS NULL) AS currentFacts,
        (SELECT count(*) FROM cursors) AS cursors`),
  };
}

export class GraphReads {
  private readonly s: ReturnType<typeof prepare>;

  constructor(db: Db) {
    this.s = prepare(db);
  }

  /** Known entities for the prompt, the episode's own repository first, then the most recently touched. */
  glossary(options: { repo?: string; limit?: number } = {}): GlossaryEntry[] {
    return this.s.glossary.all(options.repo ?? null, options.limit ?? 60).map((r) => ({ name: r.name, type: r.type, aliases: aliasList(r.aliases) }));
  }

  /** The entity a name or alias resolves to (of that type, when given). */
  findEntity(name: string, type?: EntityType): Entity | undefined {
    const n = normalizeName(name);
    const hit = type ? this.s.aliasOfType.get(n, type) : this.s.aliasAnyType.get(n);
    return hit ? this.entity(hit.id) : undefined;
  }

  entity(id: number): Entity | undefined {
    const r = this.s.entity.get(id);
    if (!r) return undefined;
    return { id: r.id, name: r.name, type: r.type, description: r.description ?? undefined, repo: r.repo ?? undefined, aliases: aliasList(r.aliases) };
  }

  /** Facts touching an entity: current ones, or with `all` also closed and expired ones. */
  factsOf(entityId: number, options: { all?: boolean } = {}): Fact[] {
    return (options.all ? this.s.factsOf : this.s.currentFactsOf).all(entityId, entityId).map(factOf);
  }

  /** The episodes that support a fact (its provenance). */
  factEpisodes(factId: number): string[] {
    return this.s.factEpisodes.all(factId).map((r) => r.episode_id);
  }

  counts(): MemoryCounts {
    return this.s.counts.get()!;
  }
}
