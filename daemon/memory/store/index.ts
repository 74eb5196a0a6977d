export { MemoryStore } from './store';
export type { ApplyResult, Cursor, Entity, ExtractionState, Fact, FactRow, GlossaryEntry, MemoryCounts, MemoryStoreOptions, ProviderState, QueueItem, StoredEpisode } from './store';
export { AmbiguousEpisodeError, EntityNotFoundError, EpisodeNotFoundError, FactNotFoundError, MemorySchemaError } from './errors';
export { SCHEMA_VERSION } from './schema';
