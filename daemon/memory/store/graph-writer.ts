// Resolves an extraction into the graph: names onto entities (by alias and
// type, a bare `concept` settled by the first real type), facts onto their
// endpoints, restated facts merged, and what a new fact replaces closed.
// Policy lives here beside its statements so the whole of it is one
// transaction; nothing is deleted, superseded facts are closed.
import { redactExtraction } from '../redact';
import { classifyName, normalizeName, normalizeValue } from '../resolve';
import { canonicalRelation } from '../extract/vocabulary';
import type { Extraction } from '../extract/schema';
import { isFunctional, type EntityType, type Relation } from '../../protocol/vocabulary';
import type { Db } from '../../sqlite';
import type { EpisodeTable } from './episodes';
import { EpisodeNotFoundError } from './errors';
import type { ExtractionQueue } from './queue';
import type { FactRow } from './rows';
import type { ApplyResult } from './types';

type Id = { id: number };

/**
 * A time an extractor gave (`2025-06-14`, `…+02:00`) in the one form stored
 * times take, so as-of and supersession compare them as strings correctly.
 */
function canonicalTime(at: string | null | undefined): string | undefined {
  if (at === null || at === undefined) return undefined;
  const ms = Date.parse(at);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function prepare(db: Db) {
  return {
    aliasOfType: db.prepare<[string, EntityType], Id>(
      `SELECT e.id FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? AND e.type = ? ORDER BY e.id LIMIT 1`,
    ),
    aliasAnyType: db.prepare<[string], Id & { type: EntityType }>(
      `SELECT e.id, e.type FROM aliases a JOIN entities e ON e.id = a.entity_id WHERE a.norm = ? ORDER BY e.updated_at DESC, e.id LIMIT 1`,
    ),
    nameAnyType: db.prepare<[string], Id>(`SELECT id FROM entities WHERE norm = ? AND type <> 'decision' ORDER BY id LIMIT 1`),
    conceptByNorm: db.prepare<[string], Id>(`SELECT id FROM entities WHERE norm = ? AND type = 'concept' LIMIT 1`),
    settleType: db.prepare<{ type: EntityType; id: number }>(
      `UPDATE entities SET type = @type WHERE id = @id AND NOT EXISTS (SELECT 1 FROM entities o WHERE o.norm = entities.norm AND o.type = @type)`,
    ),
    insertEntity: db.prepare<[string, string, EntityType, string | null, string | null, string, string]>(
      `INSERT INTO entities(name, norm, type, description, repo, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    // updated_at is when the entity was last active in the world: the latest session that touched it, never when that session was read.
    touchEntity: db.prepare<[string, string | null, string | null, number]>(
      `UPDATE entities SET updated_at = max(updated_at, ?), description = coalesce(description, ?), repo = coalesce(repo, ?) WHERE id = ?`,
    ),
    touchTime: db.prepare<[string, number]>(`UPDATE entities SET updated_at = max(updated_at, ?) WHERE id = ?`),
    insertAlias: db.prepare<[string, number, string]>(`INSERT OR IGNORE INTO aliases(norm, entity_id, alias) VALUES (?, ?, ?)`),
    entityEpisode: db.prepare<[number, string, string]>(`INSERT OR IGNORE INTO entity_episodes(entity_id, episode_id, occurred_at) VALUES (?, ?, ?)`),
    findSameFact: db.prepare<
      [number, Relation, number | null, string | null, string, string],
      Id
    >(`SELECT id, confidence FROM facts WHERE source_id = ? AND relation = ? AND target_id IS ? AND value_norm IS ?
        AND (expired_at IS NULL OR (coalesce(valid_from, '') <= ? AND (valid_to IS NULL OR valid_to > ?)))
        ORDER BY (expired_at IS NULL) DESC, id DESC LIMIT 1`),
    raiseConfidence: db.prepare<[number, number]>(`UPDATE facts SET confidence = max(confidence, ?) WHERE id = ?`),
    insertFact: db.prepare<[number, Relation, number | null, string | null, string | null, string, number, string, string | null, string]>(
      `INSERT INTO facts(source_id, relation, target_id, value, value_norm, text, confidence, valid_from, valid_to, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    currentOf: db.prepare<[number, Relation, number], FactRow>(
      `SELECT * FROM facts WHERE source_id = ? AND relation = ? AND valid_to IS NULL AND expired_at IS NULL AND id <> ?`,
    ),
    nextLater: db.prepare<[number, Relation, number, string], Id & { valid_from: string }>(
      `SELECT id, valid_from FROM facts WHERE source_id = ? AND relation = ? AND id <> ? AND valid_from > ? ORDER BY valid_from, id LIMIT 1`,
    ),
    closeFact: db.prepare<[string, string, number, number]>(`UPDATE facts SET valid_to = ?, expired_at = ?, superseded_by = ? WHERE id = ?`),
    targetNorms: db.prepare<[number], { norm: string }>(`SELECT norm FROM aliases WHERE entity_id = ?`),
    factEpisode: db.prepare<[number, string, string, string]>(
      `INSERT OR IGNORE INTO fact_episodes(fact_id, episode_id, provider, recorded_at) VALUES (?, ?, ?, ?)`,
    ),
    episodeSummary: db.prepare<[string, string, string]>(`UPDATE episodes SET summary = ? WHERE id = ? AND summary <> ?`),
  };
}

export class GraphWriter {
  private readonly s: ReturnType<typeof prepare>;

  constructor(
    private readonly db: Db,
    private readonly iso: () => string,
    private readonly episodes: EpisodeTable,
    private readonly queue: ExtractionQueue,
  ) {
    this.s = prepare(db);
  }

  /**
   * Resolves an extraction into the graph and marks the episode done, in one
   * transaction. Applying the same extraction twice adds nothing (restated
   * facts only gain provenance they already have).
   */
  applyExtraction(episodeId: string, raw: Extraction, provider: string): ApplyResult {
    // Names, aliases and fact words are redacted like episode text: a model can echo what it was not meant to keep.
    const extraction = redactExtraction(raw);
    return this.db.transaction(() => {
      const ep = this.episodes.get(episodeId);
      if (!ep) throw new EpisodeNotFoundError(episodeId);
      const result: ApplyResult = { entitiesCreated: 0, entitiesMerged: 0, factsCreated: 0, factsRestated: 0, factsSuperseded: 0, dropped: [] };
      // Bookkeeping (when Scry learned or retired something) is now; everything about the world is the session's time.
      const now = this.iso();
      const at = ep.occurredAt;
      // Names this extraction introduced, by normalized key, so facts bind to the types the reply gave.
      const local = new Map<string, number>();

      for (const e of extraction.entities) {
        const cls = classifyName(e.name);
        if (cls !== 'entity') {
          result.dropped.push(`${cls}: ${e.name}`);
          continue;
        }
        const norm = normalizeName(e.name);
        const spellings = [e.name, ...(e.aliases ?? []).filter((a) => classifyName(a) === 'entity')];
        let id: number | undefined;
        for (const sp of spellings) {
          const hit = this.s.aliasOfType.get(normalizeName(sp), e.type);
          if (hit) {
            id = hit.id;
            break;
          }
        }
        // `concept` is also what a name gets when nobody said what it is (a remember --entity X):
        // the first extraction that gives it a real type settles it, instead of making a twin.
        if (id === undefined && e.type !== 'concept') {
          const guess = this.s.conceptByNorm.get(norm);
          if (guess && this.s.settleType.run({ type: e.type, id: guess.id }).changes === 1) id = guess.id;
        }
        // One name is one entity, whatever types it was seen with: a name already known under another
        // type is that entity (a decision is its own node, named by its clause).
        // Only the name itself counts here: an alias of another type's entity ("hermes" for hermes-api) stays apart.
        if (id === undefined && e.type !== 'decision') id = this.s.nameAnyType.get(norm)?.id;
        if (id === undefined) {
          id = Number(this.s.insertEntity.run(e.name.trim(), norm, e.type, e.description ?? null, e.repo ?? ep.repoRoot ?? null, now, at).lastInsertRowid);
          result.entitiesCreated++;
        } else {
          this.s.touchEntity.run(at, e.description ?? null, e.repo ?? null, id);
          result.entitiesMerged++;
        }
        for (const sp of spellings) {
          const n = normalizeName(sp);
          this.s.insertAlias.run(n, id, sp.trim());
          if (!local.has(n)) local.set(n, id);
        }
        this.s.entityEpisode.run(id, episodeId, at);
      }

      const resolveRef = (name: string): number | undefined => {
        const n = normalizeName(name);
        return local.get(n) ?? this.s.aliasAnyType.get(n)?.id;
      };

      for (const f of extraction.facts) {
        const sourceClass = classifyName(f.source);
        const sourceId = sourceClass === 'entity' ? resolveRef(f.source) : undefined;
        if (sourceId === undefined) {
          result.dropped.push(sourceClass === 'entity' ? `unknown source: ${f.source}` : `${sourceClass} source: ${f.source}`);
          continue;
        }
        const { relation } = canonicalRelation(f.relation);
        let targetId: number | undefined;
        let value: string | undefined;
        if (f.target && classifyName(f.target) === 'entity') targetId = resolveRef(f.target);
        // A target that is a value, a generic word, ephemeral or never introduced is kept as the fact's value.
        if (targetId === undefined) value = f.value ?? f.target ?? undefined;
        if (targetId === sourceId) {
          result.dropped.push(`self-loop: ${f.fact}`);
          continue;
        }
        if (targetId === undefined && value === undefined) continue; // unreachable: the schema demands one
        const valueNorm = value === undefined ? null : normalizeValue(value);
        const validFrom = canonicalTime(f.valid_from) ?? at;
        const same = this.s.findSameFact.get(sourceId, relation, targetId ?? null, valueNorm, validFrom, validFrom);
        if (same) {
          this.s.raiseConfidence.run(f.confidence, same.id);
          this.s.factEpisode.run(same.id, episodeId, provider, now);
          result.factsRestated++;
        } else {
          const factId = Number(
            this.s.insertFact.run(
              sourceId,
              relation,
              targetId ?? null,
              value ?? null,
              valueNorm,
              f.fact,
              f.confidence,
              validFrom,
              canonicalTime(f.valid_to) ?? null,
              now,
            ).lastInsertRowid,
          );
          this.s.factEpisode.run(factId, episodeId, provider, now);
          result.factsCreated++;
          result.factsSuperseded += this.supersede(factId, sourceId, relation, validFrom, f.supersedes ?? undefined, now);
        }
        this.s.entityEpisode.run(sourceId, episodeId, at);
        this.s.touchTime.run(at, sourceId);
        if (targetId !== undefined) {
          this.s.entityEpisode.run(targetId, episodeId, at);
          this.s.touchTime.run(at, targetId);
        }
      }

      if (extraction.summary) this.s.episodeSummary.run(extraction.summary, episodeId, extraction.summary);
      this.queue.done(episodeId, provider, now);
      return result;
    })();
  }

  /**
   * Closes what a new fact replaces: for a functional relation every other
   * current fact of the same source and relation; with `supersedes`, the
   * current fact whose target or value it names. Whichever held later in the
   * world wins, so an older episode extracted late cannot overwrite newer
   * knowledge: it is recorded and closed by the newer fact instead.
   */
  private supersede(factId: number, sourceId: number, relation: Relation, validFrom: string, supersedes: string | undefined, now: string): number {
    const others = this.s.currentOf.all(sourceId, relation, factId);
    const named = supersedes ? { norm: normalizeName(supersedes), value: normalizeValue(supersedes) } : undefined;
    let closed = 0;
    for (const old of others) {
      const matchesNamed =
        named !== undefined &&
        (old.target_id !== null
          ? this.s.targetNorms.all(old.target_id).some((a) => a.norm === named.norm)
          : old.value !== null && normalizeValue(old.value) === named.value);
      if (!isFunctional(relation) && !matchesNamed) continue;
      if (old.valid_from !== null && old.valid_from > validFrom) {
        // The new fact is the older truth: it held until the first later fact of
        // this relation began, and nothing current changes.
        const next = isFunctional(relation) ? this.s.nextLater.get(sourceId, relation, factId, validFrom) : undefined;
        this.s.closeFact.run(next?.valid_from ?? old.valid_from, now, next?.id ?? old.id, factId);
        return closed;
      }
      this.s.closeFact.run(validFrom, now, factId, old.id);
      closed++;
    }
    return closed;
  }
}
