import { ErrorCode, ScryError } from '../../errors';

export class MemorySchemaError extends ScryError {
  override readonly code = ErrorCode.MemorySchema;
  constructor(
    readonly file: string,
    readonly found: number,
    readonly known: number,
  ) {
    super(
      `memory database '${file}' has schema version ${found}, newer than this Scry knows (${known})`,
      'Upgrade Scry, or move the file aside to rebuild memory from the transcripts',
    );
  }
}

export class EpisodeNotFoundError extends ScryError {
  override readonly code = ErrorCode.EpisodeNotFound;
  constructor(readonly episodeId: string) {
    super(`episode '${episodeId}' is not in memory`, 'Ingest its source again (scry memory ingest) or list episodes with scry memory episodes');
  }
}

export class EntityNotFoundError extends ScryError {
  override readonly code = ErrorCode.EntityNotFound;
  constructor(
    readonly entity: string,
    suggestions: readonly string[] = [],
  ) {
    super(
      `no entity '${entity}' in memory${suggestions.length ? ` (did you mean ${suggestions.map((s) => `'${s}'`).join(', ')}?)` : ''}`,
      'Search with scry memory recall, or list names with scry memory entities',
    );
  }
}

export class FactNotFoundError extends ScryError {
  override readonly code = ErrorCode.FactNotFound;
  constructor(readonly fact: string) {
    super(`no fact '${fact}' in memory`, 'Fact ids are shown by scry memory facts ENTITY and scry memory recall --json');
  }
}

export class AmbiguousEpisodeError extends ScryError {
  override readonly code = ErrorCode.AmbiguousEpisode;
  constructor(
    readonly prefix: string,
    count: number,
  ) {
    super(`episode prefix '${prefix}' matches ${count} episodes`, 'Give more characters of the id (scry memory episodes ENTITY shows them)');
  }
}
