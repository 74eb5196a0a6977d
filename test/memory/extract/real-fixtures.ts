// The real public transcripts under test/fixtures/memory/{claude,codex}/real
// (whatever is there, including fixtures added later), ingested into a real
// memory.db the way a daemon does it: offline extraction at ingest.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ingestFile } from '../../../daemon/memory/ingest';
import { discoverIn, SOURCES } from '../../../daemon/memory/sources';
import { MemoryStore } from '../../../daemon/memory/store';
import { ROOT, tempDir } from '../../helpers';

const FIXTURES = process.env.SCRY_TEST_REAL_FIXTURES ?? path.join(ROOT, 'test', 'fixtures', 'memory');
export const REAL = { claude: path.join(FIXTURES, 'claude', 'real'), codex: path.join(FIXTURES, 'codex', 'real') } as const;

/** Every real transcript file, subagents included, by source. */
export function realFiles(): Array<{ kind: 'claude' | 'codex'; path: string }> {
  const claude = discoverIn(SOURCES.claude, REAL.claude).flatMap((f) => [f.path, ...(f.subagents ?? [])]);
  // Codex rollouts are named rollout-*.jsonl where Codex writes them; the fixtures carry their source's prefix, so take every file.
  const codex = walk(REAL.codex).filter((p) => p.endsWith('.jsonl'));
  return [...claude.map((p) => ({ kind: 'claude' as const, path: p })), ...codex.map((p) => ({ kind: 'codex' as const, path: p }))];
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** A store holding the real fixtures, each file ingested with offline extraction at ingest (or, with `extract: false`, queued only). */
export async function ingestReal(options: { extract: boolean } = { extract: true }): Promise<{ store: MemoryStore; files: number }> {
  const home = tempDir('real-fixtures');
  const store = new MemoryStore(path.join(home, 'memory', 'memory.db'));
  const files = realFiles();
  for (const f of files) {
    const r = await ingestFile(store, f.kind, f.path, { home, ...(options.extract ? { extract: { refine: false } } : {}) });
    if (r.outcome === 'failed') throw new Error(`could not ingest ${f.path}: ${r.error}`);
  }
  return { store, files: files.length };
}
