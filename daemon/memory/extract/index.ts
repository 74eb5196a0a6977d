// The extraction side of memory: vocabulary, reply schema, prompt, providers,
// the chain over them and the queue worker that drives it.
export { ExtractionChain, utcDay, type Budget, type ChainAttempt, type ChainOptions, type ChainResult } from './chain';
export { ExtractionWorker, type ProgressEvent, type StepResult, type WorkerOptions, type WorkerStatus } from './queue';
export * from './errors';
export type { ExtractReply, ExtractRequest, Provider, ProviderType } from './provider';
export { buildPrompt, PROMPT_MARKER } from './prompt';
export { parseReply } from './reply';
export { ExtractionSchema, type ExtractedEntity, type ExtractedFact, type Extraction } from './schema';
export { canonicalRelation } from './vocabulary';
export * from './providers/index';
