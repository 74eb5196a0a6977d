// Secret redaction: what memory, logs and providers may see of a text. See
// redact.ts for the passes and the prefilter.
export { redact, redactDeep, type RedactResult } from './redact';
export { redactExtraction } from './extraction';
export { entropy, looksRandom } from './entropy';
