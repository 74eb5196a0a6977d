// The distill step of the memory domain: a source file (or run directory) in,
// a DistilledSession out. Pure reads, no model, deterministic.
import type { DistilledSession } from '../episode';
import { distillClaude } from './claude';
import { distillCodex } from './codex';
import type { DiscoverableSource } from './discover';
import { distillRun } from './run';
import { distillSeed } from './seed';

export { distillClaude, distillClaudeBuffer } from './claude';
export { distillCodex, distillCodexBuffer } from './codex';
export { distillRun, RunFormatError } from './run';
export { distillSeed } from './seed';
export { defaultRoots, discoverSources, type DiscoverableSource, type DiscoverOptions, type SourceFile } from './discover';
export { readJsonl, type JsonlStats } from './jsonl';

/** Distills one source of the given kind. */
export function distill(kind: DiscoverableSource, file: string): Promise<DistilledSession> {
  switch (kind) {
    case 'claude':
      return distillClaude(file);
    case 'codex':
      return distillCodex(file);
    case 'run':
      return distillRun(file);
    case 'seed':
      return distillSeed(file);
  }
}
