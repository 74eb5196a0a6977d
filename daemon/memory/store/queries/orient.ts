// The reads behind orientation: a repository's project entity, its facts and
// those of entities recorded under it, its latest sessions, and projects
// active elsewhere. A repository may be recorded under several spellings
// (`keys`), so these statements are built for the number of keys asked.
import type { FactRow } from '../rows';
import type { MemoryStore } from '../store';

const CURRENT = 'f.valid_to IS NULL AND f.expired_at IS NULL';

export function orientReads(store: MemoryStore, keys: readonly string[]) {
  const db = store.db;
  const inKeys = `(${keys.map(() => '?').join(', ')})`;
  const collate = process.platform === 'win32' ? ' COLLATE NOCASE' : '';
  type Project = { id: number; name: string };
  return {
    projectOfRepo: (): Project | undefined =>
      db
        .prepare<string[], Project>(`SELECT id, name FROM entities WHERE type = 'project' AND repo${collate} IN ${inKeys} ORDER BY updated_at DESC LIMIT 1`)
        .get(...keys),
    projectNamed: (norm: string): Project | undefined =>
      db.prepare<[string], Project>(`SELECT id, name FROM entities WHERE type = 'project' AND norm = ? LIMIT 1`).get(norm),
    currentFactsOf: (id: number): FactRow[] =>
      db
        .prepare<[number, number], FactRow>(`SELECT f.* FROM facts f WHERE (f.source_id = ? OR f.target_id = ?) AND ${CURRENT} ORDER BY f.id DESC LIMIT 40`)
        .all(id, id),
    /** Current facts of entities that belong to the repository (its services, its decisions). */
    repoFacts: (): FactRow[] =>
      db
        .prepare<string[], FactRow>(
          `SELECT f.* FROM facts f WHERE f.source_id IN (SELECT id FROM entities WHERE repo${collate} IN ${inKeys} ORDER BY updated_at DESC LIMIT 50) AND ${CURRENT} ORDER BY f.id DESC LIMIT 40`,
        )
        .all(...keys),
    /**
     * The latest sessions, one line each: a session's subagents count as part of it, and
     * its line is its latest episode of its own (a subagent's only when it has none).
     */
    latestSessions: (): Array<{ seq: number; summary: string; occurred_at: string; source: string }> =>
      db
        .prepare<string[], { seq: number; summary: string; occurred_at: string; source: string }>(
          `SELECT seq, summary, occurred_at, source FROM (
             SELECT seq, summary, occurred_at, source, row_number() OVER (
               PARTITION BY coalesce(parent_session_id, session_id) ORDER BY (parent_session_id IS NULL) DESC, occurred_at DESC, seq DESC) AS rn
             FROM episodes WHERE repo_root${collate} IN ${inKeys} AND source <> 'manual')
           WHERE rn = 1 ORDER BY occurred_at DESC LIMIT 3`,
        )
        .all(...keys),
    otherProjects: (except: number): Array<{ id: number; name: string; updated_at: string; n: number }> =>
      db
        .prepare<[number], { id: number; name: string; updated_at: string; n: number }>(
          `SELECT e.id, e.name, e.updated_at, (SELECT count(*) FROM facts f WHERE f.source_id = e.id AND ${CURRENT}) AS n
      FROM entities e WHERE e.type = 'project' AND e.id <> ? ORDER BY e.updated_at DESC LIMIT 4`,
        )
        .all(except),
  };
}
