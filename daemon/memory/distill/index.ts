// The distill step of the memory domain: a source file (or run directory) in,
// a DistilledSession out. Pure reads, no model, deterministic. Which
// distiller reads which kind is declared in ../sources/.
export { distillClaude, distillClaudeBuffer } from './claude';
export { distillCodex, distillCodexBuffer } from './codex';
export { distillRun, RunFormatError } from './run';
export { distillSeed } from './seed';
export { readJsonl, type JsonlStats } from './jsonl';
export { distillAider, distillAiderBuffer } from './aider';
export { UnknownFormatError } from './format-error';
export { distillCopilot, distillCopilotBuffer } from './copilot';
export { distillTask, distillTaskBuffer, type TaskAgent } from './cline';
