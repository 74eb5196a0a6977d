// The precise indexers, each run as a child process in a process group its
// guard kills when the daemon goes (run.ts): scip-typescript, scip-python,
// scip-go and scip-php, what each needs prepared (plan.ts) and whether its
// output is whole (complete.ts).
export { checkImportComplete, missingFromIndex } from './complete';
export { percentOf } from './estimate';
export { type IndexerPlan, type PrepareContext, type Prepared } from './plan';
export { indexerOf, isIndexedLanguage, isIndexedSource, isIndexerCommandLine, type Indexer } from './registry';
export { INDEXER_NICE, INDEXER_PID_FILE, lowerPriority, runProcess } from './run';
