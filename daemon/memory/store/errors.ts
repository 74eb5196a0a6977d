import { ErrorCode, ScryError } from '../../errors';

export class MemorySchemaError extends ScryError {
  override readonly code = ErrorCode.MemorySchema;
  constructor(readonly file: string, readonly found: number, readonly known: number) {
    super(`memory database '${file}' has schema version ${found}, newer than this Scry knows (${known})`, 'Upgrade Scry, or move the file aside to rebuild memory from the transcripts');
  }
}

export class EpisodeNotFoundError extends ScryError {
  override readonly code = ErrorCode.EpisodeNotFound;
  constructor(readonly episodeId: string) {
    super(`episode '${episodeId}' is not in memory`, 'Ingest its source again (scry memory ingest) or list episodes with scry memory episodes');
  }
}
