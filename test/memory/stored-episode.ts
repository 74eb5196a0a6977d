// An episode written straight into a real MemoryStore, as ingest would store
// one of a Claude Code session (for tests of what the store does with it).
import type { MemoryStore } from '../../daemon/memory/store';

export interface StoredEpisode {
  id: string;
  session: string;
  text: string;
  /** The session's time; 1 February 2026 unless given. */
  occurredAt?: string;
  repoRoot?: string;
}

export function storeEpisode(store: MemoryStore, e: StoredEpisode): void {
  store.episodes.add({
    id: e.id,
    source: 'claude',
    sourcePath: `/t/${e.session}.jsonl`,
    sessionId: e.session,
    lineStart: 1,
    lineEnd: 2,
    occurredAt: e.occurredAt ?? '2026-02-01T00:00:00.000Z',
    text: e.text,
    summary: e.text.slice(0, 40),
    tokens: 10,
    ...(e.repoRoot !== undefined ? { repoRoot: e.repoRoot } : {}),
  });
}
