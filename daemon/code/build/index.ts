// Building a repo's index: buildIndex (build-index.ts) runs the indexers (run-indexer.ts) and
// ingests their SCIP into index.db.next, in a worker thread (worker.ts,
// runner.ts); the coordinator decides what a repo's next build is (a seed
// from a sibling checkout, a syntactic first index, the precise build) and
// paces it against the daemon's other work (pace.ts, slots.ts).
export { buildIndex, type BuildOptions, type BuildOutcome } from './build-index';
export { BuildCoordinator, type BuildCoordinatorOptions, type FirstStart, type Sibling } from './coordinator';
export { BuildRunner } from './runner';
export { nearestSibling } from './seed';
export { BuildSlots, maxBuildsFromEnv } from './slots';
