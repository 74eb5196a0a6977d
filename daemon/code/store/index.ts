// One repo's index file: the schema, the write side (ingest.ts, fed SCIP
// documents as they arrive, with what is derived from them once) and the
// read side (store.ts, prepared statements the queries run).
export { exportScip, type ScipExport } from './export';
export { IngestSession, ingestScip, type IngestResult } from './ingest';
export { SCHEMA_VERSION } from './schema';
export { CodeStore, SchemaVersionError, SYMBOL_COLUMNS, type IndexMeta, type OccurrenceRow, type SymbolRecord } from './store';
