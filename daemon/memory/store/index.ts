export { MemoryStore, type MemoryStoreOptions } from './store';
export type { ApplyResult, Cursor, Entity, ExtractionState, Fact, GlossaryEntry, MemoryCounts, ProviderState, QueueItem, StoredEpisode } from './types';
export type { EpisodeRefRow, FactRow } from './rows';
export { AmbiguousEpisodeError, EntityNotFoundError, EpisodeNotFoundError, FactNotFoundError, MemorySchemaError } from './errors';
export { SCHEMA_VERSION } from './schema';
export type { TurnLines } from './passages';
