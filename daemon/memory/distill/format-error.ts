// The one error every distiller throws for a source in a format this Scry
// does not know (re-exported by sources/source.ts for the sources).

/**
 * A store in a format this Scry cannot read: an unknown version, a schema
 * without the tables or fields it reads, a locked or corrupt database.
 * Every distiller throws this one error, so ingest reports it the same way
 * for every agent: the path and what was expected, nothing stored from it,
 * its cursor left where it was, so a newer Scry picks the source up.
 */
export class UnknownFormatError extends Error {
  override readonly name = 'UnknownFormatError';
  constructor(
    readonly path: string,
    readonly expected: string,
    found?: string,
  ) {
    super(
      `cannot read '${path}'${found ? ` (${found})` : ''}: expected ${expected}; nothing was stored from it, and a Scry that knows this format will read it`,
    );
  }
}
