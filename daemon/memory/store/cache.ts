// Statements prepared once per database: a feature's read functions are
// built on first use against a store and kept as long as its connection.
import type { Db } from '../../sqlite';

export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let built = cache.get(db);
    if (built === undefined) {
      built = build(db);
      cache.set(db, built);
    }
    return built;
  };
}

/**
 * The SQL that keeps facts as the world was at `asOf` (valid_from <= t <
 * valid_to), or the current ones (neither closed nor retired). `f` is the
 * facts alias; the parameter, when there is one, is bound twice.
 */
export function validity(asOf: string | undefined): { sql: string; params: string[] } {
  if (asOf === undefined) return { sql: 'f.valid_to IS NULL AND f.expired_at IS NULL', params: [] };
  return { sql: "coalesce(f.valid_from, '') <= ? AND (f.valid_to IS NULL OR f.valid_to > ?)", params: [asOf, asOf] };
}
