export { MemoryStore } from './store';
export type { ApplyResult, Cursor, Entity, ExtractionState, Fact, GlossaryEntry, MemoryCounts, MemoryStoreOptions, ProviderState, QueueItem, StoredEpisode } from './store';
export { EpisodeNotFoundError, MemorySchemaError } from './errors';
export { SCHEMA_VERSION } from './schema';
